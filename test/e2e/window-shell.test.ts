// The window's shell as a user meets it: the Ctrl+Enter cap on the answer it sends, F6 through
// the regions and Ctrl+, into Settings, the sidebar's one-line server footer, conversations
// that are kept only when used, and the Undo toast clear of the heading.
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ask, sharedChatWindow, TEST_KEY } from './helpers/chat-setup';
import { armedQuestion } from './helpers/questions';
import type { WindowSession } from './helpers/session';

const REVOKED_KEY = 'sk-ant-revoked-0123456789';

/** Screenshots at 1280 and 720 px, light and dark; the window returns to 1280 light. */
async function shootAround(app: WindowSession, name: string): Promise<void> {
  const { page } = app;
  for (const width of [1280, 720]) {
    await page.setViewportSize({ width, height: width === 720 ? 560 : 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`shell-${name}-${width}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

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
});
