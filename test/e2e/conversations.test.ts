// Managing conversations in the window against the real core and the scripted Messages API:
// rename in place, delete with Undo, drafts per conversation, ↑ edits the last message and
// resends, regenerate, Ctrl+Shift+C; a destructive "Always allow" asks "Are you sure?" in the
// dialog, and the rule it made can be revoked in Settings.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';

describe.skipIf(skipWhen('no-browser'))('conversations in the window', () => {
  const win = sharedChatWindow();
  beforeAll(() =>
    win().app.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: win().app.url,
    }),
  );

  it('renames a conversation in place (double-click and F2), and the name survives a reload', async () => {
    const { page } = win().app;
    win().api.push(reply(text('First answer.')));
    await ask(page, 'First question');
    await page.getByText('First answer.').waitFor({ timeout: 30_000 });
    const item = page.getByRole('button', { name: 'First question', exact: true });
    await item.dblclick();
    const field = page.getByRole('textbox', { name: 'Conversation title' });
    await field.fill('Groceries');
    await field.press('Enter');
    await page.getByRole('button', { name: 'Groceries', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Groceries', exact: true }).focus();
    await page.keyboard.press('F2');
    await page.getByRole('textbox', { name: 'Conversation title' }).fill('Weekly groceries');
    await page.keyboard.press('Enter');
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: 'Weekly groceries', exact: true }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
  });

  it('deletes with Undo', async () => {
    const { page } = win().app;
    await page.getByRole('button', { name: 'Delete “Weekly groceries”' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Weekly groceries', exact: true }).count())
      .toBe(0);
    await win().app.screenshot('conversations-deleted-toast');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Weekly groceries', exact: true }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
  });

  it('keeps a draft per conversation', async () => {
    const { page } = win().app;
    win().api.push(reply(text('Second answer.')));
    await ask(page, 'Second question');
    await page.getByText('Second answer.').waitFor({ timeout: 30_000 });
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('half-written thought');
    await page.getByRole('button', { name: 'Weekly groceries', exact: true }).click();
    await expect.poll(() => box.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Second question', exact: true }).click();
    await expect.poll(() => box.inputValue()).toBe('half-written thought');
    await box.fill('');
  });

  it('↑ in the empty composer edits the last message and resends it; Regenerate replaces the answer; Ctrl+Shift+C copies it', async () => {
    const { page } = win().app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.focus();
    win().api.push(reply(text('Answer to the edited question.')));
    await page.keyboard.press('ArrowUp');
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await editor.waitFor();
    await editor.fill('Second question, edited');
    await editor.press('Enter');
    await page.getByText('Answer to the edited question.').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText('Second answer.').count()).toBe(0);
    const sent = win().api.messageRequests().at(-1)!.body.messages ?? [];
    expect(JSON.stringify(sent.at(-1))).toContain('Second question, edited');

    win().api.push(reply(text('A regenerated answer.')));
    await page.getByRole('listitem', { name: 'Claude’s answer' }).last().hover();
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByText('A regenerated answer.').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText('Answer to the edited question.').count()).toBe(0);

    await page.keyboard.press('Control+Shift+C');
    await page.getByText('Copied the last answer.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('A regenerated answer.');
    await win().app.screenshot('conversations-regenerated');
  });

  it('duplicates the conversation and exports it as Markdown', async () => {
    const { page } = win().app;
    const before = await page.locator('.conversation-open').count();
    await page.getByRole('button', { name: 'Conversation ▾' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect
      .poll(() => page.locator('.conversation-open').count(), { timeout: 10_000 })
      .toBe(before + 1);
    await page.getByRole('button', { name: 'Conversation ▾' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export as Markdown' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.md$/);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync((await download.path())!, 'utf8')).toContain('A regenerated answer.');
  });

  it('a destructive "Always allow" asks "Are you sure?" in the dialog; the rule can be revoked in Settings', async () => {
    const { page } = win().app;
    win().api.push(
      reply(toolUse('mcp__fs__write_file', { path: join(win().files, 'a.txt'), content: 'a' })),
      reply(text('Saved a.txt.')),
    );
    await ask(page, 'Save a');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: /^Always allow this tool/ }).click();
    await dialog.getByText('Are you sure').waitFor();
    await win().app.screenshot('conversations-always-allow-confirm');
    await dialog.getByRole('button', { name: 'Yes, always allow this tool' }).click();
    await page.getByText('Saved a.txt.').waitFor({ timeout: 30_000 });

    win().api.push(
      reply(toolUse('mcp__fs__write_file', { path: join(win().files, 'b.txt'), content: 'b' })),
      reply(text('Saved b.txt without asking.')),
    );
    await ask(page, 'Save b');
    await page.getByText('Saved b.txt without asking.').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.keyboard.press('Control+,');
    const rules = page.getByRole('region', { name: 'Permission rules' });
    await expect
      .poll(() => rules.textContent(), { timeout: 10_000 })
      .toContain('mcp__fs__write_file');
    await win().app.screenshot('conversations-rules');
    await rules.getByRole('button', { name: 'Revoke' }).first().click();
    await expect.poll(() => rules.textContent()).not.toContain('mcp__fs__write_file');
  });
});
