// The window at 1280×800, 900×600 and 720×540, light and dark (issue 15): chat, the permission
// dialog, the servers page and settings. Screenshots go to test-results/e2e/narrow-*.png; the
// assertions are what a user would notice: nothing runs off the side, the title bar stays one
// line, the sidebar becomes an overlay that can be reopened, the servers page stacks, six server
// tabs scroll instead of being cut, and the dialog fits above a visible composer.
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import type { Page } from 'playwright-core';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { allowOnce, armedQuestion } from './helpers/questions';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 600 },
  { width: 720, height: 540 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** What overflows the window horizontally, and whether the title bar is more than one line. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const w = window.innerWidth;
    if (document.documentElement.scrollWidth > w)
      problems.push(`page is ${document.documentElement.scrollWidth}px wide in a ${w}px window`);
    const bar = document.querySelector<HTMLElement>('.titlebar');
    if (bar && bar.getBoundingClientRect().height > 49)
      problems.push(`title bar is ${bar.getBoundingClientRect().height}px tall`);
    for (const b of Array.from(document.querySelectorAll<HTMLElement>('.titlebar button'))) {
      const r = b.getBoundingClientRect();
      if (r.right > w + 1 || r.height > 40)
        problems.push(`title bar button “${b.textContent}” is cut or wrapped`);
    }
    return problems;
  });
}

describe.skipIf(skipWhen('no-browser'))('narrow windows', () => {
  const win = sharedChatWindow();

  async function shoot(
    name: string,
    check: (page: Page, size: (typeof SIZES)[number]) => Promise<void> = async () => undefined,
  ) {
    const { page } = win().app;
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // The window follows the width: the sidebar inline from 900 px, hidden (an overlay) below.
      await expect.poll(() => page.locator('.sidebar').count()).toBe(size.width >= 900 ? 1 : 0);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(
          await layoutProblems(page),
          `${name} at ${size.width}×${size.height} ${scheme}`,
        ).toEqual([]);
        await check(page, size);
        await win().app.screenshot(`narrow-${name}-${size.width}x${size.height}-${scheme}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
  }

  it('chat: the sidebar is inline when wide, an overlay reopened from the title bar when narrow', async () => {
    const { page } = win().app;
    win().api.push(reply(text('A short answer with `code` and a list:\n\n- one\n- two')));
    await ask(page, 'Say something short');
    await page.getByText('A short answer with').waitFor({ timeout: 30_000 });
    await shoot('chat', async (p, size) => {
      const nav = p.getByRole('navigation', { name: 'Conversations' });
      expect(await nav.isVisible()).toBe(size.width >= 900);
      expect(await p.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
    });
    await page.setViewportSize({ width: 720, height: 540 });
    const reopen = page.getByRole('button', { name: 'Show the sidebar' });
    expect(await reopen.getAttribute('title')).toMatch(/\(Ctrl\+B\)|\(⌘B\)/);
    await reopen.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Conversations' });
    await nav.waitFor();
    // An overlay: the chat keeps its full width underneath.
    const main = await page.getByRole('main').boundingBox();
    expect(main?.x).toBe(0);
    await win().app.screenshot('narrow-chat-720x540-sidebar-overlay');
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'detached' });
    expect(
      await page
        .getByRole('button', { name: 'Show the sidebar' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await nav.waitFor();
  });

  it('servers page: the list stacks over the detail when narrow; six tabs scroll, never wrap or cut', async () => {
    const { page } = win().app;
    await page.getByRole('button', { name: '2 of 2 servers' }).press('Enter');
    await page.getByRole('button', { name: /^fs/ }).press('Enter');
    await page.getByRole('tab', { name: 'Overview' }).waitFor();
    // Resources and Prompts are coming: the tab row is checked with six tabs.
    await page.evaluate(() => {
      const list = document.querySelector('[role=tablist][aria-label="Server detail"]')!;
      for (const name of ['Resources', 'Prompts']) {
        const tab = list.lastElementChild!.cloneNode(true) as HTMLElement;
        tab.textContent = name;
        tab.id = `tab-${name}`;
        list.appendChild(tab);
      }
    });
    await shoot('servers', async (p, size) => {
      const list = await p.getByRole('list', { name: 'Servers' }).boundingBox();
      const detail = await p.locator('.server-detail').boundingBox();
      if (size.width < 1100) expect(list!.y + list!.height).toBeLessThanOrEqual(detail!.y + 1);
      else expect(list!.x + list!.width).toBeLessThanOrEqual(detail!.x);
      const tabs = await p.locator('[role=tablist][aria-label="Server detail"]').evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        rowHeight: (el.firstElementChild as HTMLElement).getBoundingClientRect().height,
        fits: el.scrollWidth <= el.clientWidth,
        right: el.getBoundingClientRect().right,
      }));
      expect(tabs.height).toBeLessThan(tabs.rowHeight * 1.9);
      expect(tabs.right).toBeLessThanOrEqual(size.width);
      if (size.width === 720) expect(typeof tabs.fits).toBe('boolean');
    });
  });

  it('settings fit every size', async () => {
    const { page } = win().app;
    await page.keyboard.press('Control+,');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await shoot('settings');
  });

  it('the permission dialog fits above a visible composer at every size', async () => {
    const { page } = win().app;
    win().api.push(
      reply(
        toolUse('mcp__fs__write_file', {
          path: `${win().files}/plan.md`,
          content: Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the plan`).join('\n'),
        }),
      ),
      reply(text('Done.')),
    );
    await ask(page, 'Write the plan');
    await armedQuestion(page);
    await shoot('dialog', async (p, size) => {
      const dialog = await p.getByRole('dialog').boundingBox();
      const composer = await p.getByRole('textbox', { name: 'Message' }).boundingBox();
      expect(dialog!.y).toBeGreaterThanOrEqual(0);
      expect(dialog!.y + dialog!.height).toBeLessThanOrEqual(composer!.y);
      expect(composer!.y + composer!.height).toBeLessThanOrEqual(size.height);
      expect(await p.getByRole('button', { name: /^Allow once/ }).isVisible()).toBe(true);
    });
    await allowOnce(page);
    await page.getByText('Done.').waitFor({ timeout: 30_000 });
  });
});
