// Questions answered by accident (issue 12, item 2), performed in the real window against the real
// core and real MCP servers: keys typed while a permission question appears, Space, single
// letters, held Enter, and input before the question is armed. Each grants nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { ARMING_CHANGED_EVENT, ARMING_STORAGE_KEY } from '../../renderer/features/questions/arming';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { armedQuestion, denyQuestion } from './helpers/questions';

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      label: el?.getAttribute('aria-label') ?? null,
      tag: el?.tagName ?? null,
      inQuestion: Boolean(el?.closest('[data-question]')),
      text: el?.textContent ?? '',
    };
  });
const statuses = (page: Page) =>
  page
    .getByTestId('tool-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-status')));
const writeCall = (dir: string, name: string) =>
  toolUse('mcp__fs__write_file', { path: join(dir, name), content: 'destroyed' });

describe.skipIf(skipWhen('no-browser'))('questions cannot be answered by accident', () => {
  const win = sharedChatWindow();

  it('typing "check" while a question appears grants nothing: focus and the text stay in the composer; Tab and F6 move in and out', async () => {
    const { page } = win().app;
    win().api.push(reply(writeCall(win().files, 'check.txt')), reply(text('Not written.')));
    await ask(page, 'Overwrite check.txt');
    await page.keyboard.type('che');
    const question = page.getByRole('dialog');
    await question.waitFor({ timeout: 30_000 });
    await page.keyboard.type('ck');
    expect(await composer(page).inputValue()).toBe('check');
    expect((await focused(page)).label).toBe('Message');
    expect(await page.getByTestId('question-announcement').textContent()).toContain(
      'Lena asks: Allow mcp__fs__write_file from fs?',
    );
    await win().app.screenshot('questions-composer-keeps-focus');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'H2', inQuestion: true });
    await page.keyboard.press('Shift+F6');
    expect((await focused(page)).label).toBe('Message');
    expect(await composer(page).inputValue()).toBe('check');
    await denyQuestion(page);
    await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(['denied']);
    expect(existsSync(join(win().files, 'check.txt'))).toBe(false);
    await composer(page).fill('');
  });

  it('a question arriving while focus is elsewhere takes it on the heading, and the space in "yes please" allows nothing', async () => {
    const { page } = win().app;
    win().api.push(reply(writeCall(win().files, 'yes.txt')), reply(text('Not written.')));
    await page.keyboard.press('Control+n');
    await composer(page).fill('Overwrite yes.txt');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog').waitFor({ timeout: 30_000 });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H2', inQuestion: true });
    await page.keyboard.type('yes please');
    await page.keyboard.press('Enter');
    await win().app.screenshot('questions-heading-focus');
    await denyQuestion(page);
    await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(['denied']);
    expect(existsSync(join(win().files, 'yes.txt'))).toBe(false);
  });

  it('`a` then Enter saves nothing; a lasting "Always allow" asks "Are you sure?" with Cancel as the default', async () => {
    const { page, host } = win().app;
    win().api.push(reply(writeCall(win().files, 'always.txt')), reply(text('Not written.')));
    await ask(page, 'Overwrite always.txt');
    const question = await armedQuestion(page);
    await page.keyboard.press('F6');
    await page.keyboard.press('a');
    await page.keyboard.press('Enter');
    expect(await question.getByText('Are you sure').count()).toBe(0);
    await question.getByRole('button', { name: 'Always allow this tool' }).focus();
    await page.keyboard.press('Enter');
    await question.getByText('Are you sure').waitFor();
    expect((await focused(page)).text).toBe('Cancel');
    await win().app.screenshot('questions-are-you-sure');
    await page.keyboard.press('Enter');
    await question.getByRole('button', { name: 'Always allow this tool' }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'H2', inQuestion: true });
    await denyQuestion(page);
    await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(['denied']);
    const rules = (await host.dispatch('permissions:rules', undefined, { senderUrl: 'test' })) as {
      ok: boolean;
      value: { list: string; rule: string }[];
    };
    expect(rules.value.filter((r) => r.list === 'allow')).toEqual([]);
    expect(existsSync(join(win().files, 'always.txt'))).toBe(false);
  });

  it('Enter in the reason field never submits; with the reason open, Ctrl+Enter sends the denial and its reason', async () => {
    const { page } = win().app;
    win().api.push(reply(writeCall(win().files, 'reason.txt')), reply(text('Understood.')));
    const before = win().api.messageRequests().length;
    await ask(page, 'Overwrite reason.txt');
    const question = await armedQuestion(page);
    await question.getByRole('button', { name: 'Deny with reason ▾' }).click();
    const reason = question.getByLabel('Reason for denying (sent to Claude)');
    await reason.fill('Not that file');
    await reason.press('Enter');
    expect(await reason.inputValue()).toBe('Not that file');
    expect(await question.count()).toBe(1);
    expect(await question.textContent()).toContain('Ctrl+Enter: Deny with this reason');
    await reason.press('Control+Enter');
    await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(['denied']);
    await page.getByText('Understood.').waitFor({ timeout: 30_000 });
    expect(JSON.stringify(win().api.messageRequests()[before + 1])).toContain('Not that file');
    expect(existsSync(join(win().files, 'reason.txt'))).toBe(false);
  });

  it('held Enter (auto-repeat) approves none of three queued destructive calls', async () => {
    const { page } = win().app;
    const names = ['one.txt', 'two.txt', 'three.txt'];
    win().api.push(
      reply(...names.map((n) => writeCall(win().files, n))),
      reply(text('None written.')),
    );
    await ask(page, 'Overwrite three files');
    let question = await armedQuestion(page);
    await page.keyboard.press('F6');
    await page.keyboard.down('Enter'); // on the heading: nothing
    await question.getByRole('button', { name: /^Allow once/ }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.down('Enter'); // repeats on "Allow once"
    for (let n = 0; n < names.length; n++) {
      question = await armedQuestion(page);
      expect(await question.textContent()).toContain(names[n]);
      const id = await question.getAttribute('data-question');
      if (!(await focused(page)).inQuestion) await page.keyboard.press('F6');
      for (let i = 0; i < 3; i++) await page.keyboard.down('Enter');
      await page.keyboard.press('Escape');
      await page.locator(`[data-question="${id}"]`).waitFor({ state: 'detached' });
    }
    await page.keyboard.up('Enter');
    await expect
      .poll(() => statuses(page), { timeout: 30_000 })
      .toEqual(['denied', 'denied', 'denied']);
    for (const n of names) expect(existsSync(join(win().files, n))).toBe(false);
  });
});

describe.skipIf(skipWhen('no-browser'))('a question ignores input until it is armed', () => {
  const win = sharedChatWindow({ questionArmingMs: 600_000 });
  const setArming = (page: Page, ms: number) =>
    page.evaluate(
      ([key, event, value]) => {
        localStorage.setItem(key, value);
        window.dispatchEvent(new Event(event));
      },
      [ARMING_STORAGE_KEY, ARMING_CHANGED_EVENT, String(ms)] as const,
    );

  it('ignores Enter, Space, Ctrl+Enter, Escape and clicks before arming, after it appears and when it advances', async () => {
    const { page } = win().app;
    win().api.push(
      reply(writeCall(win().files, 'a.txt'), writeCall(win().files, 'b.txt')),
      reply(text('Nothing written.')),
    );
    await ask(page, 'Overwrite a and b');
    for (const name of ['a.txt', 'b.txt']) {
      const question = page.locator('[data-question][data-armed="false"]');
      await question.waitFor({ timeout: 30_000 });
      expect(await question.textContent()).toContain(name);
      const allow = question.getByRole('button', { name: /^Allow once/ });
      await allow.focus();
      for (const key of ['Enter', ' ', 'Control+Enter', 'Escape']) await page.keyboard.press(key);
      await allow.click();
      await question.getByRole('button', { name: 'Always allow this tool' }).click();
      expect(await question.getByText('Are you sure').count()).toBe(0);
      if (name === 'a.txt') await win().app.screenshot('questions-unarmed');
      // The setting changes: the open question arms at once; the next one waits the long delay again.
      await setArming(page, 0);
      const armed = await armedQuestion(page);
      await setArming(page, 600_000);
      await armed.getByRole('button', { name: /^Deny Esc/ }).click();
      await expect.poll(() => statuses(page), { timeout: 30_000 }).toContain('denied');
    }
    await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(['denied', 'denied']);
    expect(existsSync(join(win().files, 'a.txt'))).toBe(false);
    expect(existsSync(join(win().files, 'b.txt'))).toBe(false);
  });
});
