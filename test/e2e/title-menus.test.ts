// The title bar's menus at 1280, 900 and 720 px: every item of the project-folder menu and the
// "Conversation ▾" menu is drawn whole inside the window, is the element under the pointer at its
// centre, and does what it says when clicked; focusing the folder field leaves the bar in place.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { seedConversation } from './helpers/seed';
import { openWindow, type WindowSession } from './helpers/session';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 600 },
  { width: 720, height: 540 },
] as const;

/** Whether the item is whole inside the window and is what a click at its centre would hit. */
async function reachable(item: Locator): Promise<string> {
  return item.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 4 || r.height < 4) return `${el.textContent} is ${r.width}×${r.height}`;
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
      return `${el.textContent} runs out of the window`;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit && el.contains(hit) ? 'ok' : `${el.textContent} is covered by ${hit?.className}`;
  });
}

/** The window as it is, in light and dark. */
async function shootBoth(app: WindowSession, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.screenshot(`${name}-${scheme}`);
  }
  await app.page.emulateMedia({ colorScheme: 'light' });
}

async function barScroll(page: Page): Promise<number> {
  return page.locator('.titlebar').evaluate((el) => el.scrollLeft + el.scrollTop);
}

describe.skipIf(skipWhen('no-browser'))('title bar menus', () => {
  let app: WindowSession;
  let folders: string;

  beforeAll(async () => {
    const home = mkdtempSync(join(tmpdir(), 'lena-e2e-menus-'));
    folders = mkdtempSync(join(tmpdir(), 'lena-e2e-folders-'));
    for (const f of ['alpha', 'beta']) mkdirSync(join(folders, f));
    seedConversation(home, 'Menu check', 4);
    // The desktop keeps the recent folders; here a list in memory does, newest first.
    const recent: string[] = [];
    app = await openWindow({
      home,
      projects: {
        recent: () => [...recent],
        opened: (folder) => {
          if (!folder) return;
          recent.splice(0, recent.length, folder, ...recent.filter((f) => f !== folder));
        },
      },
    });
  });
  afterAll(async () => {
    const home = app?.home;
    await app?.dispose();
    if (home) rmSync(home, { recursive: true, force: true });
    rmSync(folders, { recursive: true, force: true });
  });

  for (const size of SIZES) {
    it(`every menu item is reachable and works at ${size.width} px`, async () => {
      const { page } = app;
      await page.setViewportSize(size);
      const alpha = join(folders, 'alpha');
      const beta = join(folders, 'beta');

      // Project menu: the typed folder (its field focused must not scroll the bar), then Open.
      await page.locator('.titlebar-project').click();
      const field = page.getByLabel('Folder to open');
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await barScroll(page)).toBe(0);
      expect(await reachable(field)).toBe('ok');
      await field.fill(alpha);
      const open = page.getByRole('button', { name: 'Open', exact: true });
      expect(await reachable(open)).toBe('ok');
      await open.click();
      await page.getByRole('button', { name: `Project: ${alpha} ▾` }).waitFor();
      await page.locator('.titlebar-project').click();
      await page.getByLabel('Folder to open').fill(beta);
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await page.getByRole('button', { name: `Project: ${beta} ▾` }).waitFor();

      // A recent folder, then "Close the project".
      await page.locator('.titlebar-project').click();
      const folderDialog = page.getByRole('dialog', { name: 'Project folder' });
      const recent = folderDialog.getByRole('button', { name: alpha, exact: true });
      expect(await reachable(recent)).toBe('ok');
      await recent.click();
      await page.getByRole('button', { name: `Project: ${alpha} ▾` }).waitFor();
      await page.locator('.titlebar-project').click();
      const close = folderDialog.getByRole('button', { name: 'Close the project' });
      expect(await reachable(close)).toBe('ok');
      await shootBoth(app, `title-menus-project-${size.width}`);
      await close.click();
      await page.getByRole('button', { name: /No project folder/ }).waitFor();
      expect(await barScroll(page)).toBe(0);

      // The conversation menu: every item in turn.
      if (size.width < 900) await page.getByRole('button', { name: 'Show the sidebar' }).click();
      await page.getByRole('button', { name: 'Menu check', exact: true }).first().click();
      const menu = page.getByRole('button', { name: 'Conversation ▾' });
      await menu.click();
      const count = async () => {
        const r = (await app.host.dispatch('conversations:list', undefined, {
          senderUrl: app.url,
        })) as {
          value: unknown[];
        };
        return r.value.length;
      };
      const before = await count();
      for (const name of ['Duplicate', 'Export as Markdown', 'Export as JSON']) {
        if ((await page.getByRole('menuitem', { name }).count()) === 0) await menu.click();
        const item = page.getByRole('menuitem', { name });
        expect(await reachable(item), `${name} at ${size.width} px`).toBe('ok');
        if (name === 'Duplicate') await shootBoth(app, `title-menus-conversation-${size.width}`);
        if (name.startsWith('Export')) {
          const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
          expect(download.suggestedFilename()).toMatch(name.endsWith('JSON') ? /\.json$/ : /\.md$/);
        } else {
          await item.click();
          await expect.poll(count, { timeout: 10_000 }).toBe(before + 1);
        }
      }
      expect(app.pageErrors).toEqual([]);
    });
  }
});
