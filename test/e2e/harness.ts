// The end-to-end harness: serves the built renderer on 127.0.0.1 with the app's CSP, launches
// Chromium (or Chrome) through playwright-core, and binds the real core host into the page with the
// same bridge builder the preload uses. No Electron: this is how the window is seen working here.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createHost, type Host, type HostOptions } from '../../electron/core/host';
import { contentSecurityPolicy } from '../../electron/core/security/csp';
import { isTrustedSender } from '../../electron/core/security/navigation';
import { ARMING_STORAGE_KEY } from '../../renderer/features/questions/arming';
import { findChromium } from './find-chromium';
import type { WindowRequest } from '../../electron/core/host/handlers/window-handlers';
import { windowQuery } from '../../shared/window-query';

export const ROOT = resolve(__dirname, '../..');
export const RENDERER_DIR = join(ROOT, 'out/renderer');
export const RESULTS_DIR = join(ROOT, 'test-results/e2e');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The Chromium to drive: LENA_CHROMIUM, else a Chrome or Chromium found where they install. Null when none is. */
export function chromiumPath(): string | null {
  return findChromium();
}

/**
 * The Chromium to launch. Missing, it is a failure: a test that can run without one skips first
 * (`skipWhen('no-browser')`, test/skip-reasons.ts), which never applies under CI.
 */
export function requireChromium(): string {
  const path = chromiumPath();
  if (!path)
    throw new Error(
      'Chromium not found: install Chrome or Chromium, or set LENA_CHROMIUM to its path.',
    );
  return path;
}

export function ensureRendererBuilt(): void {
  if (existsSync(join(RENDERER_DIR, 'index.html'))) return;
  const r = spawnSync(join(ROOT, 'node_modules/.bin/electron-vite'), ['build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('electron-vite build failed');
}

let bridgeScript: string | null = null;
async function bridgeInitScript(): Promise<string> {
  if (bridgeScript) return bridgeScript;
  const out = await build({
    entryPoints: [join(__dirname, 'bridge-entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
  });
  bridgeScript = out.outputFiles[0].text;
  return bridgeScript;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** Serves a directory on 127.0.0.1 with the app's CSP; unknown paths get index.html. */
export async function serveStatic(
  dir: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; server: Server }> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = resolve(root, '.' + path);
    if (!file.startsWith(root + sep) || !existsSync(file) || path === '/')
      file = join(root, 'index.html');
    res.writeHead(200, {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      ...headers,
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

/**
 * The MCP Apps sandbox proxy on a second loopback origin (Electron has lena-view:// instead): every
 * request is answered by the core's viewProxy, the module Electron's protocol handler uses too.
 */
export async function serveViewProxy(
  proxy: () => Host | undefined,
): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const address = server.address();
    const port = address && typeof address !== 'string' ? address.port : 0;
    const host = proxy();
    if (!host) {
      res.writeHead(503).end();
      return;
    }
    void host.viewProxy(`http://127.0.0.1:${port}${req.url ?? '/'}`).then(
      (r) => res.writeHead(r.status, r.headers).end(r.body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { origin: `http://127.0.0.1:${address.port}`, server };
}

export interface AppSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  host: Host;
  url: string;
  /** Origins the sender check accepts (the served renderer's). */
  appOrigins: string[];
  /** MCP Apps: the sandbox proxy's origin (the app's CSP frame-src names it). */
  viewOrigin: string;
  /** MCP Apps ui/download-file: where the harness's "save dialog" writes (one file per download). */
  downloads: string;
  screenshot(name: string): Promise<string>;
  /** Opens another window (page) on the same core, as main's New Window does. */
  openWindow(request?: WindowRequest): Promise<Page>;
  /** Windows opened after the first (by openWindow or the page's windows:open), in order. */
  opened: Page[];
  /** The router's id of a page's window. */
  windowId(page: Page): string;
  /** Marks a page as the focused window (main follows BrowserWindow focus). */
  focus(page: Page): void;
  close(): Promise<void>;
}

export interface OpenAppOptions extends HostOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /**
   * The questions' arming delay (the window setting `lena:question-arming-ms`): 0 for tests that
   * answer questions, a long delay for tests of input ignored while unarmed. Unset: production's.
   */
  questionArmingMs?: number;
}

/** Opens the real renderer bound to a fresh real core host. */
export async function openApp(options: OpenAppOptions): Promise<AppSession> {
  const executablePath = requireChromium();
  ensureRendererBuilt();
  // The proxy answers through the host, made once both origins are known (its CSP names the proxy's).
  const made: { host?: Host } = {};
  const proxy = await serveViewProxy(() => made.host);
  const { url, server } = await serveStatic(RENDERER_DIR, {
    'content-security-policy': contentSecurityPolicy({ viewOrigin: proxy.origin }),
  });
  const downloads = mkdtempSync(join(tmpdir(), 'lena-e2e-downloads-'));
  // windows:open opens another page once the context exists (set below).
  const openedBy: {
    windows?: (request: WindowRequest) => Promise<Page>;
    close?: (viewId: string) => void;
  } = {};
  const core = (made.host = createHost({
    openWindow: async (request) => {
      await openedBy.windows?.(request);
    },
    closeWindow: (viewId) => openedBy.close?.(viewId),
    views: { appOrigin: url, layout: 'path', origin: () => proxy.origin },
    saveFile: async (name, data) => {
      const path = join(downloads, name);
      writeFileSync(path, data);
      return path;
    },
    ...options,
  }));
  const appOrigins = [url];
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1200, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  // Each page is one window bound to the one core, as each BrowserWindow is in main.
  const windowIds = new Map<Page, number>();
  let nextWindowId = 1;
  const bindWindow = (p: Page, options: { asks?: boolean } = {}): number => {
    const id = nextWindowId++;
    windowIds.set(p, id);
    const detach = core.windows.attach(
      String(id),
      (event, payload) => {
        void p
          .evaluate(
            ([e, v]) =>
              (window as unknown as { __lenaDeliver(e: string, p: unknown): void }).__lenaDeliver(
                e,
                v,
              ),
            [event, payload] as const,
          )
          .catch(() => undefined);
      },
      options,
    );
    p.on('close', () => {
      detach();
      windowIds.delete(p);
    });
    return id;
  };
  const page = await context.newPage();
  bindWindow(page);

  // The same sender check main applies to ipcMain: a window's own main frame on the app's origin.
  await context.exposeBinding('__lenaInvoke', async (source, channel: unknown, args: unknown) => {
    const windowId = windowIds.get(source.page);
    const trusted = isTrustedSender(
      {
        frameUrl: source.frame.url(),
        isMainFrame: source.frame === source.page.mainFrame(),
        webContentsId: windowId ?? -1,
      },
      { webContentsId: windowId ?? 0, appOrigins },
    );
    if (!trusted)
      return {
        ok: false,
        error: { code: 'forbidden', message: 'IPC from a foreign frame or origin was rejected.' },
      };
    return core.dispatch(String(channel), args, {
      senderUrl: source.frame.url(),
      viewId: String(windowId),
    });
  });
  await context.addInitScript({ content: await bridgeInitScript() });
  if (options.questionArmingMs !== undefined) {
    await context.addInitScript(
      ([key, ms, origin]) => {
        if (location.origin === origin) localStorage.setItem(key, ms);
      },
      [ARMING_STORAGE_KEY, String(options.questionArmingMs), url] as const,
    );
  }
  const openWindow = async (request: WindowRequest = {}): Promise<Page> => {
    const p = await context.newPage();
    bindWindow(p, { asks: !request.quickEntry });
    opened.push(p);
    await p.goto(url + windowQuery(request));
    return p;
  };
  const opened: Page[] = [];
  openedBy.windows = openWindow;
  openedBy.close = (viewId) => {
    for (const [p, id] of windowIds) if (String(id) === viewId) void p.close();
  };

  await page.goto(url);
  mkdirSync(RESULTS_DIR, { recursive: true });

  return {
    browser,
    context,
    page,
    host: core,
    url,
    appOrigins,
    viewOrigin: proxy.origin,
    downloads,
    async screenshot(name) {
      const path = join(RESULTS_DIR, `${name}.png`);
      await page.screenshot({ path });
      return path;
    },
    openWindow,
    opened,
    windowId: (p) => String(windowIds.get(p) ?? ''),
    focus(p) {
      const id = windowIds.get(p);
      if (id !== undefined) core.windows.focus(String(id));
    },
    async close() {
      await browser.close().catch(() => undefined);
      await new Promise((r) => server.close(r));
      await new Promise((r) => proxy.server.close(r));
      await core.close();
    },
  };
}
