// Projects in the window (issue 47), against the real core and the stand-in Messages API: 1,000
// conversations listed by project (the open one first), the project sheet (instructions, a pinned
// file with its cost), a new conversation that sends both (the instructions in the system prompt,
// the file once as a document), and "Move to project…" (the meter then shows the other project's
// pinned file, due with the next message).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenaPaths } from '../../electron/core/home';
import { openConversationStore } from '../../electron/core/store/open-store';
import { skipWhen } from '../skip-reasons';
import {
  reply,
  startMessagesApiServer,
  systemText,
  text,
  type MessagesApiServer,
} from '../fixtures/messages-api';
import { pngBytes } from '../fixtures/images';
import { configureChat } from './helpers/chat-setup';
import { referenceServer } from './helpers/core';
import { openWindow, type WindowSession } from './helpers/session';
import { openServerOverview } from './helpers/server-screens';

const INSTRUCTIONS = 'Answer as a harbour master would.';

/** 1,000 conversations: 400 in the open project, 400 in another, 200 in none. */
function seed(home: string, harbour: string, other: string): void {
  const opened = openConversationStore(lenaPaths(home).database);
  try {
    opened.store.db.transaction(() => {
      for (let i = 0; i < 1000; i++) {
        const project = i % 5 < 2 ? harbour : i % 5 < 4 ? other : null;
        opened.store.create({ title: `Seeded ${i}`, project });
      }
    });
  } finally {
    opened.close();
  }
}

describe.skipIf(skipWhen('no-browser'))('projects in the window', () => {
  let app: WindowSession;
  let api: MessagesApiServer;
  let home: string;
  let harbour: string;
  let pinned: string;
  let chart: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-projects-'));
    harbour = join(home, 'harbour');
    const other = join(home, 'lighthouse');
    mkdirSync(harbour);
    mkdirSync(other);
    pinned = join(home, 'tide-tables.md');
    writeFileSync(pinned, 'High tide 06:12, low tide 12:25. '.repeat(200));
    chart = join(home, 'tide-chart.png');
    writeFileSync(chart, pngBytes(300, 200));
    // The other project pins a log of its own: a conversation moved there gets it next turn.
    const log = join(home, 'lamp-log.md');
    writeFileSync(log, 'Lamp lit at dusk, fog signal at dawn. '.repeat(120));
    writeFileSync(
      lenaPaths(home).projects,
      JSON.stringify({ projects: { [other]: { pinned: [log] } } }),
    );
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: { every: { command: process.execPath, args: [referenceServer('everything')] } },
      }),
    );
    seed(home, harbour, other);
    api = await startMessagesApiServer();
    app = await openWindow({ home, projectFolder: harbour });
    await configureChat(app.page, api.url);
    await app.page.keyboard.press('Escape');
  }, 60_000);
  afterAll(async () => {
    await app?.dispose();
    await api?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('lists 1,000 conversations by project, the open project first', async () => {
    const { page } = app;
    const groups = page.getByTestId('project-group');
    await expect.poll(() => groups.count(), { timeout: 15_000 }).toBe(3);
    const titles = await page.locator('.project-group-title button').allTextContents();
    expect(titles).toEqual(['▾ harbour · open', '▾ lighthouse', '▾ No project']);
    // After a reload, every one of the 1,000 rows is there within a second or two of the list call.
    const start = Date.now();
    await page.reload();
    await expect
      .poll(() => page.locator('.conversation-list-inner > li').count(), { timeout: 15_000 })
      .toBe(1000);
    console.log(`1,000 conversations by project listed ${Date.now() - start} ms after reload`);
    await expect.poll(() => groups.count()).toBe(3);
    // A project folds to its name and count, so the next one is in reach.
    const harbourHeading = page.getByRole('button', { name: /harbour · open/ });
    await harbourHeading.click();
    expect(await harbourHeading.getAttribute('aria-expanded')).toBe('false');
    expect(await harbourHeading.textContent()).toBe('▸ harbour · open · 400');
    await expect.poll(() => page.locator('.conversation-list-inner > li').count()).toBe(600);
    await app.screenshot('projects-sidebar-folded');
    await harbourHeading.click();
    await app.screenshot('projects-sidebar');
  });

  it('keeps instructions and a pinned file in the project sheet, and a new conversation sends them once', async () => {
    const { page } = app;
    await page.getByRole('button', { name: /^Project: / }).click();
    await page.getByRole('button', { name: 'Project settings…' }).click();
    const sheet = page.getByRole('dialog', { name: 'Project settings' });
    await sheet.getByLabel('Instructions for its conversations').fill(INSTRUCTIONS);
    await sheet.getByRole('button', { name: 'Save instructions' }).click();
    await sheet.getByText('Saved.').waitFor();
    await sheet.getByLabel('File to pin (absolute path)').fill(pinned);
    await sheet.getByRole('button', { name: 'Pin file' }).click();
    const row = sheet.getByTestId('pinned-files').getByRole('listitem');
    await expect.poll(() => row.textContent()).toMatch(/tide-tables\.md≈ 1\.\dk tokens/);
    await expect.poll(() => sheet.getByTestId('pinned-total').textContent()).toMatch(/^Altogether/);
    // An image pins too, costed as an attachment: 300×200 px / 750.
    await sheet.getByLabel('File to pin (absolute path)').fill(chart);
    await sheet.getByRole('button', { name: 'Pin file' }).click();
    await expect.poll(() => row.nth(1).textContent()).toBe('tide-chart.png≈ 80 tokensUnpin');
    expect(await sheet.getByTestId('project-tools').textContent()).toBe(
      'The global switches (the servers page).',
    );
    await app.screenshot('projects-sheet');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });

    api.push(reply(text('Aye, the tide is high at six.')));
    const before = api.messageRequests().length;
    await page.keyboard.press('Control+n');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('When is high tide?');
    await box.press('Enter');
    await page.getByText('Aye, the tide is high at six.').waitFor({ timeout: 30_000 });
    const sent = api.messageRequests().slice(before);
    expect(sent).toHaveLength(1);
    expect(systemText(sent[0].body)).toContain(INSTRUCTIONS);
    const first = (sent[0].body.messages as { content: { type: string; title?: string }[] }[])[0];
    expect(first.content.map((b) => b.type)).toEqual(['document', 'image', 'text']);
    expect(first.content[0].title).toBe('tide-tables.md');
    await expect.poll(() => page.getByTestId('meter-pinned').textContent()).toMatch(/^pinned 2K/);
  }, 60_000);

  it('moves the conversation to another project from its menu', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Conversation ▾' }).click();
    await page.getByRole('menuitem', { name: 'Move to project…' }).click();
    await app.screenshot('projects-move-menu');
    await page.getByRole('menuitem', { name: 'lighthouse' }).click();
    const lighthouse = page.getByRole('region', { name: 'Project lighthouse' });
    await expect
      .poll(() =>
        lighthouse.getByRole('button', { name: 'When is high tide?', exact: true }).count(),
      )
      .toBe(1);
    // The meter shows the lighthouse's pinned log, given with the next message.
    await expect
      .poll(() => page.getByTestId('meter-pinned').textContent())
      .toBe('pinned 1K (+1K next message)');
    // Every figure is whole: the key hint gives way before the meter loses a character.
    const meter = page.getByTestId('composer-meter');
    expect(await meter.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await app.screenshot('projects-moved');
  }, 30_000);

  it('withdraws the project folder from one server with its switch', async () => {
    const { page } = app;
    await openServerOverview(page, /every/);
    const share = page.getByRole('checkbox', { name: 'Share the project folder' });
    expect(await share.isChecked()).toBe(true);
    expect(await page.getByTestId('server-roots').textContent()).toContain('(the open project)');
    await share.click();
    await expect
      .poll(() => page.getByTestId('server-roots').textContent())
      .toContain('(the open project, not shared)');
    await app.screenshot('projects-share-switch');
  }, 30_000);
});
