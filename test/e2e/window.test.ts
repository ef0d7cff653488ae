// The window against the real core as it is today: layout, empty states, inline errors for the
// parts of core that answer "unavailable", settings and servers pages, keyboard shortcuts, themes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from './harness';
import { openWindow, type WindowSession } from './helpers/session';

const hasChromium = chromiumPath() !== null || Boolean(process.env.CI);

describe.skipIf(!hasChromium)('the window, first run', () => {
  let app: WindowSession;
  beforeAll(async () => {
    app = await openWindow();
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it('opens on the chat with the first-run key card and the composer', async () => {
    const { page } = app;
    await expect.poll(() => page.getByRole('heading', { name: 'Start a conversation' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Connect Lena to Claude' }).isVisible()).toBe(true);
    expect(await page.getByText('console.anthropic.com').first().isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
    await app.screenshot('window-first-run');
    expect(app.pageErrors).toEqual([]);
  });

  it('shows the servers page and its error state when the core cannot list servers', async () => {
    const { page } = app;
    await page.getByRole('button', { name: /Servers/ }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'MCP servers' }).isVisible()).toBe(true);
    await app.screenshot('window-servers');
  });

  it('opens settings with Ctrl+, and shows the About versions', async () => {
    const { page } = app;
    await page.keyboard.press('Control+,');
    await expect.poll(() => page.getByTestId('version-node').textContent()).toBe(process.versions.node);
    await app.screenshot('window-settings');
  });

  it('switches to the dark theme from settings', async () => {
    const { page } = app;
    await page.getByRole('radio', { name: 'Dark' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(30, 31, 34)');
    await app.screenshot('window-settings-dark');
    await page.getByRole('radio', { name: 'Follow the system' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
  });

  it('sending without a working core shows why, inline, and keeps the draft', async () => {
    const { page } = app;
    await page.keyboard.press('Control+n');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello there');
    await box.press('Enter');
    await expect.poll(() => page.getByText('Your message was not sent').isVisible()).toBe(true);
    expect(await box.inputValue()).toBe('Hello there');
    await app.screenshot('window-send-error');
  });

  it('runs /mcp in the composer as a local card', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('/mcp');
    await box.press('Enter');
    await expect.poll(() => page.getByTestId('system-card').count()).toBeGreaterThan(0);
    await app.screenshot('window-mcp-card');
  });
});
