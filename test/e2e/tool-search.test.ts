// Tools at scale in the window (issue 24): the "always loaded" box on a server's Tools tab, the
// composer's loaded/deferred count for the last request, and the "found by search" badge on the
// card of a tool that Anthropic's tool search loaded. A small budget in settings.json makes the
// two reference servers' tools exceed it, so deferral engages as it would with hundreds of tools.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import {
  reply,
  startMessagesApiServer,
  text,
  toolUse,
  type MessagesApiServer,
  type RecordedRequest,
} from '../fixtures/messages-api';
import { ask, configureChat, serversConnected } from './helpers/chat-setup';
import { referenceServer } from './helpers/core';
import { answerQuestion } from './helpers/questions';
import { openWindow, type WindowSession } from './helpers/session';

const LISTED = 'mcp__fs__list_allowed_directories';

type SentTool = { name: string; defer_loading?: boolean };
const loaded = (r: RecordedRequest) =>
  (r.body.tools as SentTool[]).filter((t) => !t.defer_loading).map((t) => t.name);
const deferred = (r: RecordedRequest) =>
  (r.body.tools as SentTool[]).filter((t) => t.defer_loading).length;

describe.skipIf(skipWhen('no-browser'))('tool search in the window', () => {
  let app: WindowSession;
  let api: MessagesApiServer;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-tool-search-'));
    const files = join(home, 'files');
    mkdirSync(files);
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          fs: { command: process.execPath, args: [referenceServer('filesystem'), files] },
          every: { command: process.execPath, args: [referenceServer('everything')] },
        },
      }),
    );
    writeFileSync(
      join(home, 'settings.json'),
      JSON.stringify({ toolSearch: { budgetTokens: 300, alwaysLoaded: [] } }),
    );
    api = await startMessagesApiServer();
    app = await openWindow({ home, questionArmingMs: 0 });
    await configureChat(app.page, api.url);
    await serversConnected(app.page, 2);
  });
  afterAll(async () => {
    await app?.dispose();
    await api?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('"always loaded" on the Tools tab is kept in settings and keeps that tool out of deferral', async () => {
    const { page } = app;
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^every/ }).click();
    await page.getByRole('tab', { name: 'Tools' }).click();
    const row = page
      .locator('.tool-row')
      .filter({ has: page.locator('strong', { hasText: /^echo$/ }) });
    const box = row.getByRole('checkbox', { name: 'always loaded' });
    expect(await box.isChecked()).toBe(false);
    // The box follows the saved settings (it turns on once they are written).
    await box.click();
    await expect
      .poll(
        () =>
          (
            JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as {
              toolSearch: { alwaysLoaded: string[] };
            }
          ).toolSearch.alwaysLoaded,
      )
      .toEqual(['mcp__every__echo']);
    await expect.poll(() => box.isChecked()).toBe(true);
    await row.scrollIntoViewIfNeeded();
    await app.screenshot('tool-search-always-loaded');
    await page.keyboard.press('Escape');
  });

  it('the composer says how many tools were loaded and deferred; a searched-in tool\'s card says "found by search"', async () => {
    const { page } = app;
    const searchResult = {
      type: 'tool_search_tool_result' as const,
      tool_use_id: 'srvtoolu_1',
      content: {
        type: 'tool_search_tool_search_result',
        tool_references: [{ type: 'tool_reference', tool_name: LISTED }],
      },
    };
    api.push(
      reply(
        {
          type: 'server_tool_use',
          id: 'srvtoolu_1',
          name: 'tool_search_tool_bm25',
          input: { query: 'which folders may I use' },
        },
        searchResult,
        toolUse(LISTED, {}, 'toolu_listed'),
      ),
      reply(text('You may use one folder.')),
    );
    await ask(page, 'Which folders may you use?');
    await answerQuestion(page, /^Allow once/);
    await page.getByText('You may use one folder.').waitFor({ timeout: 30_000 });

    const [first, second] = api.messageRequests().slice(-2);
    // The first request: only the always-loaded tool and the search tool. The second keeps the
    // same definitions (the tool the search found stays deferred: its reference in the history
    // loads it), so the prompt cache keeps the prefix.
    expect(loaded(first).sort()).toEqual(['mcp__every__echo', 'tool_search_tool_bm25']);
    expect(JSON.stringify(second.body.tools)).toBe(JSON.stringify(first.body.tools));
    const count = page.getByTestId('composer-deferral');
    // The count is of the servers' tools (the search tool itself is not one of them).
    await expect
      .poll(() => count.textContent())
      .toMatch(
        new RegExp(`^1 loaded · ${deferred(second)} deferred · ≈[\\d.,]+k? tokens? per request$`),
      );
    expect(deferred(second)).toBeGreaterThan(20);
    // Readable in full, not cut off by the model line beside it.
    expect(await count.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);

    const card = page.getByTestId('tool-card').last();
    await expect.poll(() => card.getAttribute('data-status')).toBe('done');
    expect(await card.getByTestId('found-by-search').textContent()).toBe('found by search');
    await app.screenshot('tool-search-composer-and-card');
  });
});
