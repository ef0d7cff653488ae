// The window follows the system's dark theme (no setting needed) and keeps every state readable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('the window in a dark system theme', () => {
  let app: WindowSession;
  beforeAll(async () => {
    app = await openWindow({ colorScheme: 'dark' });
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it('is dark without any setting, from first run to the servers page', async () => {
    const { page } = app;
    await page.getByRole('heading', { name: 'Connect Lena to Claude' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(30, 31, 34)',
    );
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe(
      'rgb(230, 230, 232)',
    );
    await app.screenshot('theme-dark-first-run');
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    await page.getByText('No servers yet.').waitFor();
    await app.screenshot('theme-dark-servers');
  });

  it('a light choice in settings overrides the system', async () => {
    const { page } = app;
    await page.keyboard.press('Control+,');
    await page.getByRole('radio', { name: 'Light' }).click();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme), { timeout: 10_000 })
      .toBe('light');
  });
});
