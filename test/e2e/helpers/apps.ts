// MCP Apps in the window's end-to-end tests: App servers for mcp.json (the real example server
// from npm, the scripted peer with a view of the test's choosing), a window on them with
// questions armed at once, and the view inside a tool card as Playwright reaches it (the card's
// proxy frame on its own origin, and the view's frame inside it).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { ROOT } from '../harness';
import { openServerWindow, type ServerWindow } from './server-window';

type Entry = { command: string; args: string[]; env?: Record<string, string> };

/** The real example App server from npm (a "get-time" tool whose view calls it again), over stdio. */
export function basicAppServer(): Entry {
  return {
    command: process.execPath,
    args: [
      join(ROOT, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js'),
      '--stdio',
    ],
  };
}

/** The scripted App peer (tools `show`, `app-only`, `model-only`) showing the view in `htmlFile`. */
export function appsPeer(htmlFile?: string, extraEnv: Record<string, string> = {}): Entry {
  return {
    command: process.execPath,
    args: [join(ROOT, 'test/fixtures/mcp/apps-peer.mjs')],
    env: { ...(htmlFile ? { APPS_VIEW_HTML: htmlFile } : {}), ...extraEnv },
  };
}

/** Writes a fixture view into `dir`, with `__PROBE__` replaced, and returns its path. */
export function viewFile(dir: string, html: string, name = 'view.html'): string {
  const path = join(dir, name);
  writeFileSync(path, html);
  return path;
}

export type AppsWindow = ServerWindow;

/** A window on a fresh home with these servers, the scripted Messages API, and questions armed at once. */
export function openAppsWindow(
  servers: Record<string, Entry>,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<AppsWindow> {
  return openServerWindow({
    name: 'apps',
    servers,
    window: {
      questionArmingMs: 0,
      ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    },
  });
}

/** The card of tool call `toolUseId`... found by its server · tool heading. */
export function cardOf(page: Page, name: RegExp | string): Locator {
  return page.getByTestId('tool-card').filter({ hasText: name });
}

/** The view in `card` once it finished its handshake, and its inner frame. */
export async function liveView(
  card: Locator,
  timeout = 60_000,
): Promise<{ box: Locator; view: FrameLocator }> {
  const box = card.locator('[data-testid="app-view"][data-phase="live"]');
  await box.waitFor({ timeout });
  return { box, view: box.frameLocator('[data-testid="app-view-frame"]').frameLocator('iframe') };
}

/** Starts a new conversation and sends `text`. */
export async function askInNewChat(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+n');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}
