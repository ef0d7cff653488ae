// Many windows over one core (issue 48): two and three pages bound to the same host, as
// BrowserWindows are in main. A question is asked in one window only (the one showing its
// conversation), a conversation open in two windows stays the same in both (the other says where
// the question is, with "Answer here"), and a question whose window closes moves to the window
// still showing its conversation. A server's question during a tool call is asked in the window
// of the conversation that made the call, even when another window has focus.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { RESULTS_DIR } from './harness';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { allowOnce, answerQuestion, armedQuestion } from './helpers/questions';

const questions = (page: Page) => page.locator('[data-question]');
const messages = (page: Page) => page.locator('.message-list');

describe.skipIf(skipWhen('no-browser'))('many windows on one core', () => {
  const win = sharedChatWindow();

  it('opens a conversation in a new window, asks only there, keeps both windows the same, and moves the question when its window closes', async () => {
    const { app, api, files } = win();
    const first = app.page;
    api.push(reply(text('Hello from the first turn.')));
    await ask(first, 'Say hello');
    await first.getByText('Hello from the first turn.').waitFor();

    // "Open in new window" from the list's context menu: a second window on the same conversation.
    await first.locator('.conversation-open[aria-current="true"]').click({ button: 'right' });
    const item = first.getByRole('menuitem', { name: 'Open in new window' });
    await item.waitFor();
    await first.screenshot({ path: join(RESULTS_DIR, 'windows-context-menu.png') });
    await item.click();
    await expect.poll(() => app.opened.length).toBe(1);
    const second = app.opened[0];
    await second.getByText('Hello from the first turn.').waitFor();
    // A third window on nothing in particular: it hears server events but no conversation's.
    const third = await app.openWindow();
    await third.getByRole('textbox', { name: 'Message' }).waitFor();

    // The first window is where the user works: the tool's question is asked there, and only there.
    app.focus(first);
    const target = join(files, 'windows-note.txt');
    api.push(
      reply(toolUse('mcp__fs__write_file', { path: target, content: 'from two windows' })),
      reply(text('Written from one window.')),
    );
    const box = first.getByRole('textbox', { name: 'Message' });
    await box.fill('Write the note');
    await box.press('Enter');
    await armedQuestion(first);
    // The same conversation in the second window follows the turn: the message and the waiting tool.
    await second.getByText('Write the note').waitFor();
    await second.getByTestId('tool-card').filter({ hasText: 'Waiting for approval' }).waitFor();
    expect(await questions(second).count()).toBe(0);
    expect(await questions(third).count()).toBe(0);
    // The second window says where the question is, and can bring it over; then it goes back.
    const elsewhere = second.getByTestId('asked-elsewhere');
    await elsewhere.waitFor();
    await second.screenshot({ path: join(RESULTS_DIR, 'windows-second-follows.png') });
    await elsewhere.getByRole('button', { name: 'Answer here' }).click();
    await armedQuestion(second);
    await questions(first).waitFor({ state: 'detached' });
    await first.getByTestId('asked-elsewhere').getByRole('button', { name: 'Answer here' }).click();
    await armedQuestion(first);
    await questions(second).waitFor({ state: 'detached' });
    await first.screenshot({ path: join(RESULTS_DIR, 'windows-first-asks.png') });

    // The user moves to the third window and closes the first: the question moves to the window
    // that shows its conversation (not the focused one, which shows another), and is asked once.
    app.focus(third);
    await first.close();
    await armedQuestion(second);
    expect(await questions(second).count()).toBe(1);
    expect(await questions(third).count()).toBe(0);
    await allowOnce(second);
    await second.getByText('Written from one window.').waitFor();
    expect(await messages(second).textContent()).toContain('Write the note');
    expect(await questions(third).count()).toBe(0);

    // A rename in one window shows in the other's list.
    await second.locator('.conversation-open[aria-current="true"]').dblclick();
    const title = second.getByRole('textbox', { name: 'Conversation title' });
    await title.fill('Notes from two windows');
    await title.press('Enter');
    await third.locator('.conversation-open', { hasText: 'Notes from two windows' }).waitFor();
    // So does a pin.
    await second.locator('.conversation-open[aria-current="true"]').click({ button: 'right' });
    await second.getByRole('menuitem', { name: 'Pin to top' }).click();
    await third
      .getByRole('region', { name: 'Pinned' })
      .locator('.conversation-open', { hasText: 'Notes from two windows' })
      .waitFor();
    // A deletion in one window leaves the other's list, and its chat, which showed it.
    await third
      .locator('.conversation-open', { hasText: 'Notes from two windows' })
      .click({ button: 'right' });
    await third.getByRole('menuitem', { name: /^Delete/ }).click();
    await expect
      .poll(() =>
        second.locator('.conversation-open', { hasText: 'Notes from two windows' }).count(),
      )
      .toBe(0);
    await expect.poll(() => second.getByText('Write the note').count()).toBe(0);
  });

  it('the quick entry asks into a new conversation that opens in its own window, then closes', async () => {
    const { app, api } = win();
    const before = app.opened.length;
    api.push(reply(text('A quick answer.')));
    const quick = await app.openWindow({ quickEntry: true });
    await quick.setViewportSize({ width: 640, height: 240 });
    const field = quick.getByRole('textbox', { name: 'Question' });
    await field.fill('What is quick?');
    await quick.screenshot({ path: join(RESULTS_DIR, 'windows-quick-entry.png') });
    const closed = quick.waitForEvent('close');
    await field.press('Enter');
    await closed;
    // The conversation opened in a window of its own, with the question and its answer.
    await expect.poll(() => app.opened.length).toBe(before + 2);
    const answer = app.opened[before + 1];
    await answer.getByText('A quick answer.').waitFor();
    expect(await answer.locator('.message-list').textContent()).toContain('What is quick?');
    expect(await answer.locator('.conversation-open[aria-current="true"]').textContent()).toContain(
      'What is quick?',
    );
  });

  it('the quick entry shortcut is off until set in Settings, checked as typed, and rebindable', async () => {
    const { app } = win();
    const page = app.opened[0];
    const saved = async () =>
      (await (await app.host.services()).settings.view()).quickEntryShortcut;
    expect(await saved()).toBeNull();
    await page.keyboard.press('Control+,');
    const section = page.getByRole('region', { name: 'Quick entry' });
    const enabled = section.getByRole('checkbox', {
      name: 'Open the quick entry with a global shortcut',
    });
    expect(await enabled.isChecked()).toBe(false);
    const field = section.getByRole('textbox', { name: 'Shortcut' });
    await field.fill('Q');
    expect(await section.getByRole('button', { name: 'Save shortcut' }).isDisabled()).toBe(true);
    await section.getByText('A shortcut is one or more modifiers').waitFor();
    await field.fill('Alt+Shift+Q');
    await section.getByRole('button', { name: 'Save shortcut' }).click();
    await section.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await saved()).toBe('Alt+Shift+Q');
    expect(await enabled.isChecked()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS_DIR, 'windows-quick-entry-settings.png') });
    await enabled.click();
    await expect.poll(saved).toBeNull();
    await expect.poll(() => enabled.isChecked()).toBe(false);
  });

  it("asks a server's form in the window of the conversation whose call caused it, not the focused one", async () => {
    const { app, api } = win();
    const calling = await app.openWindow();
    const focused = await app.openWindow();
    for (const page of [calling, focused])
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
    api.push(
      reply(toolUse('mcp__every__trigger-elicitation-request', {})),
      reply(text('You declined the form.')),
    );
    await ask(calling, 'Ask me for my details');
    app.focus(focused);
    await allowOnce(calling);
    const form = await armedQuestion(calling);
    await form.getByRole('button', { name: 'Decline' }).waitFor();
    expect(await questions(focused).count()).toBe(0);
    // The form names the conversation it was asked for once the window shows another one.
    await calling.keyboard.press('Control+n');
    const elsewhere = form.getByTestId('question-elsewhere');
    await elsewhere.waitFor();
    expect(await elsewhere.textContent()).toContain('Ask me for my details');
    await calling.screenshot({ path: join(RESULTS_DIR, 'windows-server-form.png') });
    await elsewhere.getByRole('button', { name: 'Go to chat' }).click();
    await elsewhere.waitFor({ state: 'detached' });
    await answerQuestion(calling, 'Decline');
    await calling.getByText('You declined the form.').waitFor({ timeout: 30_000 });
    expect(await questions(focused).count()).toBe(0);
  });
});
