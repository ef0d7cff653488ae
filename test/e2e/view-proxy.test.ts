// The MCP Apps sandbox proxy in Chromium (issue 23, the harness's server side): the proxy on its
// own loopback origin takes the view's HTML by postMessage, runs it in an opaque-origin frame
// under the view's CSP, and relays its messages to the window's origin only. A probe view reports
// what it can reach: no storage, no parent DOM, no window.lena, no popup, no network (connect,
// image or a nested frame).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import type { AppView } from '../../shared/app-view-types';
import { createHost, type Host } from '../../electron/core/host';
import { contentSecurityPolicy } from '../../electron/core/security/csp';
import { CHROMIUM_ARGS, ROOT, requireChromium, serveViewProxy } from './harness';

const ctx = { senderUrl: 'app://lena/index.html' };

describe.skipIf(skipWhen('no-browser'))('the MCP Apps sandbox proxy in Chromium', () => {
  let browser: Browser;
  let host: Host;
  let app: Server;
  let proxy: { origin: string; server: Server };
  let appOrigin: string;
  let hits: string[];
  let home: string;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-proxy-'));
    hits = [];
    // The "window": a page on its own origin with the app's CSP; it also counts requests that reach it.
    const made: { host?: Host } = {};
    proxy = await serveViewProxy(() => made.host);
    app = createServer((req, res) => {
      if (req.url?.startsWith('/probe')) hits.push(req.url);
      res
        .writeHead(200, {
          'content-type': 'text/html',
          'content-security-policy': contentSecurityPolicy({ viewOrigin: proxy.origin }),
        })
        .end('<!doctype html><title>app</title>');
    });
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    const port = (app.address() as { port: number }).port;
    appOrigin = `http://127.0.0.1:${port}`;
    const html = join(home, 'probe.html');
    writeFileSync(
      html,
      readFileSync(join(ROOT, 'test/fixtures/apps/probe-view.html'), 'utf8').replaceAll(
        'PROBE_URL',
        JSON.stringify(`${appOrigin}/probe`),
      ),
    );
    host = made.host = createHost({
      home,
      env: { PATH: process.env.PATH, HOME: home },
      views: { appOrigin, layout: 'path', origin: () => proxy.origin },
    });
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
      ctx,
    );
    expect(added.ok).toBe(true);
    browser = await chromium.launch({
      executablePath: requireChromium(),
      args: CHROMIUM_ARGS,
      headless: true,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await new Promise((r) => app?.close(r));
    await new Promise((r) => proxy?.server.close(r));
    rmSync(home, { recursive: true, force: true });
  });

  it('runs the view in an opaque origin that reaches nothing, and relays its messages to the window', async () => {
    const view = (
      (await host.dispatch('apps:view', { server: 'apps', tool: 'show' }, ctx)) as {
        value: AppView;
      }
    ).value;
    expect(view.status).toBe('ready');
    const page = await browser.newPage();
    await page.goto(`${appOrigin}/`);
    // What the window's card does (the view engineer's AppBridge does it for real): frame the proxy, wait, send the HTML.
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
    const reports = async () => {
      const got =
        (await page.evaluate(
          () =>
            (
              window as unknown as {
                got: { method?: string; params?: { what: string; value: string } }[];
              }
            ).got,
        )) ?? [];
      return Object.fromEntries(
        got
          .filter((m) => m.method === 'probe/report')
          .map((m) => [m.params!.what, m.params!.value]),
      );
    };
    await expect.poll(async () => Object.keys(await reports()).length, { timeout: 20_000 }).toBe(9);
    const r = await reports();
    expect(r.origin).toBe('null');
    expect(r.lena).toBe('undefined');
    expect(r.storage).toMatch(/^blocked/);
    expect(r.cookie).toMatch(/^blocked/);
    expect(r['top-dom']).toMatch(/^blocked/);
    expect(r['parent-dom']).toMatch(/^blocked/);
    expect(r.fetch).toMatch(/^blocked/);
    expect(r.img).toBe('blocked');
    expect(r.popup).toBe('blocked');
    expect(hits).toEqual([]);
    const got = await page.evaluate(() =>
      (window as unknown as { got: { method?: string }[] }).got.map((m) => m.method),
    );
    expect(got).toContain('ui/initialize');
  });
});
