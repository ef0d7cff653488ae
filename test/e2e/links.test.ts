// Links that mislead (issue 12, item 10), in the real window: Markdown link text can show one
// address and open another, and a tool result can plant an address the model repeats. Opening
// such a link asks first and shows the real target; an ordinary link opens at once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { allowOnce, answerQuestion, armedQuestion } from './helpers/questions';

describe.skipIf(skipWhen('no-browser'))('links that could mislead ask before opening', () => {
  const win = sharedChatWindow();
  /** Addresses the window opened (popups land here instead of the network). */
  const opened: string[] = [];
  beforeAll(async () => {
    await win().app.context.route(
      /^https:\/\/([a-z0-9-]+\.)*(invalid|example\.com)\//,
      async (route) => {
        opened.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/plain', body: 'opened' });
      },
    );
  });
  const question = (page: Page) => page.getByRole('dialog');

  it('a link whose text shows another address asks, shows the real target, and opens only when the user agrees', async () => {
    const { page } = win().app;
    win().api.push(
      reply(
        text(
          'Sign in at [https://bank.example.com/login](https://evil.invalid/steal?who=you), or read [the docs](https://example.com/docs).',
        ),
      ),
    );
    await ask(page, 'Where do I sign in?');
    const fake = page.getByRole('link', { name: 'https://bank.example.com/login' });
    await fake.waitFor({ timeout: 30_000 });

    await fake.click();
    const q = await armedQuestion(page);
    expect(await q.getByRole('heading').textContent()).toBe('Open a link to evil.invalid?');
    expect(await q.getByTestId('link-target').textContent()).toBe(
      'https://evil.invalid/steal?who=you',
    );
    expect(await q.textContent()).toContain(
      'The link text shows “https://bank.example.com/login”, but the link opens a different site: evil.invalid.',
    );
    expect(opened).toEqual([]);
    await win().app.screenshot('links-misleading-question');
    await answerQuestion(page, /^Don’t open/);
    expect(opened).toEqual([]);

    await fake.click();
    await answerQuestion(page, 'Open in the browser');
    await expect
      .poll(() => opened, { timeout: 30_000 })
      .toEqual(['https://evil.invalid/steal?who=you']);

    // An ordinary link opens at once, without a question.
    await page.getByRole('link', { name: 'the docs' }).click();
    await expect.poll(() => opened, { timeout: 30_000 }).toContain('https://example.com/docs');
    expect(await question(page).count()).toBe(0);
  });

  it('a link to an address that came from a tool result asks first, whatever its text', async () => {
    const { page } = win().app;
    const file = join(win().files, 'report.md');
    writeFileSync(file, 'Quarterly numbers are at https://report.invalid/q3 (log in first).');
    win().api.push(
      reply(toolUse('mcp__fs__read_text_file', { path: file })),
      reply(text('Here is [the Q3 report](https://report.invalid/q3?ref=chat).')),
    );
    await ask(page, 'Find the Q3 report');
    await allowOnce(page);
    const link = page.getByRole('link', { name: 'the Q3 report' });
    await link.waitFor({ timeout: 30_000 });
    const before = opened.length;
    await link.click();
    const q = await armedQuestion(page);
    expect(await q.textContent()).toContain('The address came from a tool result');
    expect(await q.getByTestId('link-target').textContent()).toBe(
      'https://report.invalid/q3?ref=chat',
    );
    expect(opened.length).toBe(before);
    await win().app.screenshot('links-tool-result-question');
    await answerQuestion(page, 'Open in the browser');
    await expect
      .poll(() => opened.slice(before), { timeout: 30_000 })
      .toEqual(['https://report.invalid/q3?ref=chat']);
  });
});
