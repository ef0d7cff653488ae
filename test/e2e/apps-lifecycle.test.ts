// A view's life in the window (issue 23): torn down when its card scrolls far away or the
// conversation closes, and started again from the stored tool input and result; a view that
// never finishes its handshake, or floods the window with messages, is stopped with a clear note
// on its card while the window carries on.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { VIEW_DEADLINE_STORAGE_KEY } from '../../renderer/features/apps/view-limits';
import { ROOT } from './harness';
import {
  appsPeer,
  askInNewChat,
  basicAppServer,
  cardOf,
  liveView,
  openAppsWindow,
  type AppsWindow,
} from './helpers/apps';
import { allowOnce } from './helpers/questions';

const fixture = (name: string) => join(ROOT, 'test/fixtures/apps', name);

/** Frames of views (any proxy) alive in the window now. */
const viewFrames = (page: Page, appUrl: string) =>
  page
    .frames()
    .filter(
      (f) =>
        f !== page.mainFrame() &&
        f.url() !== '' &&
        f.url() !== 'about:blank' &&
        !f.url().startsWith(appUrl),
    ).length;

const LONG_ANSWER = Array.from(
  { length: 400 },
  (_, i) => `Line ${i + 1} of a long answer after the view.`,
).join('\n\n');

describe.skipIf(skipWhen('no-browser'))('a view’s life in the window', () => {
  let w: AppsWindow;
  beforeAll(async () => {
    w = await openAppsWindow({
      basic: basicAppServer(),
      hung: appsPeer(fixture('hung-view.html')),
      flood: appsPeer(fixture('flood-view.html')),
    });
    // A hung view is stopped after 3 s here (20 s in the app), so the test does not wait long.
    // (Only in the window itself: views' sandboxed frames have no storage.)
    await w.app.context.addInitScript(
      ([key]) => {
        if (window.top === window.self) localStorage.setItem(key, '3000');
      },
      [VIEW_DEADLINE_STORAGE_KEY] as const,
    );
    await w.app.page.reload();
    await w.app.page.getByRole('button', { name: '3 of 3 servers' }).waitFor({ timeout: 60_000 });
  });
  afterAll(async () => {
    await w?.dispose();
  });

  it('is torn down far from the screen and started again, with the stored result, when scrolled back', async () => {
    const { page, url } = w.app;
    w.api.push(
      reply(toolUse('mcp__basic__get-time', {}, 'toolu_life_1')),
      reply(text(LONG_ANSWER)),
    );
    await askInNewChat(page, 'What time is it? Then say a lot.');
    await allowOnce(page);
    await page.getByText('Line 400 of a long answer').waitFor({ timeout: 30_000 });
    const card = cardOf(page, 'basic · Get Time');
    const scroller = page.getByTestId('message-scroller');
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => viewFrames(page, url), { timeout: 30_000 }).toBe(0);
    await card.scrollIntoViewIfNeeded();
    const { view } = await liveView(card);
    const stored = JSON.stringify(w.api.messageRequests()[1].body.messages?.at(-1));
    await expect
      .poll(
        async () => stored.includes((await view.locator('#server-time').textContent()) ?? 'none'),
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  it('is torn down when the conversation closes and restored when it reopens', async () => {
    const { page, url } = w.app;
    const { view } = await liveView(cardOf(page, 'basic · Get Time'));
    const shown = await view.locator('#server-time').textContent();
    await page.keyboard.press('Control+n');
    await expect.poll(() => viewFrames(page, url), { timeout: 30_000 }).toBe(0);
    await page
      .getByRole('button', { name: /What time is it\? Then say a lot/ })
      .first()
      .click();
    // It opens at its end, far below the card: the view starts once the card is near the screen.
    await cardOf(page, 'basic · Get Time').scrollIntoViewIfNeeded();
    const again = await liveView(cardOf(page, 'basic · Get Time'));
    await expect
      .poll(() => again.view.locator('#server-time').textContent(), { timeout: 30_000 })
      .toBe(shown);
  });

  it.each([
    {
      server: 'hung',
      what: 'a view that never says hello',
      note: 'did not start within 3 s and was stopped',
    },
    {
      server: 'flood',
      what: 'a view that floods the window',
      note: 'sent too many messages at once and was stopped',
    },
  ])(
    '$what is stopped with a note on its card; the window carries on',
    async ({ server, note }) => {
      const { page } = w.app;
      w.api.push(
        reply(toolUse(`mcp__${server}__show`, {}, `toolu_${server}`)),
        reply(text(`The ${server} view was asked for.`)),
      );
      await askInNewChat(page, `Show the ${server} view`);
      await allowOnce(page);
      const card = cardOf(page, `${server} · show`);
      await expect
        .poll(() => card.getByTestId('app-view-note').textContent(), { timeout: 60_000 })
        .toContain(note);
      expect(await card.getByTestId('app-view-frame').count()).toBe(0);
      await page.getByText(`The ${server} view was asked for.`).waitFor();
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('Still typing fine');
      expect(await box.inputValue()).toBe('Still typing fine');
      expect(w.app.pageErrors).toEqual([]);
      await w.app.screenshot(`apps-${server}-view-stopped`);
    },
  );
});
