// A conversation list that scales (issue 48), in one window against the real core: pin, archive
// (out of the list, found by search), rename from the item's menu by keyboard, the running and
// unread marks, find in a conversation (Ctrl+F), the HTML export, a JSON export imported back, and
// a list of 1,000 conversations.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { expect, it, describe } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text } from '../fixtures/messages-api';
import { lenaPaths } from '../../electron/core/home';
import { openConversationStore } from '../../electron/core/store/open-store';
import { ask, sharedChatWindow } from './helpers/chat-setup';

const item = (page: import('playwright-core').Page, name: string) =>
  page.locator('.conversation-list').getByRole('button', { name, exact: true });

describe.skipIf(skipWhen('no-browser'))('the conversation list', () => {
  const win = sharedChatWindow();

  it('pins a conversation on top and archives another out of the list, found by search', async () => {
    const { page } = win().app;
    for (const [q, a] of [
      ['Alpha question', 'Alpha answer.'],
      ['Beta question', 'Beta answer about walruses.'],
      ['Gamma question', 'Gamma answer.'],
    ]) {
      win().api.push(reply(text(a)));
      await ask(page, q);
      await page.getByText(a).waitFor({ timeout: 30_000 });
    }
    await item(page, 'Alpha question').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Pin to top' }).click();
    const pinned = page.getByRole('region', { name: 'Pinned' });
    await expect
      .poll(() => pinned.getByRole('button', { name: 'Alpha question', exact: true }).count())
      .toBe(1);
    // Items are laid out once near the view (content-visibility), so their text is polled.
    const titles = () => page.locator('.conversation-list .conversation-open').allInnerTexts();
    await expect.poll(titles).toEqual(['Alpha question', 'Gamma question', 'Beta question']);

    await page.getByRole('button', { name: 'More actions for “Beta question”' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect.poll(() => item(page, 'Beta question').count()).toBe(0);
    await page.getByRole('button', { name: 'Archived (1)' }).waitFor();
    await win().app.screenshot('conversation-list-pinned');

    await page.getByRole('searchbox', { name: 'Search conversations' }).fill('walruses');
    await page
      .getByRole('list', { name: 'Search results' })
      .getByText('Beta question')
      .waitFor({ timeout: 10_000 });
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill('');

    await page.getByRole('button', { name: 'Archived (1)' }).click();
    await page.getByRole('heading', { name: 'Archived' }).waitFor();
    await expect.poll(titles).toEqual(['Beta question']);
    await win().app.screenshot('conversation-list-archived');
    await item(page, 'Beta question').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Unarchive' }).click();
    await expect.poll(() => item(page, 'Beta question').count()).toBe(0);
    await page.getByRole('button', { name: '← All conversations' }).click();
    await item(page, 'Beta question').waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Pinned' }).getByText('Alpha question').waitFor();
    await page.getByRole('button', { name: 'Archived (0)' }).waitFor();
  });

  it('renames from the item’s menu by keyboard (Shift+F10, Enter, Escape)', async () => {
    const { page } = win().app;
    await item(page, 'Gamma question').focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: 'Actions for “Gamma question”' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Gamma question');
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menuitem', { name: /Rename/ }).press('Enter');
    const field = page.getByRole('textbox', { name: 'Conversation title' });
    await field.fill('Gamma renamed');
    await field.press('Enter');
    await item(page, 'Gamma renamed').waitFor();
  });

  it('marks a conversation working, then answered, while another is shown', async () => {
    const { page } = win().app;
    win().api.push(reply(text('A slow answer that arrives later.'), { delayMs: 150 }));
    await item(page, 'Gamma renamed').click();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Take your time');
    await box.press('Enter');
    await item(page, 'Alpha question').click();
    const row = page.locator('.conversation', {
      has: page.getByRole('button', { name: 'Gamma renamed', exact: true }),
    });
    await row.getByRole('img', { name: 'Working' }).waitFor({ timeout: 10_000 });
    await row.getByRole('img', { name: 'New answer' }).waitFor({ timeout: 30_000 });
    await win().app.screenshot('conversation-list-unread');
    await item(page, 'Gamma renamed').click();
    await page.getByText('A slow answer that arrives later.').waitFor();
    await expect.poll(() => row.getByRole('img').count()).toBe(0);
  });

  it('finds in the conversation: count, next and previous, highlights, Escape', async () => {
    const { page } = win().app;
    for (const [q, a] of [
      ['Tell me about the walrus', 'The walrus is large. A walrus has tusks.'],
      ['More walrus facts', 'Walrus calves stay with their mothers.'],
    ]) {
      win().api.push(reply(text(a)));
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(q);
      await box.press('Enter');
      await page.getByText(a).waitFor({ timeout: 30_000 });
    }
    await page.keyboard.press('Control+f');
    const find = page.getByRole('searchbox', { name: 'Find in conversation' });
    await find.fill('walrus');
    const count = page.locator('.find-count');
    await expect.poll(() => count.innerText()).toBe('1 of 5');
    const highlighted = () =>
      page.evaluate(() => ({
        all: CSS.highlights.get('find-match')?.size ?? 0,
        current: [...(CSS.highlights.get('find-current')?.keys() ?? [])].map((r) =>
          (r as Range).toString(),
        ),
      }));
    await expect.poll(highlighted).toEqual({ all: 5, current: ['walrus'] });
    await win().app.screenshot('conversation-find');
    await find.press('Enter');
    await find.press('Enter');
    await expect.poll(() => count.innerText()).toBe('3 of 5');
    await find.press('Shift+Enter');
    await expect.poll(() => count.innerText()).toBe('2 of 5');
    await find.fill('no such words');
    await expect.poll(() => count.innerText()).toBe('No matches');
    await find.press('Escape');
    await expect.poll(() => find.count()).toBe(0);
    expect(await page.evaluate(() => CSS.highlights.get('find-match')?.size ?? 0)).toBe(0);
  });

  it('exports a standalone HTML page and imports a JSON export back as a new conversation', async () => {
    const { page } = win().app;
    const save = async (name: RegExp) => {
      await page.getByRole('button', { name: 'Conversation ▾' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name }).click(),
      ]);
      return {
        name: download.suggestedFilename(),
        content: readFileSync(await download.path(), 'utf8'),
      };
    };
    const html = await save(/web page/);
    expect(html.name).toBe('gamma-renamed.html');
    expect(html.content).toContain('The walrus is large. A walrus has tusks.');
    expect(html.content).not.toMatch(/<script|https?:\/\//);
    // The page stands alone: opened with the network cut, it shows the conversation.
    const viewer = await page.context().newPage();
    await viewer.route('**/*', (route) => route.abort());
    await viewer.setContent(html.content);
    expect(await viewer.getByRole('heading', { level: 1 }).innerText()).toBe('Gamma renamed');
    await viewer.close();

    const json = await save(/JSON/);
    const input = page.getByLabel('Conversation file to import');
    await input.setInputFiles({
      name: json.name,
      mimeType: 'application/json',
      buffer: Buffer.from(json.content),
    });
    await page.getByText('Imported “Gamma renamed”').waitFor({ timeout: 10_000 });
    await expect.poll(() => item(page, 'Gamma renamed').count()).toBe(2);
    await page.getByText('Walrus calves stay with their mothers.').waitFor();

    await input.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format": "lena-conversation", "version": 1, "messages": "x"}'),
    });
    await page
      .getByText(/Could not import the conversation: This file cannot be imported/)
      .waitFor();
  });

  it('shows a list of 1,000 conversations', async () => {
    const { page, home } = win().app;
    const opened = openConversationStore(lenaPaths(home).database);
    opened.store.db.transaction(() => {
      for (let i = 1; i <= 1000; i++) {
        const c = opened.store.create({ title: `Seeded conversation ${i}` });
        opened.store.append(c.id, {
          role: 'user',
          content: [{ type: 'text', text: `Hello ${i}` }],
        });
        if (i % 100 === 0) opened.store.setPinned(c.id, true);
      }
    });
    opened.close();
    const start = performance.now();
    await page.reload();
    await item(page, 'Seeded conversation 1').waitFor({ timeout: 30_000 });
    const ms = Math.round(performance.now() - start);
    expect(await page.locator('.conversation-list .conversation-open').count()).toBeGreaterThan(
      1000,
    );
    expect(
      await page.getByRole('region', { name: 'Pinned' }).locator('.conversation-open').count(),
    ).toBe(11);
    console.log(`1,000 conversations: reload to list shown in ${ms} ms`);
    await win().app.screenshot('conversation-list-1000');
  });
});
