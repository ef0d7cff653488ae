// Issue 15's fixes in a turn, as the user sees them: "Allow for this chat" also answers the
// identical request already waiting in the queue; Escape in the composer denies a waiting question
// before it would stop the turn (the innermost surface); a cut stream keeps its text so far, with a
// note that goes when the automatic retry's answer arrives (or one note with Retry when it fails).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { armedQuestion } from './helpers/questions';

describe.skipIf(skipWhen('no-browser'))('window fixes in a turn', () => {
  const win = sharedChatWindow();

  it('"Allow for this chat" answers the identical read already waiting, without asking again', async () => {
    const { page } = win().app;
    writeFileSync(join(win().files, 'a.txt'), 'alpha');
    writeFileSync(join(win().files, 'b.txt'), 'bravo');
    // Two read-only calls run side by side, so both questions are queued at once.
    win().api.push(
      reply(
        toolUse('mcp__fs__read_text_file', { path: join(win().files, 'a.txt') }),
        toolUse('mcp__fs__read_text_file', { path: join(win().files, 'b.txt') }),
      ),
      reply(text('They say alpha and bravo.')),
    );
    await ask(page, 'Read a and b');
    const question = await armedQuestion(page);
    await expect.poll(() => question.textContent(), { timeout: 30_000 }).toContain('1 of 2');
    // A long one-line description says its size in characters, not "1 lines".
    expect(
      await question.getByRole('button', { name: /^Show the full description/ }).textContent(),
    ).toMatch(/^Show the full description \([\d,]+ characters\)$/);
    await win().app.screenshot('fixes-queue-two');
    await question.getByRole('button', { name: /^Allow for this chat/ }).click();
    await page.getByText('They say alpha and bravo.').waitFor({ timeout: 30_000 });
    const cards = page.getByTestId('tool-card');
    await expect
      .poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))
      .toEqual(['done', 'done']);
    expect(await page.locator('[data-question]').count()).toBe(0);
    expect(win().api.messageRequests().at(-1)?.body.messages?.at(-1)?.content).toHaveLength(2);
  });

  it('Escape in the composer while a question waits denies the question, and the turn goes on', async () => {
    const { page } = win().app;
    win().api.push(
      reply(toolUse('mcp__fs__write_file', { path: join(win().files, 'esc.txt'), content: 'no' })),
      reply(text('Not written, as you wish.')),
    );
    await ask(page, 'Write esc.txt');
    const question = await armedQuestion(page);
    // The composer kept focus (the question was announced, not focused).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Message',
    );
    const id = await question.getAttribute('data-question');
    await page.keyboard.press('Escape');
    await page.locator(`[data-question="${id}"]`).waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText('Not written, as you wish.').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('tool-card').last().getAttribute('data-status'))
      .toBe('denied');
  });

  it('a cut stream keeps its text while Lena asks again; the note goes when the new answer arrives', async () => {
    const { page } = win().app;
    win().api.push(
      reply(text('The first half of the answer, and then'), { cutAfterEvents: 6 }),
      reply(text('The whole answer, from the start.'), { delayMs: 150 }),
    );
    await ask(page, 'Tell me everything');
    const partial = page.getByRole('listitem').filter({ hasText: 'The first half of the an' });
    await expect
      .poll(() => partial.textContent(), { timeout: 30_000 })
      .toContain('Lena is asking again');
    await win().app.screenshot('fixes-cut-retrying');
    await page.getByText('The whole answer, from the start.').waitFor({ timeout: 30_000 });
    await expect.poll(() => partial.count()).toBe(0);
    expect(await page.locator('.chat-error').count()).toBe(0);
    await win().app.screenshot('fixes-cut-retried');
  });

  it('a stream cut on every attempt keeps its text with one note and Retry, which asks again', async () => {
    const { page } = win().app;
    const cut = () => reply(text('Half of an answer that never'), { cutAfterEvents: 6 });
    win().api.push(cut(), cut(), cut());
    await ask(page, 'Try hard');
    const note = page.locator('.chat-error');
    await expect
      .poll(() => note.last().textContent(), { timeout: 60_000 })
      .toMatch(/The text so far is kept; Retry asks again/);
    expect(await note.count()).toBe(1);
    expect(
      await page.getByRole('listitem').filter({ hasText: 'Half of an answer that' }).count(),
    ).toBe(1);
    await win().app.screenshot('fixes-cut-gave-up');
    win().api.push(reply(text('Complete at last.')));
    await note.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Complete at last.').waitFor({ timeout: 30_000 });
    await expect.poll(() => note.count()).toBe(0);
    expect(await page.getByText('Half of an answer that').count()).toBe(0);
  });
});
