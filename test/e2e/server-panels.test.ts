// The servers page and an App's view as a person reads them, with real failing servers: a
// command that is not on PATH and a URL where nothing listens say what is wrong in a headline,
// with the technical text behind Details and the Retry the advice names; the header stays in
// view and says the status once; the Tools tab's columns line up and say "untrusted" once; a run
// by hand shows its result in view; the Logs tab has one row per request and its answer; an App
// shown full width widens its card instead of overlapping it.
import type { Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { skipWhen } from '../skip-reasons';
import { askInNewChat, basicAppServer, cardOf, liveView } from './helpers/apps';
import { AxeTally, describeFindings } from './helpers/axe';
import { referenceServer } from './helpers/core';
import { allowOnce } from './helpers/questions';
import { openServerWindow, type ServerWindow } from './helpers/server-window';
import { ROOT } from './harness';

const MISSING = 'uvx-lena-not-installed';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 720, height: 560 },
] as const;

/** Screenshots of the page as it is, at 1280 and 720 px, light and dark. */
async function shots(w: ServerWindow, name: string, before?: () => Promise<void>): Promise<void> {
  const { page } = w.app;
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await before?.();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await w.app.screenshot(`${name}-${size.width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES[0]);
}

const box = async (l: Locator) => (await l.boundingBox())!;

const tally = new AxeTally();
/**
 * axe on the screen as it is, light and dark: nothing critical, serious or moderate in Lena's own
 * DOM (an App's page inside its frames is the server's).
 */
async function noFindings(page: Page, screen: string): Promise<void> {
  await tally.scan(page, screen);
  const found = tally.findings.filter(
    (f) =>
      f.screen === screen && f.impact !== 'minor' && f.nodes.some((n) => !n.startsWith('iframe ')),
  );
  expect(found, describeFindings(found)).toEqual([]);
}

describe.skipIf(skipWhen('no-browser'))('server panels and App views, read by a person', () => {
  let w: ServerWindow;
  let page: Page;
  beforeAll(async () => {
    w = await openServerWindow({
      name: 'panels',
      servers: {
        fetch: { command: MISSING, args: ['mcp-server-fetch'] },
        down: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
        every: { command: process.execPath, args: [referenceServer('everything')] },
        basic: basicAppServer(),
        // Sandboxed, and it tries a host its sandbox does not allow before it answers.
        boxed: {
          command: process.execPath,
          args: [join(ROOT, 'test/fixtures/mcp/sandbox-probe.mjs')],
          env: { PROBE_FETCH_ON_START: 'http://127.0.0.1:9/' },
          sandbox: true,
        },
      },
      window: { questionArmingMs: 0, viewport: SIZES[0] },
    });
    page = w.app.page;
    await page.getByRole('button', { name: /of 5 servers/ }).waitFor({ timeout: 60_000 });
  });
  afterAll(async () => {
    await w?.dispose();
  });

  const open = async (name: string, tab = 'Overview') => {
    if ((await page.locator('.servers-page').count()) === 0)
      await page
        .getByRole('button', { name: /servers$/ })
        .first()
        .click();
    await page.locator(`.server-list [data-server="${name}"]`).click();
    await page.getByRole('tab', { name: tab }).click();
  };

  it('a command not on PATH: the headline names it, the PATH waits behind Details, Retry exists', async () => {
    await open('fetch');
    const note = page.locator('.server-detail .error-note');
    const title = note.locator('.error-note-title');
    await expect
      .poll(() => title.textContent(), { timeout: 30_000 })
      .toContain(`\`${MISSING}\` is not installed or not on PATH`);
    expect(await title.textContent()).not.toMatch(/\/usr\/bin|PATH \(/);
    // The whole message, PATH and all, is one click away and not shown before it.
    const details = note.locator('details').filter({ hasText: 'Details' });
    expect(await details.locator('pre').isVisible()).toBe(false);
    await shots(w, 'panels-error-command');
    await noFindings(page, 'server error');
    await details.locator('summary').click();
    expect(await details.locator('pre').textContent()).toMatch(/not found on PATH \(.*\/usr\/bin/);
    // The advice names Edit; the buttons it and the restart policy name are there.
    expect(await note.textContent()).toMatch(/Install `uvx-lena-not-installed`.*\(Edit\)/);
    for (const name of ['Retry', 'Edit', 'Open logs'])
      expect(await note.getByRole('button', { name }).count()).toBe(1);
    // Retry is the failed server's restart: not a second button with another name.
    expect(await page.getByRole('button', { name: 'Restart', exact: true }).count()).toBe(0);
    // Facts the server never gave are left out, not drawn as "—"; the status is said once.
    expect(await page.locator('.server-detail dd').allTextContents()).not.toContain('—');
    expect(await page.locator('.server-detail').textContent()).not.toMatch(/—/);
    expect(await page.locator('.server-detail .status-word').count()).toBe(1);
    expect(await page.locator('.server-list').textContent()).not.toMatch(/—/);
    await note.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => title.textContent()).toContain(`\`${MISSING}\` is not installed`);
  });

  it.skipIf(skipWhen('no-sandbox'))(
    'a sandboxed server says what it may do and which host it was refused',
    async () => {
      await open('boxed');
      const facts = page.getByTestId('server-sandbox');
      await expect
        .poll(() => facts.textContent(), { timeout: 30_000 })
        .toContain('blocked: 127.0.0.1');
      const said = await facts.textContent();
      expect(said).toContain('Sandboxed');
      expect(said).toContain('can write only to its working folder');
      expect(said).toContain('no network');
      expect(await facts.getByRole('button', { name: 'Edit the entry' }).count()).toBe(1);
      await shots(w, 'panels-sandbox');
    },
  );

  it('a URL where nothing listens: "Nothing answers at 127.0.0.1:9"', async () => {
    await open('down');
    const title = page.locator('.server-detail .error-note-title');
    await expect
      .poll(() => title.textContent(), { timeout: 30_000 })
      .toContain('Nothing answers at 127.0.0.1:9');
    expect(await title.textContent()).not.toMatch(/ECONNREFUSED|discover/);
    await shots(w, 'panels-error-url');
  });

  it('the header stays in view, is no smaller than the list, and the Tools tab lines up', async () => {
    await open('every', 'Tools');
    const rows = page.locator('.tool-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(5);
    // "hint from an untrusted server" is said once, above the list, not on every tool.
    expect(await page.getByText('hint from an untrusted server').count()).toBe(0);
    expect(await page.getByTestId('untrusted-hints-note').count()).toBe(1);
    // Each column starts (or, for numbers, ends) at the same x on every row.
    const xs = async (selector: string, edge: 'left' | 'right') =>
      new Set(
        await rows
          .locator(selector)
          .evaluateAll(
            (els, e) => els.map((el) => Math.round(el.getBoundingClientRect()[e])),
            edge,
          ),
      );
    expect((await xs('.tool-names', 'left')).size).toBe(1);
    expect((await xs('.tool-pin', 'left')).size).toBe(1);
    expect((await xs('.tool-tokens', 'right')).size).toBe(1);
    expect((await xs('button', 'left')).size).toBe(1);
    const size = (sel: string) =>
      page.locator(sel).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size('.server-head h2')).toBeGreaterThanOrEqual(
      await size('.server-list [data-server="every"] strong'),
    );
    // Scrolled to the last tool, the name, status and tabs are still at the top.
    await rows.last().scrollIntoViewIfNeeded();
    const head = await box(page.getByTestId('server-head'));
    const tabs = await box(page.getByRole('tablist', { name: 'Server detail' }));
    expect(tabs.y).toBeGreaterThanOrEqual(head.y);
    expect(head.y).toBeGreaterThanOrEqual(0);
    expect(head.y).toBeLessThan(200);
    await shots(w, 'panels-tools', async () => void (await rows.first().scrollIntoViewIfNeeded()));
    await noFindings(page, 'server tools, aligned');
  });

  it('a tool run by hand shows its result in view', async () => {
    await open('every', 'Tools');
    await page.setViewportSize(SIZES[1]);
    await page.getByRole('button', { name: 'Run echo by hand' }).click();
    const form = page.getByRole('region', { name: 'Run echo' });
    await form.getByLabel(/^message\b/).fill('hello from the panel test');
    // The Run button at the bottom edge of the window: the result comes below it, out of view.
    const run = form.getByRole('button', { name: 'Run echo' });
    await run.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await run.click();
    const status = form.getByRole('status').filter({ hasText: /Done in/ });
    await status.waitFor({ timeout: 30_000 });
    const shown = await box(status);
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.y + shown.height).toBeLessThanOrEqual(SIZES[1].height);
    expect(await form.getByRole('group', { name: 'Tool result text' }).textContent()).toContain(
      'hello from the panel test',
    );
    await w.app.screenshot('panels-run-result-720-light');
    await noFindings(page, 'a tool run by hand, its result');
    await form.getByRole('button', { name: 'Close' }).click();
    await page.setViewportSize(SIZES[0]);
  });

  it('the Logs tab has one row per request and its answer, expandable to both', async () => {
    await open('every', 'Logs');
    const log = page.getByRole('log', { name: 'Log of every' });
    const list = log.getByRole('button', { name: /→ request tools\/list #\d+ \d+ ms .*response/ });
    await list.first().waitFor({ timeout: 30_000 });
    // No answer has a row of its own: each sits on its request's row.
    expect(await log.getByRole('button', { name: /^\S+ ← response/ }).count()).toBe(0);
    expect(await log.getByRole('button', { name: /^\S+ → response/ }).count()).toBe(0);
    const requests = await log.getByRole('button', { name: /^\S+ [→←] request / }).count();
    expect(requests).toBeGreaterThan(3);
    await list.first().click();
    const request = log.getByRole('group', { name: 'request tools/list' });
    const response = log.getByRole('group', { name: 'response tools/list' });
    await expect.poll(() => response.textContent()).toContain('"tools"');
    expect(await request.textContent()).toContain('"method": "tools/list"');
    await shots(
      w,
      'panels-logs-expanded',
      async () => void (await list.first().scrollIntoViewIfNeeded()),
    );
    await noFindings(page, 'server logs, a request expanded');
    await list.first().click();
  });

  it('an App shown full width widens its card instead of overlapping it', async () => {
    w.api.push(
      reply(toolUse('mcp__basic__get-time', {}, 'toolu_panels_time')),
      reply(text('Here is the time.')),
    );
    await askInNewChat(page, 'What time is it on the server?');
    await allowOnce(page);
    await page.getByText('Here is the time.').waitFor({ timeout: 30_000 });
    const card = cardOf(page, 'basic · Get Time');
    const { box: view } = await liveView(card);
    const before = await box(card);
    await card.getByRole('button', { name: 'Full width' }).click();
    await expect.poll(async () => (await box(card)).width).toBeGreaterThan(before.width + 40);
    const pane = await page
      .getByTestId('message-scroller')
      .evaluate((el) => el.clientWidth - 2 * parseFloat(getComputedStyle(el).paddingLeft));
    const wide = await box(card);
    const frame = await box(view);
    // The card takes the pane's width, and the view stays inside its card.
    expect(Math.abs(wide.width - pane)).toBeLessThanOrEqual(2);
    expect(frame.x).toBeGreaterThanOrEqual(wide.x);
    expect(frame.x + frame.width).toBeLessThanOrEqual(wide.x + wide.width);
    await shots(w, 'panels-app-full-width', async () => void (await card.scrollIntoViewIfNeeded()));
    await noFindings(page, 'App full width');
    await card.getByRole('button', { name: 'Back to the card' }).click();
    await expect.poll(async () => (await box(card)).width).toBeLessThan(before.width + 2);
  });
});
