// The servers page as an inspector (issue 16), in Chromium against the real core and a real SDK
// server (test/fixtures/mcp/inspect-peer.mjs): a tool with nested arguments run by hand from the
// Tools tab (problems shown at their fields, the result in the chat's result view, "run by hand" in
// the record, a deny rule refusing it, a long run's progress bar), and the Logs tab's rows expanded by keyboard and filtered
// by stream and direction; screenshots wide and narrow, light and dark; axe on both views.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { ROOT } from './harness';
import { AxeTally, describeFindings } from './helpers/axe';
import { openWindow, type WindowSession } from './helpers/session';

const PEER = resolve(ROOT, 'test/fixtures/mcp/inspect-peer.mjs');

describe.skipIf(skipWhen('no-browser'))('the servers page as an inspector', () => {
  let app: WindowSession;
  let home: string;
  const tally = new AxeTally();

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-inspect-'));
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({ mcpServers: { shop: { command: process.execPath, args: [PEER] } } }),
    );
    app = await openWindow({ home });
  });
  afterAll(async () => {
    tally.write();
    await app?.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  it('runs a tool with nested arguments from a form made of its schema', async () => {
    const { page } = app;
    await page
      .getByRole('button', { name: /servers?$/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^shop/ }).click();
    await expect
      .poll(() => page.locator('.server-detail .status-word').first().textContent(), {
        timeout: 30_000,
      })
      .toBe('Connected');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByRole('button', { name: 'Run create_order by hand' }).click();
    const form = page.getByRole('region', { name: 'Run create_order' });
    const customer = form.getByRole('group', { name: /^customer/ });
    const items = form.getByRole('group', { name: /^items/ });
    // Run with the required fields empty: nothing is sent, each problem sits at its field.
    await form.getByRole('button', { name: 'Run create_order' }).click();
    await form.getByRole('alert').filter({ hasText: 'fields need fixing' }).waitFor();
    const name = customer.getByLabel('name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(
      await page
        .locator(`#${(await name.getAttribute('aria-describedby'))!.split(' ').at(-1)}`)
        .textContent(),
    ).toBe('Required.');
    expect(await form.getByLabel('priority').inputValue()).toBe('1'); // the schema's default, "normal"
    await app.screenshot('inspector-run-problems');

    await name.fill('Ada');
    await customer.getByLabel('email').fill('ada@example.com');
    const first = items.getByRole('group', { name: 'items 1' });
    await first.getByLabel('sku').fill('A-1');
    await first.getByLabel('quantity').fill('2');
    await items.getByRole('button', { name: '+ Add to items' }).click();
    const second = items.getByRole('group', { name: 'items 2' });
    await second.getByLabel('sku').fill('B-2');
    await second.getByLabel('quantity').fill('1');
    await form.getByLabel('priority').selectOption({ label: 'high' });
    await form.getByLabel('gift').selectOption({ label: 'true' });
    await form.getByLabel(/^extra/).fill('{"rush": true}');
    // Enter in a field never runs the tool; only the Run button does.
    await second.getByLabel('quantity').press('Enter');
    expect(await form.getByRole('status').count()).toBe(0);
    await form.getByRole('button', { name: 'Run create_order' }).click();
    const status = form.getByRole('status');
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toMatch(/✓ Done in .* · run by hand/);
    // The chat's own result view: the text block, and the structured content as JSON.
    expect(await form.getByRole('group', { name: 'Tool result text' }).textContent()).toBe(
      'Order for Ada: 2 × A-1, 1 × B-2; priority high; gift wrapped; extra {"rush":true}',
    );
    expect(await form.getByRole('group', { name: 'structured content' }).textContent()).toContain(
      '"email": "ada@example.com"',
    );
    await app.screenshot('inspector-run-done');
    await page.setViewportSize({ width: 720, height: 540 });
    await status.scrollIntoViewIfNeeded();
    await app.screenshot('inspector-run-narrow');
    await page.setViewportSize({ width: 1200, height: 800 });
    const found = await tally.scan(page, 'run a tool by hand');
    expect(found, describeFindings(found)).toEqual([]);
  });

  it('refuses the run under a deny rule, saying which rule and how to lift it', async () => {
    const { page } = app;
    const services = await app.host.services();
    await services.runtime.permissions.addRule('deny', { rule: 'mcp__shop__create_order' });
    try {
      const form = page.getByRole('region', { name: 'Run create_order' });
      await form.getByRole('button', { name: 'Run create_order' }).click();
      await expect
        .poll(() => form.getByRole('status').textContent(), { timeout: 20_000 })
        .toMatch(/⊘ Denied · rule deny mcp__shop__create_order/);
      expect(await form.locator('.run-outcome').textContent()).toContain(
        "remove that rule in Lena's settings to let it run",
      );
      expect(await form.getByRole('group', { name: 'Tool result text' }).count()).toBe(0);
      await page.emulateMedia({ colorScheme: 'dark' });
      await app.screenshot('inspector-run-denied-dark');
      await page.emulateMedia({ colorScheme: 'light' });
    } finally {
      await services.runtime.permissions.removeRule('deny', 'mcp__shop__create_order');
    }
    // Escape closes the form, not the page; focus goes back to its button; the values are kept.
    const form = page.getByRole('region', { name: 'Run create_order' });
    await form.getByLabel('priority').focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => form.count()).toBe(0);
    const open = page.getByRole('button', { name: 'Run create_order by hand' });
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('heading', { name: 'MCP servers' }).isVisible()).toBe(true);
    await open.press('Enter');
    expect(
      await form
        .getByRole('group', { name: /^customer/ })
        .getByLabel('name')
        .inputValue(),
    ).toBe('Ada');
    expect(
      await form
        .getByRole('group', { name: /^customer/ })
        .getByLabel('name')
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
  });

  it('shows a long run with its elapsed time, and Cancel really cancels it', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Run wait by hand' }).click();
    const form = page.getByRole('region', { name: 'Run wait' });
    await form.getByLabel('ms').fill('60000');
    await form.getByRole('button', { name: 'Run wait' }).click();
    await expect.poll(() => form.getByRole('timer').textContent()).toMatch(/elapsed$/);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent(), { timeout: 20_000 })
      .toMatch(/■ Cancelled in .* · run by hand/);
    expect(await form.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('shows the progress a long run reports, with a bar, until it is done', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Run steps by hand' }).click();
    const form = page.getByRole('region', { name: 'Run steps' });
    await form.getByLabel(/^n\b/).fill('8');
    await form.getByLabel(/^ms\b/).fill('600');
    await form.getByRole('button', { name: 'Run steps' }).click();
    const progress = form.locator('.run-progress');
    await expect
      .poll(() => progress.textContent(), { timeout: 20_000 })
      .toMatch(/^step [2-7] of 8 · \d+ %$/);
    const bar = form.getByRole('progressbar');
    expect(Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(2);
    expect(await bar.getAttribute('max')).toBe('8');
    await app.screenshot('inspector-run-progress');
    await expect
      .poll(() => form.getByRole('status').last().textContent(), { timeout: 20_000 })
      .toMatch(/✓ Done in .* · run by hand/);
    expect(await progress.count()).toBe(0);
    expect(await form.getByRole('group', { name: 'Tool result text' }).textContent()).toBe(
      'did 8 steps',
    );
    await page.keyboard.press('Escape');
  });

  it('shows the log as rows: expand by keyboard, filter by stream and direction', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Logs' }).click();
    const log = page.getByRole('log', { name: 'Log of shop' });
    await expect
      .poll(() => log.textContent(), { timeout: 10_000 })
      .toMatch(/→ request initialize #\d+/);
    // One row per request and its answer: the time it took and the answer's size on the request's
    // row, never a row of its own.
    const call = log
      .getByRole('button', { name: /→ request tools\/call #\d+ \d+ ms .* · response / })
      .first();
    await call.waitFor();
    expect(await log.getByRole('button', { name: /^\S+ ← response/ }).count()).toBe(0);
    expect(
      await log.getByRole('button', { name: /stderr inspect-peer: starting up/ }).count(),
    ).toBe(1);
    expect(
      await log
        .getByRole('button', { name: /• create_order refused \(rule deny mcp__shop__create_order/ })
        .count(),
    ).toBe(1);

    // One Tab stop: focus a row, move with the arrows, Enter expands it to its pretty JSON.
    await call.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    expect(await call.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await call.getAttribute('aria-expanded')).toBe('true');
    const body = log.getByRole('group', { name: 'request tools/call' }).first();
    await expect.poll(() => body.textContent()).toContain('"name": "create_order"');
    expect(await body.textContent()).toContain('"customer": {\n');
    await app.screenshot('inspector-logs-expanded');
    await page.emulateMedia({ colorScheme: 'dark' });
    await app.screenshot('inspector-logs-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    let found = await tally.scan(page, 'server log rows');
    expect(found, describeFindings(found)).toEqual([]);
    await page.keyboard.press('Space');
    expect(await call.getAttribute('aria-expanded')).toBe('false');

    // A message over 64 KB is kept cut, and says its original size.
    await app.host.dispatch(
      'servers:run-tool',
      { server: 'shop', tool: 'big', arguments: { kb: 200 } },
      { senderUrl: 'test' },
    );
    const bigRow = log.getByRole('button', {
      name: /→ request tools\/call #\d+ .* · response 200\.\d KB \(cut\)/,
    });
    await bigRow.waitFor({ timeout: 10_000 });
    await bigRow.click();
    await expect
      .poll(() =>
        log.getByText(/Cut: the log keeps the first 64\.0 KB of this 200\.\d KB message/).count(),
      )
      .toBe(1);
    await bigRow.click();

    // The box fills the height left in the page.
    const gap = await page.evaluate(() => {
      const box = document.querySelector('.logs-tab .log-view')!.getBoundingClientRect();
      const pageEl = document.querySelector('.page')!.getBoundingClientRect();
      return pageEl.bottom - box.bottom;
    });
    expect(gap).toBeLessThan(120);

    // Streams: stderr only.
    await page.getByRole('checkbox', { name: 'Protocol' }).uncheck();
    await page.getByRole('checkbox', { name: 'Lena' }).uncheck();
    await expect.poll(() => log.textContent()).not.toMatch(/request|→|←/);
    expect(await log.textContent()).toContain('handling create_order');
    await page.getByRole('checkbox', { name: 'Protocol' }).check();
    await page.getByRole('checkbox', { name: 'Lena' }).check();
    // Direction: what Lena sent only.
    await page.getByLabel('Direction').selectOption('out');
    await expect.poll(() => log.textContent()).not.toMatch(/←|stderr/);
    expect(await log.textContent()).toMatch(/→ request tools\/call/);
    await page.getByLabel('Direction').selectOption('in');
    await expect.poll(() => log.textContent()).not.toMatch(/→/);
    expect(await log.textContent()).toMatch(/← notification notifications\/progress/);
    await page.getByLabel('Direction').selectOption('all');
    await page.setViewportSize({ width: 720, height: 540 });
    await app.screenshot('inspector-logs-narrow');
    await page.emulateMedia({ colorScheme: 'dark' });
    await app.screenshot('inspector-logs-narrow-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    found = await tally.scan(page, 'server log rows, narrow');
    await page.setViewportSize({ width: 1200, height: 800 });
    expect(found, describeFindings(found)).toEqual([]);
  });
});
