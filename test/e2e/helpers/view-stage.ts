// The stage for an MCP Apps view in Chromium without the React window: a "window" page on its own
// loopback origin with the app's CSP, the real sandbox proxy on the harness's second loopback
// origin, and a host with one server (`apps`, test/fixtures/mcp/apps-peer.mjs) whose `show` tool's
// view is the HTML file given. frameView does what the window's card does with a view.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppView } from '../../../shared/app-view-types';
import { createHost, type Host } from '../../../electron/core/host';
import { contentSecurityPolicy } from '../../../electron/core/security/csp';
import { CHROMIUM_ARGS, ROOT, requireChromium, serveViewProxy } from '../harness';

export const VIEW_CTX = { senderUrl: 'app://lena/index.html' };

export interface ViewStage {
  host: Host;
  browser: Browser;
  appOrigin: string;
  home: string;
  /** The `show` tool's view, rendered by core (apps:view). */
  view(): Promise<AppView>;
  close(): Promise<void>;
}

/**
 * Starts the stage. `viewHtml` writes the view's HTML file into the home and returns its path;
 * `onRequest` hears every request that reaches the window's origin.
 */
export async function startViewStage(options: {
  homePrefix: string;
  viewHtml: (home: string, appOrigin: string) => string;
  onRequest?: (req: IncomingMessage) => void;
}): Promise<ViewStage> {
  const home = mkdtempSync(join(tmpdir(), options.homePrefix));
  const made: { host?: Host } = {};
  const proxy = await serveViewProxy(() => made.host);
  const app: Server = createServer((req, res) => {
    options.onRequest?.(req);
    res
      .writeHead(200, {
        'content-type': 'text/html',
        'content-security-policy': contentSecurityPolicy({ viewOrigin: proxy.origin }),
      })
      .end('<!doctype html><title>app</title>');
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  const appOrigin = `http://127.0.0.1:${(app.address() as { port: number }).port}`;
  const html = options.viewHtml(home, appOrigin);
  const host = (made.host = createHost({
    home,
    env: { PATH: process.env.PATH, HOME: home },
    views: { appOrigin, layout: 'path', origin: () => proxy.origin },
  }));
  const added = await host.dispatch(
    'servers:add',
    {
      name: 'apps',
      entry: {
        command: process.execPath,
        args: [join(ROOT, 'test/fixtures/mcp/apps-peer.mjs')],
        env: { APPS_VIEW_HTML: html },
      },
    },
    VIEW_CTX,
  );
  expect(added.ok).toBe(true);
  const browser = await chromium.launch({
    executablePath: requireChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return {
    host,
    browser,
    appOrigin,
    home,
    async view() {
      const r = await host.dispatch('apps:view', { server: 'apps', tool: 'show' }, VIEW_CTX);
      return (r as { value: AppView }).value;
    },
    async close() {
      await browser.close();
      await host.close();
      await new Promise((r) => app.close(r));
      await new Promise((r) => proxy.server.close(r));
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export type ProbeReport = readonly [what: string, value: string];

/**
 * Frames the view's proxy in `page` (on the window's origin), waits for the proxy, hands it the
 * view's HTML, and keeps every message the proxy relays in `window.got`. Returns a reader of the
 * view's `probe/report` messages and the methods of everything relayed.
 */
export async function frameView(
  page: Page,
  view: AppView,
): Promise<{ reports: () => Promise<ProbeReport[]>; methods: () => Promise<string[]> }> {
  await page.evaluate(
    ([src, html, origin]) => {
      const w = window as unknown as { got: unknown[] };
      w.got = [];
      const frame = document.createElement('iframe');
      frame.src = src;
      window.addEventListener('message', (e) => {
        if (e.origin !== origin || e.source !== frame.contentWindow) return;
        w.got.push(e.data);
        if (e.data?.method === 'ui/notifications/sandbox-proxy-ready')
          frame.contentWindow!.postMessage(
            {
              jsonrpc: '2.0',
              method: 'ui/notifications/sandbox-resource-ready',
              params: { html },
            },
            origin,
          );
      });
      document.body.appendChild(frame);
    },
    [view.proxyUrl, view.html!, view.proxyOrigin] as const,
  );
  type Relayed = { method?: string; params?: { what: string; value: string } };
  const got = async () =>
    (await page.evaluate(() => (window as unknown as { got: Relayed[] }).got)) ?? [];
  return {
    reports: async () =>
      (await got())
        .filter((m) => m.method === 'probe/report')
        .map((m) => [m.params!.what, m.params!.value] as const),
    methods: async () => (await got()).map((m) => m.method ?? ''),
  };
}
