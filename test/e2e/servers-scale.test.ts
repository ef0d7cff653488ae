// The servers page with 500 tools (issue 24's catalog: 32 servers over the scripted catalog
// server), in Chromium against the real core: every server is listed with its tool count and
// token cost, and a server picked far down the list shows its detail in view (the list and the
// detail scroll on their own), its Tools tab with each tool's cost.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { catalogMcpConfig, catalogServers } from '../fixtures/tool-catalog/catalog';
import { serversConnected } from './helpers/chat-setup';
import { openServerWindow, type ServerWindow } from './helpers/server-window';

const servers = catalogMcpConfig(500);
const names = Object.keys(servers);
const last = catalogServers(500).at(-1)!;

/** Whether the element is wholly inside the window. */
async function inView(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const size = page.viewportSize()!;
  return (
    box !== null &&
    box.y >= 0 &&
    box.y + box.height <= size.height &&
    box.x >= 0 &&
    box.x + box.width <= size.width
  );
}

describe.skipIf(skipWhen('no-browser'))('the servers page with 500 tools', () => {
  let win: ServerWindow;
  beforeAll(async () => {
    win = await openServerWindow({
      name: 'servers-500',
      servers,
      window: { viewport: { width: 1280, height: 800 } },
    });
    await serversConnected(win.app.page, names.length);
  });
  afterAll(async () => {
    await win?.dispose();
  });

  it('lists every server with its cost, and a server far down the list opens with its detail in view', async () => {
    const { page } = win.app;
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    const list = page.getByRole('list', { name: 'Servers' });
    await expect
      .poll(() => list.getByRole('listitem').count(), { timeout: 30_000 })
      .toBe(names.length);
    const item = list.locator(`[data-server="${last.name}"]`);
    expect(await item.textContent()).toMatch(
      new RegExp(`${last.tools.length} tools · [\\d.]+k? tokens`),
    );

    await item.click();
    const detail = page.locator('.server-detail');
    await detail.waitFor();
    // The page's heading, the picked server's name and its tabs are on screen together.
    expect(await inView(page, page.getByRole('heading', { name: 'MCP servers' }))).toBe(true);
    expect(await inView(page, detail.getByText(last.name, { exact: true }).first())).toBe(true);
    expect(await inView(page, page.getByRole('tab', { name: 'Overview' }))).toBe(true);
    expect(await inView(page, item)).toBe(true);
    await win.app.screenshot('servers-500-last');

    await page.getByRole('tab', { name: 'Tools' }).click();
    await expect
      .poll(() => page.locator('.tool-row').count(), { timeout: 30_000 })
      .toBe(last.tools.length);
    expect(await page.locator('.tool-row').first().textContent()).toMatch(/\d+ tokens/);
    expect(await inView(page, item)).toBe(true);
    await win.app.screenshot('servers-500-last-tools');
  });
});
