// Control per conversation (issue 16), in Chromium against the real core, the reference servers
// and the scripted Messages API (which records every request): the composer's tools menu (a tool
// switched off in one chat is absent from that chat's requests and present in another's, the
// token count drops, the choice survives a reload, keyboard and axe), the model picker in the
// composer, and the `< 2/3 >` branch switcher after Edit and Regenerate.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, type RecordedRequest } from '../fixtures/messages-api';
import { AxeTally, describeFindings } from './helpers/axe';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { closeModelPopover, modelChip, pickModel } from './helpers/composer';

const toolNames = (req: RecordedRequest | undefined): string[] =>
  ((req?.body.tools ?? []) as { name: string }[]).map((t) => t.name);
const active = (page: Page) =>
  page.evaluate(() => ({
    role: document.activeElement?.getAttribute('role'),
    label: document.activeElement?.getAttribute('aria-label'),
  }));

/** The composer's token count as a number ("≈3.2k tokens" → 3200). */
async function composerTokens(page: Page): Promise<number> {
  const t = (await page.getByTestId('composer-tokens').textContent()) ?? '';
  const m = /([\d.]+)\s*(k|M)?/.exec(t.replace('≈', ''));
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === 'k' ? 1000 : m[2] === 'M' ? 1_000_000 : 1);
}

/** Sends in the open conversation and waits for the scripted answer. */
async function sendHere(
  page: Page,
  message: string,
  answer: string,
  win: ReturnType<ReturnType<typeof sharedChatWindow>>,
) {
  win.api.push(reply(text(answer)));
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(message);
  await box.press('Enter');
  await page.getByText(answer).waitFor({ timeout: 30_000 });
}

/** Opens the tools menu (on its filter box) and moves with ↓ until the row named `label` has focus. */
async function focusRow(page: Page, label: string): Promise<void> {
  const button = page.getByRole('button', { name: /tools, for this conversation$/ });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await page.getByRole('menu', { name: 'Tools for this conversation' }).waitFor();
  for (let i = 0; i < 80 && (await active(page)).label !== label; i++)
    await page.keyboard.press('ArrowDown');
  expect(await active(page)).toEqual({ role: 'menuitemcheckbox', label });
}

/** The tools menu's switch for `label`, found through the filter (only the rows on screen exist). */
async function rowState(page: Page, filter: string, label: string): Promise<string | null> {
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill(filter);
  return page.getByRole('menuitemcheckbox', { name: label }).getAttribute('aria-checked');
}

describe.skipIf(skipWhen('no-browser'))('control per conversation', () => {
  const win = sharedChatWindow();

  it('a tool switched off in one chat is left out of its requests only, costs no tokens there, and stays off after a reload', async () => {
    const { page } = win().app;
    win().api.push(reply(text('Chat A, first answer.')));
    await ask(page, 'Chat A');
    await page.getByText('Chat A, first answer.').waitFor({ timeout: 30_000 });
    expect(toolNames(win().api.messageRequests().at(-1))).toContain('mcp__every__echo');
    await expect.poll(() => composerTokens(page), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await composerTokens(page);
    const toolsOn = async () =>
      Number(
        /^(\d+) tools/.exec(
          (await page
            .getByRole('button', { name: /tools, for this conversation$/ })
            .getAttribute('aria-label')) ?? '',
        )?.[1],
      );
    const countBefore = await toolsOn();
    expect(countBefore).toBeGreaterThan(10);

    // Keyboard: ↓ opens the menu on its first row, ↓ moves, Space flips, Escape closes and returns focus.
    const button = page.getByRole('button', { name: /tools, for this conversation$/ });
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await active(page)).role).toBe('menuitemcheckbox');
    // End and Home go to the last and the first row.
    await page.keyboard.press('End');
    expect((await active(page)).label).not.toBe('All tools of fs');
    await page.keyboard.press('Home');
    expect((await active(page)).label).toMatch(/^All tools of /);
    // Type-to-filter: typing on a row goes on in the filter box; ↓ goes back into the list.
    await page.keyboard.type('echo');
    await expect
      .poll(() => page.getByRole('searchbox', { name: 'Filter tools' }).inputValue())
      .toBe('echo');
    expect(await active(page)).toEqual({ role: null, label: 'Filter tools' });
    await page.keyboard.press('ArrowDown');
    expect((await active(page)).label).toBe('All tools of every');
    await page.keyboard.press('ArrowDown');
    expect(await active(page)).toEqual({ role: 'menuitemcheckbox', label: 'Echo Tool' });
    await page.keyboard.press('Space');
    await expect
      .poll(() =>
        page.getByRole('menuitemcheckbox', { name: 'Echo Tool' }).getAttribute('aria-checked'),
      )
      .toBe('false');
    await win().app.screenshot('chat-tools-menu');
    const tally = new AxeTally();
    const severe = await tally.scan(page, 'tools menu');
    expect(severe, describeFindings(severe)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await active(page)).toMatchObject({
      label: expect.stringMatching(/tools, for this conversation$/),
    });
    await expect.poll(() => composerTokens(page), { timeout: 15_000 }).toBeLessThan(before);
    await expect.poll(toolsOn, { timeout: 15_000 }).toBe(countBefore - 1);

    await sendHere(page, 'Chat A again', 'Chat A, second answer.', win());
    const inA = toolNames(win().api.messageRequests().at(-1));
    expect(inA).not.toContain('mcp__every__echo');
    expect(inA).toContain('mcp__every__get-sum');

    // Another conversation keeps the defaults.
    win().api.push(reply(text('Chat B answer.')));
    await ask(page, 'Chat B');
    await page.getByText('Chat B answer.').waitFor({ timeout: 30_000 });
    expect(toolNames(win().api.messageRequests().at(-1))).toContain('mcp__every__echo');
    await expect.poll(() => composerTokens(page), { timeout: 15_000 }).toBe(before);

    // A whole server off in B: none of its tools is sent there.
    await focusRow(page, 'All tools of fs');
    await page.keyboard.press('Space');
    await expect
      .poll(() =>
        page
          .getByRole('menuitemcheckbox', { name: 'All tools of fs' })
          .getAttribute('aria-checked'),
      )
      .toBe('false');
    await page.keyboard.press('Escape');
    await sendHere(page, 'Chat B again', 'Chat B, second answer.', win());
    expect(
      toolNames(win().api.messageRequests().at(-1)).filter((n) => n.startsWith('mcp__fs__')),
    ).toEqual([]);

    // Stored with the conversation: after a reload chat A still has Echo off.
    await page.reload();
    await page.getByRole('button', { name: 'Chat A', exact: true }).click();
    await page.getByText('Chat A, second answer.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /tools, for this conversation$/ }).click();
    await expect.poll(() => rowState(page, 'echo', 'Echo Tool'), { timeout: 15_000 }).toBe('false');
    expect(await rowState(page, 'fs', 'All tools of fs')).toBe('true');
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('');
    // Narrow (720×540) and dark: the menu fits the window above the composer, nothing runs off the side.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of [
        { width: 1280, height: 800 },
        { width: 720, height: 540 },
      ]) {
        await page.setViewportSize(size);
        const box = await page
          .getByRole('menu', { name: 'Tools for this conversation' })
          .boundingBox();
        expect(box, `menu at ${size.width}×${size.height}`).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        // The composer's controls stay inside it, one line: model, tools button and token count visible.
        expect(await modelChip(page).isVisible()).toBe(true);
        const tokens = await page.getByTestId('composer-tokens').boundingBox();
        expect(tokens!.x + tokens!.width).toBeLessThanOrEqual(size.width);
        await win().app.screenshot(`chat-tools-menu-${size.width}x${size.height}-${scheme}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => composerTokens(page), { timeout: 15_000 }).toBeLessThan(before);
    // Switched back on, Echo follows the servers page again; a switch is no activity, so chat A
    // keeps its place below chat B in the list.
    const order = () => page.locator('.conversation-open').allTextContents();
    await expect
      .poll(async () => (await order()).slice(0, 2), { timeout: 15_000 })
      .toEqual(['Chat B', 'Chat A']);
    await focusRow(page, 'Echo Tool');
    await page.keyboard.press('Space');
    await expect
      .poll(() =>
        page.getByRole('menuitemcheckbox', { name: 'Echo Tool' }).getAttribute('aria-checked'),
      )
      .toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => composerTokens(page), { timeout: 15_000 }).toBe(before);
    expect((await order()).slice(0, 2)).toEqual(['Chat B', 'Chat A']);
  });

  it('in the blank chat, picking a model or switching a tool creates the conversation and keeps what was typed', async () => {
    const { page } = win().app;
    await page.reload();
    await page.getByRole('heading', { name: 'Start a conversation' }).waitFor({ timeout: 15_000 });
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Typed before choosing');
    await expect.poll(() => modelChip(page).isEnabled(), { timeout: 15_000 }).toBe(true);
    await pickModel(page, 'Claude Haiku 4.5');
    await expect
      .poll(() => modelChip(page).textContent(), { timeout: 10_000 })
      .toContain('Haiku 4.5');
    await closeModelPopover(page);
    await focusRow(page, 'Echo Tool');
    await page.keyboard.press('Space');
    await expect
      .poll(() =>
        page.getByRole('menuitemcheckbox', { name: 'Echo Tool' }).getAttribute('aria-checked'),
      )
      .toBe('false');
    await page.keyboard.press('Escape');
    await expect.poll(() => box.inputValue()).toBe('Typed before choosing');
    win().api.push(reply(text('Blank chat answered.')));
    await box.press('Enter');
    await page.getByText('Blank chat answered.').waitFor({ timeout: 30_000 });
    const sent = win().api.messageRequests().at(-1)!;
    expect(sent.body.model).toBe('claude-haiku-4-5');
    expect(toolNames(sent)).not.toContain('mcp__every__echo');
    expect(toolNames(sent)).toContain('mcp__every__get-sum');
  });

  it('the model picker in the composer changes the model of the next request', async () => {
    const { page } = win().app;
    win().api.push(reply(text('Default model here.')));
    await ask(page, 'Which model?');
    await page.getByText('Default model here.').waitFor({ timeout: 30_000 });
    await expect.poll(() => modelChip(page).isEnabled(), { timeout: 15_000 }).toBe(true);
    // Keyboard-reachable: Tab from the message box gets to it (after "+"), Enter opens its
    // popover on the conversation's model, ↓ and Enter pick another.
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect((await active(page)).label).toMatch(/^Model for this conversation: /);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await active(page)).role).toBe('option');
    await pickModel(page, 'Claude Haiku 4.5');
    await closeModelPopover(page);
    await sendHere(page, 'And now?', 'Haiku here.', win());
    expect(win().api.messageRequests().at(-1)!.body.model).toBe('claude-haiku-4-5');
  });

  it('Edit and Regenerate keep branches; the switcher shows each one and the next turn continues it', async () => {
    const { page } = win().app;
    win().api.push(reply(text('Answer one.')));
    await ask(page, 'Original question');
    await page.getByText('Answer one.').waitFor({ timeout: 30_000 });
    // Regenerate twice: three answers to one prompt.
    for (const answer of ['Answer two.', 'Answer three.']) {
      win().api.push(reply(text(answer)));
      await page.getByRole('button', { name: 'Regenerate' }).click();
      await page.getByText(answer).waitFor({ timeout: 30_000 });
    }
    const answerBranches = page.getByRole('group', { name: 'Branch 3 of 3' });
    await answerBranches.waitFor({ timeout: 15_000 });
    expect(await answerBranches.textContent()).toContain('3/3');
    // Keyboard: the previous arrow shows answer two, and focus stays on that arrow.
    await answerBranches.getByRole('button', { name: 'Previous branch' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Answer two.').waitFor({ timeout: 15_000 });
    expect(await page.getByText('Answer three.').count()).toBe(0);
    await expect.poll(() => active(page)).toEqual({ role: null, label: 'Previous branch' });
    await page.keyboard.press('Enter');
    await page.getByText('Answer one.').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('group', { name: 'Branch 1 of 3' }).count()).toBe(1);
    await win().app.screenshot('branch-switcher-answer');

    // The next message continues the branch shown (answer one), not the newest.
    await sendHere(page, 'Follow-up on one', 'Follow-up answer.', win());
    const history = JSON.stringify(win().api.messageRequests().at(-1)!.body.messages);
    expect(history).toContain('Answer one.');
    expect(history).not.toContain('Answer three.');

    // Edit the first question: two branches of the question.
    win().api.push(reply(text('Answer to the edit.')));
    await page.getByRole('listitem', { name: 'Your message' }).first().hover();
    await page.getByRole('button', { name: 'Edit' }).first().click();
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await editor.fill('Edited question');
    await editor.press('Enter');
    await page.getByText('Answer to the edit.').waitFor({ timeout: 30_000 });
    const questionBranches = page.getByRole('group', { name: 'Branch 2 of 2' });
    await questionBranches.waitFor({ timeout: 15_000 });
    await questionBranches.getByRole('button', { name: 'Previous branch' }).click();
    await page.getByText('Follow-up answer.').waitFor({ timeout: 15_000 });
    const messages = page.getByRole('list', { name: 'Messages' });
    expect(await messages.getByText('Original question').count()).toBe(1);
    expect(await messages.getByText('Edited question').count()).toBe(0);
    await win().app.screenshot('branch-switcher-question');
    const tally = new AxeTally();
    const severe = await tally.scan(page, 'branch switcher');
    expect(severe, describeFindings(severe)).toEqual([]);
    await page.setViewportSize({ width: 720, height: 540 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        720,
      );
      await win().app.screenshot(`branch-switcher-720x540-${scheme}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page
      .getByRole('group', { name: 'Branch 1 of 2' })
      .getByRole('button', { name: 'Next branch' })
      .click();
    await page.getByText('Answer to the edit.').waitFor({ timeout: 15_000 });
    expect(await messages.getByText('Follow-up answer.').count()).toBe(0);
    expect(await messages.getByText('Edited question').count()).toBe(1);
  });
});
