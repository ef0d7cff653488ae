// The composer's tools menu with 500 tools (issues 16 and 24), in Chromium against the real core:
// 500 recorded real tool definitions served by the scripted catalog server under 32 server names.
// The menu draws only the rows on screen (each telling screen readers its place in the whole
// list), the filter finds a tool far down by name and server and says "N of M tools", the
// keyboard reaches it, and switching it off lowers the composer's count.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { catalogMcpConfig } from '../fixtures/tool-catalog/catalog';
import { AxeTally, describeFindings } from './helpers/axe';
import { serversConnected } from './helpers/chat-setup';
import { openServerWindow, type ServerWindow } from './helpers/server-window';

const servers = catalogMcpConfig(500);
const SERVERS = Object.keys(servers).length;

const focused = (page: Page) =>
  page.evaluate(() => ({
    role: document.activeElement?.getAttribute('role') ?? null,
    label: document.activeElement?.getAttribute('aria-label') ?? null,
    pos: document.activeElement?.getAttribute('aria-posinset') ?? null,
  }));

describe.skipIf(skipWhen('no-browser'))('the tools menu with 500 tools', () => {
  let win: ServerWindow;
  beforeAll(async () => {
    win = await openServerWindow({ name: 'tools-menu-500', servers });
    await serversConnected(win.app.page, SERVERS);
  });
  afterAll(async () => {
    await win?.dispose();
  });

  it('draws only the rows on screen, finds a tool far down by filter and keyboard, and switching it off lowers the count', async () => {
    const { page } = win.app;
    const button = page.getByRole('button', { name: /tools, for this conversation$/ });
    const toolsOn = async () =>
      Number(/^(\d+) tools/.exec((await button.getAttribute('aria-label')) ?? '')?.[1]);
    await expect.poll(toolsOn, { timeout: 30_000 }).toBe(500);

    await button.click();
    const menu = page.getByRole('menu', { name: 'Tools for this conversation' });
    await menu.waitFor();
    const count = page.getByTestId('chat-tools-count');
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toBe('500 tools');
    // Opened by click, focus is in the filter box.
    expect(await focused(page)).toMatchObject({ label: 'Filter tools' });
    const rowsInDom = await menu.getByRole('menuitemcheckbox').count();
    expect(rowsInDom).toBeGreaterThan(5);
    expect(rowsInDom).toBeLessThan(100);
    // Each row says its place in the whole list (500 tools and a row per server).
    const first = menu.getByRole('menuitemcheckbox').first();
    expect(await first.getAttribute('aria-setsize')).toBe(String(500 + SERVERS));
    expect(await first.getAttribute('aria-posinset')).toBe('1');
    await win.app.screenshot('tools-menu-500');

    // The keyboard reaches the end of the list: End on a row, still a page of rows in the DOM.
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ role: 'menuitemcheckbox', pos: '1' });
    // PageDown moves a screenful (more than a few rows), PageUp back.
    await page.keyboard.press('PageDown');
    const paged = Number((await focused(page)).pos);
    expect(paged).toBeGreaterThan(6);
    await page.keyboard.press('PageDown');
    await expect.poll(async () => Number((await focused(page)).pos)).toBe(2 * paged - 1);
    await win.app.screenshot('tools-menu-500-paged');
    await page.keyboard.press('PageUp');
    await expect.poll(async () => Number((await focused(page)).pos)).toBe(paged);
    await page.keyboard.press('End');
    await expect
      .poll(() => focused(page))
      .toMatchObject({ role: 'menuitemcheckbox', pos: String(500 + SERVERS) });
    // Scrolled into a server's tools, that server's row stays on top of the list, over them
    // (filesystem's and filesystem-2's tools have the same names).
    // Read once the virtualised rows under those points are drawn (the jump to End renders them a frame later).
    const rowsOnTop = () =>
      page.evaluate(() => {
        const list = document.getElementById('chat-tools-menu')!.getBoundingClientRect();
        const at = (y: number) =>
          document.elementFromPoint(list.left + 60, y)?.closest('[role="menuitemcheckbox"]');
        const top = at(list.top + 4);
        const under = top && at(top.getBoundingClientRect().bottom + 4);
        if (!top || !under) return null;
        const note =
          document.getElementById(under.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
        return {
          top: top.getAttribute('aria-label'),
          under: under.getAttribute('aria-label'),
          server: note.split(' · ')[0],
        };
      });
    await expect.poll(rowsOnTop).not.toBeNull();
    const onTop = (await rowsOnTop())!;
    expect(onTop.under).not.toMatch(/^All tools of /);
    expect(onTop.top).toBe(`All tools of ${onTop.server}`);
    expect(onTop.server).not.toBe(Object.keys(servers)[0]);
    await win.app.screenshot('tools-menu-500-end');
    // Moving up past the top of the view, the focused row comes into view below that row, never under it.
    const uncovered = () =>
      page.evaluate(() => {
        const row = document.activeElement!.getBoundingClientRect();
        return (
          document
            .elementFromPoint(row.left + 60, row.top + row.height / 2)
            ?.closest('[role="menuitemcheckbox"]') === document.activeElement
        );
      });
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('ArrowUp');
      expect(await uncovered(), `row ${await focused(page).then((f) => f.label)} in view`).toBe(
        true,
      );
    }
    expect(await menu.getByRole('menuitemcheckbox').count()).toBeLessThan(100);
    await page.keyboard.press('Home');
    await expect
      .poll(() => focused(page))
      .toMatchObject({ pos: '1', label: `All tools of ${Object.keys(servers)[0]}` });

    // Typing on a row goes on in the filter: postgres's one tool, 400 rows down the full list.
    await page.keyboard.type('postgres query');
    const filter = page.getByRole('searchbox', { name: 'Filter tools' });
    await expect.poll(() => filter.inputValue()).toBe('postgres query');
    await expect.poll(() => count.textContent()).toBe('1 of 500 tools');
    expect(await menu.getByRole('menuitemcheckbox').count()).toBe(2);
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ label: 'All tools of postgres', pos: '1' });
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({
      role: 'menuitemcheckbox',
      label: 'query',
      pos: '2',
    });
    const query = menu.getByRole('menuitemcheckbox', { name: 'query' });
    expect(await query.getAttribute('aria-setsize')).toBe('2');
    expect(await query.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => query.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('false');
    // The switch made this chat's conversation; focus stays on the switch, not the composer.
    await expect
      .poll(() => page.locator('.conversation-open').count(), { timeout: 15_000 })
      .toBe(1);
    expect(await focused(page)).toMatchObject({ label: 'query' });
    await expect
      .poll(() =>
        menu
          .getByRole('menuitemcheckbox', { name: 'All tools of postgres' })
          .getAttribute('aria-checked'),
      )
      .toBe('true');
    await win.app.screenshot('tools-menu-500-filtered');
    const severe = await new AxeTally().scan(page, 'tools menu, 500 tools');
    expect(severe, describeFindings(severe)).toEqual([]);

    // Escape closes and returns to the button, whose count follows the switch.
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await focused(page)).toMatchObject({
      label: expect.stringMatching(/tools, for this conversation$/),
    });
    await expect.poll(toolsOn, { timeout: 30_000 }).toBe(499);

    // A filter that matches nothing says so, and the filter clears on the next open.
    await button.click();
    await filter.fill('no-such-tool-anywhere');
    await expect.poll(() => count.textContent()).toBe('0 of 500 tools');
    expect(
      await page.getByText('No tool or server matches “no-such-tool-anywhere”.').isVisible(),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await button.click();
    expect(await filter.inputValue()).toBe('');
    await page.keyboard.press('Escape');
  });

  it('says the tools are loading while their lists come, and why when that fails, with Retry', async () => {
    const { page, host } = win.app;
    // The tool lists are held, then refused, at the host's door (the fault a busy core would give).
    const dispatch = host.dispatch;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let failing = true;
    host.dispatch = async (channel, args, context) => {
      if (channel === 'servers:tools') {
        await held;
        if (failing)
          return {
            ok: false,
            error: { code: 'unavailable', message: 'The core did not answer in time.' },
          };
      }
      return dispatch(channel, args, context);
    };
    try {
      await page.reload();
      const button = page.getByRole('button', { name: /tools, for this conversation$/ });
      await button.click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Loading the tools…' })
        .waitFor({ timeout: 15_000 });
      // No server rows claiming "0 of 0 on", no "0 tools" meanwhile.
      expect(await page.getByRole('menuitemcheckbox').count()).toBe(0);
      expect(await page.getByTestId('chat-tools-count').count()).toBe(0);
      release();
      const alert = page
        .getByRole('alert')
        .filter({ hasText: 'Could not list the tools: The core did not answer in time.' });
      await alert.waitFor({ timeout: 15_000 });
      await win.app.screenshot('tools-menu-500-failed');
      failing = false;
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect
        .poll(() => page.getByTestId('chat-tools-count').textContent(), { timeout: 30_000 })
        .toBe('500 tools');
      expect(await page.getByRole('menuitemcheckbox').count()).toBeGreaterThan(5);
      await page.keyboard.press('Escape');
    } finally {
      host.dispatch = dispatch;
    }
  });
});
