// Servers in the window against the real core and real reference servers: add one through the
// form (a pasted command line), see it connect and list its tools, break its command and see the
// failure with its hint and stderr; invalid JSON in the editor is flagged at its line and never
// saved; `/mcp reload` and `/mcp` in the composer. (Issue 7 flows 4, 5 and 6.)
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { referenceServer } from './helpers/core';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('servers in the window', () => {
  let app: WindowSession;
  beforeAll(async () => {
    app = await openWindow();
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it('adds a server from a pasted command line, connects and lists its tools', async () => {
    const { page } = app;
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    await page.getByRole('button', { name: '+ Add server' }).click();
    await page.getByLabel('Name').fill('memory');
    const command = page.getByLabel('Command', { exact: true });
    await command.focus();
    // A real paste: the clipboard event carries the whole line.
    await page.evaluate(
      (line) => {
        const dt = new DataTransfer();
        dt.setData('text', line);
        document.activeElement?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
        );
      },
      `"${process.execPath}" "${referenceServer('memory')}"`,
    );
    expect(await command.inputValue()).toBe(process.execPath);
    expect(await page.getByLabel('Argument 1', { exact: true }).inputValue()).toBe(
      referenceServer('memory'),
    );
    await app.screenshot('servers-add-form');
    await page.getByRole('button', { name: 'Add server', exact: true }).click();
    await expect
      .poll(() => page.locator('.server-detail .status-word').first().textContent(), {
        timeout: 30_000,
      })
      .toBe('Connected');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await expect
      .poll(() => page.getByText('create_entities').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await app.screenshot('servers-tools');
    const toggle = page.getByRole('switch', { name: 'Enable create_entities' });
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(false);
    const tools = (await app.host.dispatch(
      'servers:tools',
      { name: 'memory' },
      { senderUrl: 'test' },
    )) as { value: { name: string; enabled: boolean }[] };
    expect(tools.value.find((t) => t.name === 'create_entities')?.enabled).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => page.getByText(/✓ Connected in .* to memory-server/).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
  });

  it('keeps an environment value in the secret store as ${secret:NAME}', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Configuration' }).click();
    const env = page.getByRole('group', { name: 'Environment' });
    await env.getByRole('button', { name: '+ Add' }).click();
    await env.getByLabel('Environment name 1').fill('MEMORY_TOKEN');
    const value = env.getByLabel('Environment value 1');
    await value.fill('s3cret-value');
    expect(await value.getAttribute('type')).toBe('password');
    await env.getByRole('button', { name: 'Keep as secret' }).click();
    await expect.poll(() => value.inputValue()).toBe('${secret:MEMORY_MEMORY_TOKEN}');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText(/Saved\./)
      .first()
      .waitFor();
    const saved = readFileSync(`${app.home}/mcp.json`, 'utf8');
    expect(saved).toContain('${secret:MEMORY_MEMORY_TOKEN}');
    expect(saved).not.toContain('s3cret-value');
    await expect
      .poll(() => page.locator('.server-detail .status-word').first().textContent(), {
        timeout: 30_000,
      })
      .toBe('Connected');
  });

  it('shows the protocol log, filterable', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Logs' }).click();
    const log = page.getByRole('log', { name: 'Log of memory' });
    await expect.poll(() => log.textContent(), { timeout: 10_000 }).toMatch(/→ request initialize/);
    await page.getByLabel('Filter log lines').fill('tools/list');
    await expect.poll(() => log.textContent()).toMatch(/tools\/list/);
    expect(await log.textContent()).not.toMatch(/initialize/);
    await app.screenshot('servers-logs');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save log' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('memory-log.txt');
    await page.getByLabel('Filter log lines').fill('');
  });

  it('shows a broken command as failed, with the hint and the stderr tail one click away', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByLabel('Command', { exact: true }).fill(process.execPath);
    await page.getByLabel('Argument 1', { exact: true }).fill('-e');
    await page.getByRole('button', { name: '+ Add argument' }).click();
    await page
      .getByLabel('Argument 2', { exact: true })
      .fill("console.error('boom: MEMORY_FILE_PATH is not writable'); process.exit(3)");
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('tab', { name: 'Overview' }).click();
    // Lena restarts it a few times before giving up; either status shows the cause (one status).
    await expect
      .poll(() => page.locator('.server-detail .status-word').first().textContent(), {
        timeout: 30_000,
      })
      .toMatch(/^(Failed|Restarting in \d+ s|Restarting…)$/);
    await page.getByText('Server output (stderr)').click();
    await expect
      .poll(() => page.getByTestId('stderr-tail').textContent())
      .toContain('boom: MEMORY_FILE_PATH is not writable');
    await app.screenshot('servers-failed');
  });

  it('flags invalid JSON at its line in the editor and saves nothing', async () => {
    const { page } = app;
    const before = readFileSync(`${app.home}/mcp.json`, 'utf8');
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByRole('tab', { name: 'JSON' }).click();
    const editor = page.locator('.json-editor .cm-content');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await page.keyboard.type(',');
    await expect
      .poll(() => page.getByRole('alert', { name: 'Problems' }).textContent())
      .toMatch(/Line \d+:.*trailing comma|Line \d+:.*expected/);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => page.locator('.cm-lint-marker-error').count()).toBeGreaterThan(0);
    await app.screenshot('servers-json-invalid');
    expect(readFileSync(`${app.home}/mcp.json`, 'utf8')).toBe(before);
    await page.getByRole('button', { name: 'Revert' }).click();
    expect(await page.getByRole('alert', { name: 'Problems' }).count()).toBe(0);
  });

  it('runs /mcp reload and /mcp in the composer', async () => {
    const { page } = app;
    await page.keyboard.press('Control+n');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('/mcp rel');
    await box.press('Tab');
    expect(await box.inputValue()).toBe('/mcp reload ');
    await box.press('Enter');
    await expect
      .poll(() => page.getByText(/Reloaded the configuration: 1 server/).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await box.fill('/mcp');
    await box.press('Enter');
    await expect.poll(() => page.locator('.mcp-status li').count()).toBeGreaterThan(0);
    expect(await page.locator('.mcp-status').first().textContent()).toContain('memory');
    await app.screenshot('servers-mcp-commands');
    await box.fill(`/mcp add scratch "${process.execPath}" "${referenceServer('memory')}"`);
    await box.press('Enter');
    await expect
      .poll(() => page.getByText(/^Added scratch to your servers/).count(), { timeout: 30_000 })
      .toBe(1);
    await expect
      .poll(() => page.getByRole('button', { name: / of 2 servers$/ }).count(), { timeout: 30_000 })
      .toBe(1);
    await box.fill('/mcp remove scratch');
    await box.press('Enter');
    await expect
      .poll(() => page.getByText('Removed scratch.').count(), { timeout: 30_000 })
      .toBe(1);
    expect(readFileSync(`${app.home}/mcp.json`, 'utf8')).not.toContain('scratch');
  });
});
