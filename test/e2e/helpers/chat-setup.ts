// Prepares a window for chat flows the way a user would: reference MCP servers in Lena's
// `mcp.json` before start, then the API key and the scripted Messages API's address typed into
// the window (first-run card and Settings).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  startMessagesApiServer,
  type MessagesApiServer,
  type MessagesApiServerOptions,
} from '../../fixtures/messages-api';
import { referenceServer } from './core';
import { openWindow, type WindowSession } from './session';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

export const TEST_KEY = 'sk-ant-test-window-0123456789';

export interface ChatWindowOptions {
  /** The questions' arming delay; 0 (armed at once) unless a test is about the delay. */
  questionArmingMs?: number;
  /** More servers for `mcp.json`, by name. */
  extraServers?: Record<string, { command: string; args: string[]; sandbox?: boolean }>;
  /** How the scripted Messages API behaves (keys it refuses, say). */
  api?: MessagesApiServerOptions;
}

export interface ChatWindow {
  app: WindowSession;
  api: MessagesApiServer;
  /** The folder the filesystem server may use. */
  files: string;
  dispose(): Promise<void>;
}

/**
 * Opens a window with `fs` (filesystem on a temp folder) and `every` (everything) configured.
 * Questions arm at once unless `questionArmingMs` says otherwise (tests of the arming delay).
 */
export async function openChatWindow(options: ChatWindowOptions = {}): Promise<ChatWindow> {
  const home = mkdtempSync(join(tmpdir(), 'lena-e2e-chat-'));
  const files = join(home, 'files');
  mkdirSync(files);
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        fs: { command: process.execPath, args: [referenceServer('filesystem'), files] },
        every: { command: process.execPath, args: [referenceServer('everything')] },
        ...options.extraServers,
      },
    }),
  );
  const api = await startMessagesApiServer(options.api);
  const app = await openWindow({ home, questionArmingMs: options.questionArmingMs ?? 0 });
  await configureChat(app.page, api.url);
  return {
    app,
    api,
    files,
    async dispose() {
      await app.dispose();
      await api.close();
    },
  };
}

/**
 * Types the scripted API's address into Settings, then the test API key into the first-run card:
 * in that order, so the key is checked against the scripted API and never sent elsewhere.
 */
export async function configureChat(page: Page, baseUrl: string): Promise<void> {
  await page.getByLabel('Anthropic API key').waitFor();
  await page.keyboard.press('Control+,');
  await page.getByLabel('Base URL').fill(baseUrl);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.').waitFor();
  await page.keyboard.press('Escape');
  const key = page.getByLabel('Anthropic API key');
  await key.fill(TEST_KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await key.waitFor({ state: 'detached' });
  await page.keyboard.press('Control+,');
}

/** Waits until every configured server is connected (the title bar says "N of N servers"). */
export async function serversConnected(page: Page, count: number): Promise<void> {
  await page
    .getByRole('button', { name: `${count} of ${count} servers` })
    .waitFor({ timeout: 60_000 });
}

/** Starts a new conversation and sends a message from the composer. */
export async function ask(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+n');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** One chat window for a whole test file (opened before its tests, closed after); read it with the getter. */
export function sharedChatWindow(options: ChatWindowOptions = {}): () => ChatWindow {
  let w: ChatWindow | undefined;
  beforeAll(async () => {
    w = await openChatWindow(options);
    await serversConnected(w.app.page, 2 + Object.keys(options.extraServers ?? {}).length);
  });
  afterAll(async () => {
    await w?.dispose();
  });
  return () => {
    if (!w) throw new Error('the chat window is not open (beforeAll failed)');
    return w;
  };
}
