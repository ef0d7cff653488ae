// Issue 15's fixes on the servers page, as the user sees them: a server Lena restarts by itself
// shows one status ("Restarting in N s", never next to "Failed"); the form keeps what was saved
// (the timeout field showed empty after Save); a value masked in the form is masked in the JSON
// tab too, with Reveal.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { referenceServer } from './helpers/core';
import { openWindow, type WindowSession } from './helpers/session';

const SECRET = 'sk-live-0123456789abcdef';

describe.skipIf(skipWhen('no-browser'))('servers page fixes', () => {
  let app: WindowSession;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-server-fixes-'));
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          memory: {
            command: process.execPath,
            args: [referenceServer('memory')],
            env: { API_TOKEN: SECRET, LOG_LEVEL: 'info' },
          },
          crashy: {
            command: process.execPath,
            args: ['-e', "console.error('boom: the database is locked'); process.exit(3)"],
          },
        },
      }),
    );
    app = await openWindow({ home });
  });
  afterAll(async () => {
    await app?.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  const open = async (name: string) => {
    const { page } = app;
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  };

  it('a server that Lena restarts by itself shows one status, never "Failed" next to "restarting"', async () => {
    const { page } = app;
    await open('crashy');
    const word = page.locator('.server-detail .status-word').first();
    await expect
      .poll(() => word.textContent(), { timeout: 30_000 })
      .toMatch(/^Restarting in \d+ s$/);
    const detail = page.locator('.server-detail');
    const text = (await detail.textContent()) ?? '';
    expect(text).toContain('boom: the database is locked');
    expect(text).not.toMatch(/Failed/);
    expect(text).not.toMatch(/restarting in/);
    // The cause first: the server's own last words, open, above the fold even at 900 × 600.
    await page.setViewportSize({ width: 900, height: 600 });
    const cause = page.getByTestId('stderr-cause');
    expect(await cause.textContent()).toContain('boom: the database is locked');
    expect(
      ((await cause.boundingBox())?.y ?? 1e9) + ((await cause.boundingBox())?.height ?? 0),
    ).toBeLessThanOrEqual(600);
    await app.screenshot('servers-restarting-900');
    await page.setViewportSize({ width: 1200, height: 800 });
    expect(
      await page.locator('.server-list [data-server="crashy"] .status-word').textContent(),
    ).toMatch(/^Restarting/);
    // The sidebar's footer details (its tooltip) say restarting, not failed.
    expect(await page.getByTestId('servers-summary').getAttribute('title')).toMatch(/1 restarting/);
    expect(await page.getByTestId('servers-summary').getAttribute('title')).not.toMatch(/failed/);
    await app.screenshot('servers-restarting');
  });

  it('after Save the form shows what was saved (the timeout too)', async () => {
    const { page } = app;
    await open('memory');
    await expect
      .poll(() => page.locator('.server-detail .status-word').first().textContent(), {
        timeout: 60_000,
      })
      .toBe('Connected');
    await page.getByRole('tab', { name: 'Configuration' }).click();
    const timeout = page.getByLabel('Request timeout (s)');
    await timeout.fill('45');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText('Saved. The server restarts with the new configuration.')
      .waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.locator('.server-detail .status-word').first().textContent(), {
        timeout: 60_000,
      })
      .toBe('Connected');
    expect(await timeout.inputValue()).toBe('45');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await app.screenshot('servers-saved-form');
  });

  it('a value masked in the form is masked in the JSON tab, until Reveal', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'JSON' }).click();
    const editor = page.getByTestId('json-editor');
    await editor.locator('.cm-content').waitFor();
    await expect.poll(() => editor.textContent()).toContain('"API_TOKEN"');
    expect(await editor.textContent()).not.toContain(SECRET);
    expect(await editor.textContent()).toContain('"timeout": 45');
    await app.screenshot('servers-json-masked');
    await page.getByRole('button', { name: 'Reveal values' }).click();
    await expect.poll(() => editor.textContent()).toContain(SECRET);
    await page.getByRole('button', { name: 'Hide values' }).click();
    await expect.poll(() => editor.textContent()).not.toContain(SECRET);
  });
});
