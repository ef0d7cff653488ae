// Accessibility of the window (issue 15): axe-core scans every screen the issue lists, in light and
// in dark, against the real core, real reference servers and the scripted Messages API, and any
// critical or serious violation fails. The totals (all impacts) go to test-results/e2e/axe.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import {
  apiError,
  reply,
  startMessagesApiServer,
  text,
  toolUse,
  type MessagesApiServer,
} from '../fixtures/messages-api';
import { AxeTally, describeFindings, type AxeFinding } from './helpers/axe';
import { ask, configureChat } from './helpers/chat-setup';
import { referenceServer } from './helpers/core';
import { allowOnce, armedQuestion } from './helpers/questions';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('accessibility (axe-core, light and dark)', () => {
  let app: WindowSession;
  let api: MessagesApiServer;
  let home: string;
  const tally = new AxeTally();
  // Each test scans all its screens before it asserts, so one report shows every finding.
  let severe: AxeFinding[] = [];
  const scan = async (screen: string) => {
    severe.push(...(await tally.scan(app.page, screen)));
  };
  const expectClean = async (screen: string) => {
    await scan(screen);
    const found = severe;
    severe = [];
    expect(found, describeFindings(found)).toEqual([]);
  };

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-a11y-'));
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          every: { command: process.execPath, args: [referenceServer('everything')] },
          fs: { command: process.execPath, args: [referenceServer('filesystem'), home] },
          broken: { command: join(home, 'no-such-program'), args: ['--flag'] },
        },
      }),
    );
    api = await startMessagesApiServer();
    app = await openWindow({ home, questionArmingMs: 0 });
  });
  afterAll(async () => {
    const path = tally.write();
    console.log(
      `axe totals by impact: ${JSON.stringify(tally.counts)}; by rule: ${JSON.stringify(tally.byRule)} (details in ${path})`,
    );
    await app?.dispose();
    await api?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('first run', async () => {
    await app.page.getByRole('heading', { name: 'Connect Lena to Claude' }).waitFor();
    await expectClean('first run');
  });

  it('settings', async () => {
    await configureChat(app.page, api.url);
    await expectClean('settings');
  });

  it('chat, empty', async () => {
    const { page } = app;
    await page.keyboard.press('Control+n');
    await page.getByRole('heading', { name: 'Start a conversation' }).waitFor();
    await page.getByRole('button', { name: '2 of 3 servers' }).waitFor({ timeout: 60_000 });
    await expectClean('chat empty');
  });

  it('chat, streaming', async () => {
    const { page } = app;
    api.push(
      reply(text('Streaming words arrive one by one. '.repeat(20), 6), { hangAfterEvents: 10 }),
    );
    await ask(page, 'Stream something');
    await page
      .getByText(/Streaming words/)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /Stop/ }).waitFor();
    await scan('chat streaming');
    await page.getByRole('button', { name: /Stop/ }).click();
    await page
      .getByRole('button', { name: /Stop/ })
      .waitFor({ state: 'detached', timeout: 30_000 });
    await expectClean('chat stopped');
  });

  it('the permission dialog, then the chat with a tool done', async () => {
    const { page } = app;
    api.push(
      reply(toolUse('mcp__every__echo', { message: 'hello from the test' })),
      reply(text('Echoed it back.')),
    );
    await ask(page, 'Echo something');
    await armedQuestion(page);
    await scan('permission dialog');
    await allowOnce(page);
    await page.getByText('Echoed it back.').waitFor({ timeout: 30_000 });
    await expectClean('chat with tools done');
  });

  it('chat with an error', async () => {
    const { page } = app;
    api.push(apiError.authentication());
    await ask(page, 'Hello?');
    await page.getByText('Claude refused the API key').waitFor({ timeout: 30_000 });
    await expectClean('chat with an error');
  });

  it('search', async () => {
    const { page } = app;
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Echoed');
    await page.getByRole('list', { name: 'Search results' }).waitFor();
    await expectClean('search');
    await page.keyboard.press('Escape');
  });

  it('servers: list, overview, tools, logs, JSON configuration, a failed server', async () => {
    const { page } = app;
    await page.getByRole('button', { name: '2 of 3 servers' }).click();
    await page.getByRole('heading', { name: 'MCP servers' }).waitFor();
    await scan('servers list');
    await page.getByRole('button', { name: /^fs/ }).click();
    await page.locator('.server-detail').getByText('Connected').first().waitFor();
    await scan('server overview');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByText('read_text_file').first().waitFor({ timeout: 15_000 });
    await scan('server tools');
    await page.getByRole('tab', { name: 'Logs' }).click();
    await scan('server logs');
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByRole('tab', { name: 'JSON' }).click();
    await page.locator('.cm-editor').waitFor();
    await scan('server JSON configuration');
    // The problem list under the editor, with one problem in it.
    await page.locator('.cm-content').press('Control+End');
    await page.keyboard.type(',');
    await page.getByRole('list', { name: 'Problems' }).waitFor();
    // The editor's own lint marker comes a moment later; scan once the editor is done changing.
    await page.locator('.cm-lint-marker-error').first().waitFor();
    await scan('server JSON configuration with a problem');
    await page.keyboard.press('Backspace');
    await page.getByRole('list', { name: 'Problems' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^broken/ }).click();
    await page
      .locator('.server-detail')
      .getByText(/Failed/)
      .first()
      .waitFor({ timeout: 30_000 });
    await expectClean('failed server');
  });

  it('a narrow window with the sidebar overlay open, and Settings asking about unsaved edits', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 720, height: 540 });
    await page.getByRole('button', { name: 'Show the sidebar' }).press('Enter');
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
    await scan('narrow window, sidebar overlay');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.keyboard.press('Control+,');
    await page.getByLabel('System prompt').fill('Unsaved words');
    await page.keyboard.press('Escape');
    await page.getByText('You have unsaved changes.').waitFor();
    await expectClean('settings, unsaved edits');
    await page.getByRole('button', { name: 'Discard and close' }).press('Enter');
  });
});
