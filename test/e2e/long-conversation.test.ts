// A 10,000-message conversation opens and scrolls to the top (issue 7 flow 8): the list is
// virtualised, so only the rows on screen exist in the page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { seedConversation } from './helpers/seed';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('a 10,000-message conversation', () => {
  let app: WindowSession;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-long-'));
    seedConversation(home, 'Ten thousand messages', 10_000);
    app = await openWindow({ home });
  });
  afterAll(async () => {
    await app?.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  it('opens at the end with only the visible rows in the page', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Ten thousand messages', exact: true }).click();
    await expect
      .poll(() => page.getByText('Message 10000 of the conversation').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await page.locator('.virtual-row').count()).toBeLessThan(60);
    await app.screenshot('long-conversation-end');
  });

  it('scrolls to the top', async () => {
    const { page } = app;
    const scroller = page.getByTestId('message-scroller');
    // Rows are measured as they appear, so the top moves while scrolling: keep going until it stays.
    await expect
      .poll(
        async () => {
          await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
          return page.getByText('Message 1 of the conversation', { exact: true }).isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await page.locator('.virtual-row').count()).toBeLessThan(60);
    await app.screenshot('long-conversation-top');
    expect(app.pageErrors).toEqual([]);
  });

  it('a search hit opens the conversation at the message that matched', async () => {
    const { page } = app;
    await page.keyboard.press('Control+k');
    await page.keyboard.type('5001');
    const hits = page.getByRole('list', { name: 'Search results' });
    await expect
      .poll(() => hits.textContent(), { timeout: 15_000 })
      .toContain('Ten thousand messages');
    await hits.getByRole('button').first().click();
    await expect
      .poll(
        () =>
          page
            .getByRole('list', { name: 'Messages' })
            .getByText('Message 5001 of the conversation', { exact: true })
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    await app.screenshot('long-conversation-search-hit');
  });
});
