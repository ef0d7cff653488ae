// The MCP Apps sandbox proxy in Chromium (issue 23, the harness's server side): the proxy on its
// own loopback origin takes the view's HTML by postMessage, runs it in an opaque-origin frame
// under the view's CSP, and relays its messages to the window's origin only. A probe view reports
// what it can reach: no storage, no parent DOM, no window.lena, no popup, no network (connect,
// image or a nested frame).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { ROOT } from './harness';
import { frameView, startViewStage, type ViewStage } from './helpers/view-stage';

describe.skipIf(skipWhen('no-browser'))('the MCP Apps sandbox proxy in Chromium', () => {
  let stage: ViewStage;
  const hits: string[] = [];

  beforeAll(async () => {
    // The "window" counts the requests that reach it: the probe view must not reach any.
    stage = await startViewStage({
      homePrefix: 'lena-e2e-proxy-',
      onRequest: (req) => void (req.url?.startsWith('/probe') && hits.push(req.url)),
      viewHtml: (home, appOrigin) => {
        const html = join(home, 'probe.html');
        const source = readFileSync(join(ROOT, 'test/fixtures/apps/probe-view.html'), 'utf8');
        writeFileSync(html, source.replaceAll('PROBE_URL', JSON.stringify(`${appOrigin}/probe`)));
        return html;
      },
    });
  });

  afterAll(async () => {
    await stage?.close();
  });

  it('runs the view in an opaque origin that reaches nothing, and relays its messages to the window', async () => {
    const view = await stage.view();
    expect(view.status).toBe('ready');
    const page = await stage.browser.newPage();
    await page.goto(`${stage.appOrigin}/`);
    // What the window's card does (the view engineer's AppBridge does it for real).
    const framed = await frameView(page, view);
    const reports = async () => Object.fromEntries(await framed.reports());
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
    expect(await framed.methods()).toContain('ui/initialize');
  });
});
