// A server with 5,000 tools stays usable in the window: the Tools tab draws a page of rows, says
// how many there are, and search finds any of them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { ROOT } from './harness';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('a server with 5,000 tools', () => {
  let app: WindowSession;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-many-'));
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          many: {
            command: process.execPath,
            args: [join(ROOT, 'test/fixtures/mcp/sdk-peer.mjs'), 'many-tools'],
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

  it('draws a page of tools, says how many there are, and finds any by search', async () => {
    const { page } = app;
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^many/ }).click();
    await expect
      .poll(() => page.locator('.server-detail .status-word').first().textContent(), {
        timeout: 60_000,
      })
      .toBe('Connected');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await expect
      .poll(() => page.getByText('Showing 200 of 5000 tools').isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await page.locator('.tool-row').count()).toBe(200);
    await page.getByLabel('Search tools').fill('tool_4999');
    await expect.poll(() => page.locator('.tool-row').count()).toBe(1);
    await app.screenshot('many-tools');
  });
});
