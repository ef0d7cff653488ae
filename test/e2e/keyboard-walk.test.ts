// The first hour without a mouse (issue 15): first run, add the API key, add a server, a new chat,
// send, answer the permission dialog, open the servers page, edit and save, with focus checked
// at every step and no page.click anywhere: only the keyboard moves.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import {
  reply,
  startMessagesApiServer,
  text,
  toolUse,
  type MessagesApiServer,
} from '../fixtures/messages-api';
import { referenceServer } from './helpers/core';
import { armedQuestion } from './helpers/questions';
import { openWindow, type WindowSession } from './helpers/session';

const focused = (l: Locator) =>
  l.evaluate((el) => el === document.activeElement).catch(() => false);
const activeLabel = (page: Page) =>
  page.evaluate(
    () =>
      document.activeElement?.getAttribute('aria-label') ??
      document.activeElement?.textContent ??
      null,
  );

/** Presses Tab until `target` has focus (at most `max` presses); fails if it never does. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await focused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(
    `Tab never reached ${target.toString()} (focus is on ${await activeLabel(page)})`,
  );
}

describe.skipIf(skipWhen('no-browser'))('the first hour, keyboard only', () => {
  let app: WindowSession;
  let api: MessagesApiServer;
  let home: string;
  let files: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-keys-'));
    files = join(home, 'files');
    mkdirSync(files);
    api = await startMessagesApiServer();
    app = await openWindow({
      home,
      questionArmingMs: 0,
      env: { PATH: process.env.PATH, HOME: home, ANTHROPIC_BASE_URL: api.url },
    });
  });
  afterAll(async () => {
    await app?.dispose();
    await api?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('walks from first run to a saved server edit', async () => {
    const { page } = app;
    const composer = page.getByRole('textbox', { name: 'Message' });

    // Launch: the caret is in the composer.
    await page.getByRole('heading', { name: 'Connect Lena to Claude' }).waitFor();
    await expect.poll(() => focused(composer)).toBe(true);

    // "Add your Anthropic API key" puts the caret in the key field.
    await tabTo(page, page.getByRole('button', { name: 'Add your Anthropic API key' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page.getByLabel('Anthropic API key'))).toBe(true);
    await page.keyboard.type('sk-ant-keyboard-walk-0123456789');
    await page.keyboard.press('Enter');
    await page
      .getByRole('heading', { name: 'Connect Lena to Claude' })
      .waitFor({ state: 'detached', timeout: 15_000 });

    // "Add a server" opens the form with the caret in Name; a typed command line is split.
    await tabTo(page, page.getByRole('button', { name: 'Add a server' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page.getByLabel('Name'))).toBe(true);
    await page.keyboard.type('fs');
    await tabTo(page, page.getByLabel('Command', { exact: true }));
    await page.keyboard.type(`${process.execPath} ${referenceServer('filesystem')} ${files}`);
    await expect
      .poll(() => page.getByTestId('command-split-preview').textContent())
      .toContain('2 arguments');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.getByLabel('Command', { exact: true }).inputValue())
      .toBe(process.execPath);
    expect(await page.getByLabel('Argument 2', { exact: true }).inputValue()).toBe(files);
    await tabTo(page, page.getByRole('button', { name: 'Add server', exact: true }));
    await page.keyboard.press('Enter');
    // After adding, focus is on the new server in the list.
    await expect
      .poll(() => focused(page.locator('.server-item[data-server="fs"]')), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole('button', { name: '1 of 1 servers' }).waitFor({ timeout: 30_000 });

    // Escape closes the servers page; the caret is back in the composer. Ctrl+N keeps it there.
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(composer)).toBe(true);
    await page.keyboard.press('Control+n');
    await expect.poll(() => focused(composer)).toBe(true);

    // Send; the question arrives while the caret is in the composer, F6 moves in, Ctrl+Enter allows.
    const target = join(files, 'note.md');
    api.push(
      reply(
        toolUse('mcp__fs__write_file', { path: target, content: '# Note\nwritten by keyboard\n' }),
      ),
      reply(text('Wrote the note.')),
    );
    await page.keyboard.type('Write a note');
    await page.keyboard.press('Enter');
    await armedQuestion(page);
    expect(await focused(composer)).toBe(true);
    await page.keyboard.press('F6');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.hasAttribute('data-question-heading')),
      )
      .toBe(true);
    await page.keyboard.press('Control+Enter');
    await page.getByText('Wrote the note.').waitFor({ timeout: 30_000 });
    expect(readFileSync(target, 'utf8')).toContain('written by keyboard');

    // Open the servers page from the title bar, choose fs, arrow to Configuration, edit and save.
    await tabTo(page, page.getByRole('button', { name: '1 of 1 servers' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.locator('.server-item[data-server="fs"]'));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('tab', { name: 'Overview' }));
    await page.keyboard.press('End'); // the last tab, however many the server page has
    const config = page.getByRole('tab', { name: 'Configuration' });
    await expect.poll(() => focused(config)).toBe(true);
    expect(await config.getAttribute('aria-selected')).toBe('true');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await tabTo(page, page.getByLabel('Request timeout (s)'));
    await page.keyboard.type('45');
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await page
      .getByText('Saved. The server restarts with the new configuration.')
      .waitFor({ timeout: 15_000 });
    const entry = (
      JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as {
        mcpServers: Record<string, { timeout?: number }>;
      }
    ).mcpServers.fs;
    expect(entry.timeout).toBeDefined();
    await app.screenshot('keyboard-walk-saved');
    expect(app.pageErrors).toEqual([]);
  });

  it('F2 then Escape returns focus to the conversation; the list is one Tab stop', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page.getByRole('textbox', { name: 'Message' }))).toBe(true);
    const item = page.locator('.conversation-open[aria-current="true"]');
    await tabTo(page, item);
    // Every other conversation is out of the Tab order (roving tabindex).
    expect(await page.locator('.conversation-list [tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('F2');
    await expect.poll(() => focused(page.getByLabel('Conversation title'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(item)).toBe(true);
    // Choosing a conversation with Enter puts the caret in the composer.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page.getByRole('textbox', { name: 'Message' }))).toBe(true);
  });

  it('Escape closes Settings; with unsaved edits it asks first, keeping them by default', async () => {
    const { page } = app;
    await page.keyboard.press('Control+,');
    await tabTo(page, page.getByLabel('System prompt'));
    await page.keyboard.type('Be brief.');
    await page.keyboard.press('Escape');
    await page.getByText('You have unsaved changes.').waitFor();
    expect(await focused(page.getByRole('button', { name: 'Keep editing' }))).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('System prompt').inputValue()).toBe('Be brief.');
    await page.keyboard.press('Escape');
    await tabTo(page, page.getByRole('button', { name: 'Discard and close' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page.getByRole('textbox', { name: 'Message' }))).toBe(true);
  });
});
