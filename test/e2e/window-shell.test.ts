// The window's shell as a user meets it: the Ctrl+Enter cap on the answer it sends, F6 through
// the regions and Ctrl+, into Settings, the sidebar's one-line server footer, conversations
// that are kept only when used, and the Undo toast clear of the heading.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ask, sharedChatWindow, TEST_KEY } from './helpers/chat-setup';
import { armedQuestion } from './helpers/questions';
import type { WindowSession } from './helpers/session';

const REVOKED_KEY = 'sk-ant-revoked-0123456789';

/** Screenshots at 1280 and 720 px, light and dark; the window returns to 1280 light. */
async function shootAround(app: WindowSession, name: string, sidebar = false): Promise<void> {
  const { page } = app;
  for (const width of [1280, 720]) {
    await page.setViewportSize({ width, height: width === 720 ? 560 : 800 });
    if (sidebar && width === 720) {
      await expect.poll(() => page.locator('nav.sidebar').count()).toBe(0);
      await page.getByRole('button', { name: 'Show the sidebar' }).click();
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`shell-${name}-${width}-${scheme}`);
    }
    if (sidebar && width === 720) await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Where focus is, by region. */
const focusIn = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nowhere';
    if (el.closest('[data-question]')) return 'question';
    if (el.matches('[data-composer]')) return 'composer';
    if (el.closest('nav.sidebar')) return 'sidebar';
    if (el.closest('.page[aria-label="Settings"]')) return 'settings';
    if (el.closest('[data-testid="message-scroller"]')) return 'conversation';
    return `${el.tagName.toLowerCase()}.${el.className}`;
  });

describe.skipIf(skipWhen('no-browser'))('the window shell', () => {
  const win = sharedChatWindow({ api: { refusedKeys: [REVOKED_KEY] } });

  it('a key the Models API refuses is not saved, and says so under the field; a good one is checked', async () => {
    const { page } = win().app;
    await page.keyboard.press('Control+,');
    const field = page.getByLabel('New Anthropic API key');
    const before = win().api.requests.length;
    await field.fill(REVOKED_KEY);
    await page.getByRole('button', { name: 'Replace key' }).click();
    const alert = page.locator('#key-heading ~ p[role="alert"]');
    await expect
      .poll(() => alert.textContent())
      .toMatch(
        /^The key was not stored: 127\.0\.0\.1:\d+ refused this key \(401: invalid x-api-key\)/,
      );
    // One Models API request, with the key typed.
    const checks = win().api.requests.slice(before);
    expect(checks.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models']);
    expect(checks[0].usedKey(REVOKED_KEY)).toBe(true);
    await shootAround(win().app, 'key-refused');

    await field.fill(TEST_KEY);
    await page.getByRole('button', { name: 'Replace key' }).click();
    await expect
      .poll(() => page.locator('#key-heading ~ p[role="status"]').textContent())
      .toMatch(/^Key checked with 127\.0\.0\.1:\d+ and stored\.$/);
    await page.keyboard.press('Escape');
  });

  it('in "Deny with reason" the Ctrl+Enter cap sits on Deny, and Ctrl+Enter denies', async () => {
    const { page } = win().app;
    win().api.push(
      reply(toolUse('mcp__every__echo', { message: 'cap check' })),
      reply(text('Not echoed, as asked.')),
    );
    await ask(page, 'Echo the cap check');
    const question = await armedQuestion(page);
    const allow = question.getByRole('button', { name: /^Allow once/ });
    const deny = question.getByRole('button', { name: /^Deny Esc/ });
    expect(await allow.locator('kbd').allTextContents()).toEqual(['Ctrl+Enter']);
    expect(await deny.locator('kbd').allTextContents()).toEqual(['Esc']);

    await question.getByRole('button', { name: 'Deny with reason ▾' }).click();
    const reason = question.getByLabel('Reason for denying (sent to Claude)');
    await reason.fill('wrong file');
    expect(await allow.locator('kbd').count()).toBe(0);
    expect(await deny.locator('kbd').allTextContents()).toEqual(['Esc', 'Ctrl+Enter']);
    await shootAround(win().app, 'deny-with-reason');

    await reason.press('Control+Enter');
    await page.getByText('Not echoed, as asked.').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('tool-card').last().textContent()).toContain(
      'You denied it (“wrong file”)',
    );
  });

  it('F6 cycles sidebar → conversation → composer → question, Shift+F6 back; Ctrl+, focuses Settings', async () => {
    const { page } = win().app;
    win().api.push(reply(text('Regions answer.')));
    await ask(page, 'A conversation for regions');
    await page.getByText('Regions answer.').waitFor({ timeout: 30_000 });
    const order: string[] = [await focusIn(page)];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('F6');
      order.push(await focusIn(page));
    }
    expect(order).toEqual(['composer', 'sidebar', 'conversation', 'composer']);
    // The sidebar's stop is the open conversation.
    await page.keyboard.press('F6');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'A conversation for regions',
    );

    // A question joins the cycle after the composer.
    win().api.push(
      reply(toolUse('mcp__every__echo', { message: 'regions' })),
      reply(text('Echo denied.')),
    );
    await ask(page, 'Echo regions');
    await armedQuestion(page);
    expect(await focusIn(page)).toBe('composer');
    const cycle: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('F6');
      cycle.push(await focusIn(page));
    }
    expect(cycle).toEqual(['question', 'sidebar', 'conversation', 'composer']);
    await page.keyboard.press('Shift+F6');
    expect(await focusIn(page)).toBe('conversation');
    await page.keyboard.press('Shift+F6');
    expect(await focusIn(page)).toBe('sidebar');
    await page.keyboard.press('Shift+F6');
    expect(await focusIn(page)).toBe('question');
    expect(await page.getByTestId('question-hint').textContent()).toContain(
      'Shift+F6 back to the message box',
    );
    await page.keyboard.press('Escape');
    await page.getByText('Echo denied.').waitFor({ timeout: 30_000 });

    // Ctrl+, from the composer: Settings opens with focus in it; F6 goes on from there.
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('Control+,');
    await expect.poll(() => focusIn(page)).toBe('settings');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Settings');
    await page.keyboard.press('F6');
    expect(await focusIn(page)).toBe('sidebar');
    await page.keyboard.press('F6');
    expect(await focusIn(page)).toBe('settings');
    await page.keyboard.press('Escape');

    // At 720 px the sidebar is hidden: the cycle skips it.
    await page.setViewportSize({ width: 720, height: 560 });
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('F6');
    expect(await focusIn(page)).toBe('conversation');
    await page.keyboard.press('F6');
    expect(await focusIn(page)).toBe('composer');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('the sidebar footer is one line, "2 of 3 · 1 needs attention", with the details on hover', async () => {
    const { page, host, url } = win().app;
    const call = (channel: string, args: unknown) =>
      host.dispatch(channel, args, { senderUrl: url });
    const footer = page.getByTestId('servers-summary');
    await expect.poll(() => footer.textContent()).toBe('Servers 2 of 2 connected');
    await call('servers:add', {
      name: 'broken',
      entry: { command: '/nonexistent/lena-no-such-command', args: [] },
    });
    await expect
      .poll(() => footer.textContent(), { timeout: 30_000 })
      .toBe('Servers 2 of 3 · 1 needs attention');
    expect(await footer.getAttribute('title')).toBe('2 of 3 connected · 1 failed');
    // Its name is the line a user sees; screen readers get the breakdown as its description.
    expect(
      await page.getByRole('button', { name: 'Servers 2 of 3 · 1 needs attention' }).count(),
    ).toBe(1);
    // One line: the footer is no taller than one line of its text plus its padding.
    const box = await footer.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(48);
    // Whole, not cut with an ellipsis, in the sidebar's width.
    const line = footer.locator('.sidebar-servers-line');
    expect(await line.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await shootAround(win().app, 'sidebar-footer', true);
    // Removed behind the window's back (as `lena mcp remove` would): a reload shows the list as it is.
    expect(await call('servers:remove', { name: 'broken' })).toMatchObject({ ok: true });
    await page.reload();
    await expect
      .poll(() => footer.textContent(), { timeout: 10_000 })
      .toBe('Servers 2 of 2 connected');
  });

  it('settings have section navigation and say what "Trusted" means and where secrets are kept', async () => {
    const { page } = win().app;
    await page.keyboard.press('Control+,');
    const nav = page.getByRole('navigation', { name: 'Settings sections' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'API key',
      'Model',
      'Server tools',
      'Appearance',
      'Quick entry',
      'Permission rules',
      'Recent problems',
      'About',
    ]);
    await nav.getByRole('link', { name: 'Permission rules' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('rules-heading');
    // The heading is in view, below the navigation row that stays at the top.
    const [heading, row] = await Promise.all([
      page.locator('#rules-heading').boundingBox(),
      nav.boundingBox(),
    ]);
    expect(heading!.y).toBeGreaterThanOrEqual(row!.y + row!.height - 1);
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(800);
    // The row marks the section being read.
    await expect
      .poll(() => nav.locator('[aria-current="location"]').textContent())
      .toBe('Permission rules');
    await nav.getByRole('link', { name: 'Model' }).click();
    expect(await page.locator('#trusted-explained').textContent()).toMatch(
      /^A server is trusted when you tick “Trusted” on its page under Servers/,
    );
    expect(await page.getByTestId('secret-storage').textContent()).toMatch(
      /^Secrets are read from environment variables/,
    );
    await shootAround(win().app, 'settings-nav');
    await page.keyboard.press('Escape');
  });

  it('the Undo toast covers no heading and Undo can be clicked, also over the narrow sidebar', async () => {
    const { page } = win().app;
    /** Headings the toast overlaps, and whether Undo is what a click at its centre hits. */
    const clearOfHeadings = () =>
      page.evaluate(() => {
        const toast = document.querySelector('.toast')!.getBoundingClientRect();
        const hit = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const covered = Array.from(document.querySelectorAll('main h1, main h2, main nav'))
          .filter((h) => hit(toast, h.getBoundingClientRect()))
          .map((h) => h.textContent);
        const undo = Array.from(document.querySelectorAll<HTMLElement>('.toast button')).find(
          (b) => b.textContent === 'Undo',
        )!;
        const r = undo.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { covered, undoClickable: top === undo };
      });
    for (const width of [1280, 720]) {
      await page.setViewportSize({ width, height: width === 720 ? 560 : 800 });
      win().api.push(reply(text('Soon deleted.')));
      await ask(page, `Delete me at ${width}`);
      await page.getByText('Soon deleted.').waitFor({ timeout: 30_000 });
      if (width === 1280) await page.keyboard.press('Control+,');
      if (width === 720) await page.getByRole('button', { name: 'Show the sidebar' }).click();
      await page.getByRole('button', { name: `Delete “Delete me at ${width}”` }).click();
      await page.getByRole('button', { name: 'Undo' }).waitFor();
      expect(await clearOfHeadings()).toEqual({ covered: [], undoClickable: true });
      await shootAround(win().app, `undo-toast-${width}`, width === 720);
      await page.setViewportSize({ width, height: width === 720 ? 560 : 800 });
      await page.getByRole('button', { name: 'Undo' }).click();
      if (width === 720 && (await page.locator('nav.sidebar').count()) === 0)
        await page.getByRole('button', { name: 'Show the sidebar' }).click();
      await page.getByRole('button', { name: `Delete me at ${width}`, exact: true }).waitFor();
      await page.keyboard.press('Escape');
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
