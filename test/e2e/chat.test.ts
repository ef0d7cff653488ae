// Conversations in the window against the real core, real MCP servers and the scripted Messages
// API: approve a write (flow 1), deny with a reason (flow 2), trusted read-only tools without a
// dialog (flow 3), and Stop during a long tool call (flow 7).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolResultsOf, toolResultText, toolUse } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { allowOnce } from './helpers/questions';

describe.skipIf(skipWhen('no-browser'))('chat in the window', () => {
  const win = sharedChatWindow();

  it('1. asks before a write, shows the arguments, runs it on Allow once, streams the answer, and keeps it after a reload', async () => {
    const { page } = win().app;
    const target = join(win().files, 'todo.md');
    win().api.push(
      reply(toolUse('mcp__fs__write_file', { path: target, content: '- buy milk\n' })),
      reply(text('I wrote the list to todo.md for you.', 4)),
    );
    await ask(page, 'Write my todo list');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('heading').textContent()).toBe('Write File — fs · untrusted');
    expect(await dialog.getByTestId('wire-name').textContent()).toBe(
      'mcp__fs__write_file · title given by the server',
    );
    expect(await dialog.textContent()).toContain(target);
    expect(await dialog.textContent()).toContain('buy milk');
    // The message was sent from the composer, so the caret stays there (the question is announced).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Message',
    );
    await win().app.screenshot('chat-permission-dialog');
    await allowOnce(page);
    await expect
      .poll(() => page.getByTestId('tool-card').first().getAttribute('data-status'), {
        timeout: 30_000,
      })
      .toBe('done');
    await expect
      .poll(() => page.getByText('I wrote the list to todo.md for you.').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('- buy milk\n');
    await win().app.screenshot('chat-allowed');
    await page.reload();
    await page.getByRole('button', { name: 'Write my todo list', exact: true }).click();
    await expect
      .poll(() => page.getByText('I wrote the list to todo.md for you.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.getByTestId('tool-card').first().getAttribute('data-status')).toBe('done');
  });

  it('2. Deny with a reason: nothing is written and the model receives the reason', async () => {
    const { page } = win().app;
    const target = join(win().files, 'secret.txt');
    win().api.push(
      reply(toolUse('mcp__fs__write_file', { path: target, content: 'x' })),
      reply(text('Understood, I will not write it.')),
    );
    const before = win().api.messageRequests().length;
    await ask(page, 'Write a secret file');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    // Keyboard first: F6 moves from the composer to the question's heading, and Tab never leaves it.
    await page.keyboard.press('F6');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]'))),
      ).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Deny with reason ▾' }).click();
    await dialog
      .getByLabel('Reason for denying (sent to Claude)')
      .fill('Not in that folder, please');
    await dialog.getByRole('button', { name: /^Deny Esc/ }).click();
    await expect
      .poll(() => page.getByText('Understood, I will not write it.').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await page.getByTestId('tool-card').last().getAttribute('data-status')).toBe('denied');
    expect(existsSync(target)).toBe(false);
    const results = toolResultsOf(win().api.messageRequests()[before + 1]);
    expect(toolResultText(results[0].content)).toContain('Not in that folder, please');
    await win().app.screenshot('chat-denied');
  });

  it('3. a trusted server’s read-only tool runs without a dialog; the same tool of an untrusted server asks', async () => {
    const { page } = win().app;
    await page.keyboard.press('Control+,');
    const auto = page.getByRole('checkbox', {
      name: 'Run read-only tools of trusted servers without asking',
    });
    if (!(await auto.isChecked())) {
      await auto.check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved.').waitFor();
    }
    await page.getByRole('button', { name: /servers$/ }).click();
    await page.getByRole('button', { name: /^fs/ }).click();
    await page.getByRole('checkbox', { name: 'Trusted' }).click();
    await win().app.screenshot('chat-trusting');
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Trusted' }).isChecked(), { timeout: 10_000 })
      .toBe(true);

    win().api.push(
      reply(toolUse('mcp__fs__list_directory', { path: win().files })),
      reply(text('Your folder has todo.md.')),
    );
    await ask(page, 'What is in my folder?');
    await expect
      .poll(() => page.getByText('Your folder has todo.md.').isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('tool-card').last().getAttribute('data-status')).toBe('done');

    await page.getByRole('button', { name: /servers$/ }).click();
    await page.getByRole('button', { name: /^fs/ }).click();
    await page.getByRole('checkbox', { name: 'Trusted' }).click();
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Trusted' }).isChecked())
      .toBe(false);
    win().api.push(
      reply(toolUse('mcp__fs__list_directory', { path: win().files })),
      reply(text('Listed again.')),
    );
    await ask(page, 'And now?');
    await page.getByRole('dialog').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('dialog').textContent()).toMatch(/read-only/);
    await win().app.screenshot('chat-untrusted-asks');
    await allowOnce(page);
    await expect
      .poll(() => page.getByText('Listed again.').isVisible(), { timeout: 30_000 })
      .toBe(true);
  });

  it('7. Stop during a long-running tool call: the card shows cancelled and the server received the cancellation', async () => {
    const { page } = win().app;
    // Stop ends the turn, so core never asks for a follow-up answer: script only the tool call.
    win().api.push(
      reply(toolUse('mcp__every__trigger-long-running-operation', { duration: 30, steps: 30 })),
    );
    await ask(page, 'Run the long operation');
    await page.getByRole('dialog').waitFor({ timeout: 30_000 });
    await allowOnce(page);
    await expect
      .poll(() => page.getByTestId('tool-card').last().getAttribute('data-status'), {
        timeout: 30_000,
      })
      .toBe('running');
    await expect.poll(() => page.locator('.tool-progress').count(), { timeout: 10_000 }).toBe(1);
    await win().app.screenshot('chat-long-running');
    await page.getByRole('button', { name: '■ Stop' }).click();
    await expect
      .poll(() => page.getByTestId('tool-card').last().getAttribute('data-status'), {
        timeout: 30_000,
      })
      .toBe('cancelled');
    const logs = (await win().app.host.dispatch(
      'servers:logs',
      { name: 'every' },
      { senderUrl: 'test' },
    )) as { ok: boolean; value: { protocol: { direction: string; method: string | null }[] } };
    expect(
      logs.value.protocol.some(
        (p) => p.direction === 'out' && p.method === 'notifications/cancelled',
      ),
    ).toBe(true);
    await win().app.screenshot('chat-cancelled');
  });

  it('the card’s Cancel cancels one tool call and the turn goes on', async () => {
    const { page } = win().app;
    win().api.push(
      reply(toolUse('mcp__every__trigger-long-running-operation', { duration: 30, steps: 30 })),
      reply(text('Fine, I cancelled that one.')),
    );
    await ask(page, 'Run it and let me cancel');
    await page.getByRole('dialog').waitFor({ timeout: 30_000 });
    await allowOnce(page);
    const card = page.getByTestId('tool-card').last();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('running');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 30_000 })
      .toBe('cancelled');
    await page.getByText('Fine, I cancelled that one.').waitFor({ timeout: 30_000 });
  });

  it('Esc stops a running turn from the keyboard', async () => {
    const { page } = win().app;
    win().api.push(
      reply(toolUse('mcp__every__trigger-long-running-operation', { duration: 30, steps: 30 })),
    );
    await ask(page, 'Run it once more');
    await page.getByRole('dialog').waitFor({ timeout: 30_000 });
    await allowOnce(page);
    await expect
      .poll(() => page.getByTestId('tool-card').last().getAttribute('data-status'), {
        timeout: 30_000,
      })
      .toBe('running');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByTestId('tool-card').last().getAttribute('data-status'), {
        timeout: 30_000,
      })
      .toBe('cancelled');
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
  });

  it('shows tool images as thumbnails that open large, and structured content as JSON', async () => {
    const { page } = win().app;
    win().api.push(
      reply(
        toolUse('mcp__every__get-tiny-image', {}),
        toolUse('mcp__every__get-structured-content', { location: 'Chicago' }),
      ),
      reply(text('Here are the picture and the weather.')),
    );
    await ask(page, 'Show me a picture and the weather');
    for (let i = 0; i < 2; i++) {
      await page.getByRole('dialog').waitFor({ timeout: 30_000 });
      await allowOnce(page);
      await expect
        .poll(() => page.getByRole('dialog').count(), { timeout: 10_000 })
        .toBeLessThanOrEqual(1 - i);
    }
    await page.getByText('Here are the picture and the weather.').waitFor({ timeout: 30_000 });
    const cards = page.getByTestId('tool-card');
    await cards.nth(-2).getByRole('button', { name: /Done/ }).click();
    await cards.nth(-1).getByRole('button', { name: /Done/ }).click();
    const thumb = page.getByRole('button', { name: /Open Image 1 from the tool large/ });
    expect(await thumb.locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await page.locator('.tool-result .code-block').last().textContent()).toMatch(
      /structured content.*"temperature"/s,
    );
    await win().app.screenshot('chat-tool-results');
    await thumb.click();
    await page.getByRole('dialog', { name: /Image 1 from the tool/ }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    expect(win().app.foreignRequests()).toEqual([]);
  });

  it('sends an attached image and a text file with the message', async () => {
    const { page } = win().app;
    win().api.push(reply(text('I see a tiny picture and your notes.')));
    await page.keyboard.press('Control+n');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.locator('.composer input[type=file]').setInputFiles([
      { name: 'dot.png', mimeType: 'image/png', buffer: png },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('remember the milk') },
    ]);
    await page.getByRole('list', { name: 'Attachments' }).waitFor();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('What do you see?');
    await box.press('Enter');
    await page.getByText('I see a tiny picture and your notes.').waitFor({ timeout: 30_000 });
    const body = JSON.stringify(win().api.messageRequests().at(-1)!.body.messages);
    expect(body).toContain(png.toString('base64'));
    expect(body).toContain('remember the milk');
    expect(await page.getByRole('img', { name: 'Attached image' }).count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Attachments' }).count()).toBe(0);
  });
});
