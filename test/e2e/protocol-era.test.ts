// The window shows which protocol each server speaks: 2026-07-28 for a server built with the
// official SDK v2, 2025-11-25 for a 2025 reference server (the overview's "Protocol" row).
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { referenceServer } from './helpers/core';
import { openWindow, type WindowSession } from './helpers/session';

const PEER = join(resolve(__dirname, '../..'), 'test/fixtures/mcp-v2/peer.mjs');

describe.skipIf(skipWhen('no-browser'))('protocol eras in the window', () => {
  let app: WindowSession;
  beforeAll(async () => {
    app = await openWindow();
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it('shows 2026-07-28 for an SDK v2 server and 2025-11-25 for a 2025 one', async () => {
    const { page, host } = app;
    await host.dispatch(
      'servers:add',
      { name: 'modern', entry: { command: process.execPath, args: [PEER, 'stdio', 'reject'] } },
      { senderUrl: 'test' },
    );
    await host.dispatch(
      'servers:add',
      { name: 'memory', entry: { command: process.execPath, args: [referenceServer('memory')] } },
      { senderUrl: 'test' },
    );
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    const protocolOf = async (name: string): Promise<string | null> => {
      await page
        .getByRole('button', { name: new RegExp(`^${name}\\b`) })
        .first()
        .click();
      await page.getByRole('tab', { name: 'Overview' }).click();
      return page.locator('.overview dt:has-text("Protocol") + dd').textContent();
    };
    await expect.poll(() => protocolOf('modern'), { timeout: 30_000 }).toBe('2026-07-28');
    await app.screenshot('servers-protocol-2026');
    await expect.poll(() => protocolOf('memory'), { timeout: 30_000 }).toBe('2025-11-25');
  });
});
