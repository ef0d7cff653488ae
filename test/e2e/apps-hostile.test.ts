// A hostile MCP Apps view (test/fixtures/apps/hostile-view.html, served by the scripted App peer)
// tries to reach the app's origin (its DOM, storage, window.lena), navigate the window, open
// popups, call another server's tools and tools hidden from apps, get bad links offered, spoof a
// message past the proxy and reach the network. It reports each attempt; the test checks every
// goal failed, from the view's report and from what the user sees (and a loopback probe that
// counts every request it gets).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ROOT } from './harness';
import {
  appsPeer,
  askInNewChat,
  cardOf,
  liveView,
  openAppsWindow,
  viewFile,
  type AppsWindow,
} from './helpers/apps';
import { referenceServer } from './helpers/core';
import { allowOnce } from './helpers/questions';

type Report = Record<string, { achieved: boolean; detail: string }>;

describe.skipIf(skipWhen('no-browser'))('a hostile view achieves none of its goals', () => {
  let w: AppsWindow;
  let dir: string;
  let probe: Server;
  const probed: string[] = [];
  beforeAll(async () => {
    probe = createServer((req, res) => {
      probed.push(req.url ?? '');
      res.end('probe');
    });
    probe.on('upgrade', (req, socket) => {
      probed.push(`upgrade ${req.url}`);
      socket.destroy();
    });
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const address = probe.address();
    const probeUrl =
      typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    dir = mkdtempSync(join(tmpdir(), 'lena-e2e-hostile-'));
    const html = readFileSync(
      join(ROOT, 'test/fixtures/apps/hostile-view.html'),
      'utf8',
    ).replaceAll('__PROBE__', probeUrl);
    w = await openAppsWindow({
      hostile: appsPeer(viewFile(dir, html)),
      every: { command: process.execPath, args: [referenceServer('everything')] },
    });
    await w.app.page.getByRole('button', { name: '2 of 2 servers' }).waitFor({ timeout: 60_000 });
  });
  afterAll(async () => {
    await w?.dispose();
    await new Promise((r) => probe?.close(r));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('escapes nothing: not the app, not another server, not the network', async () => {
    const { page, url } = w.app;
    w.api.push(
      reply(toolUse('mcp__hostile__show', { text: 'hello' }, 'toolu_hostile')),
      reply(text('Shown the view.')),
    );
    await askInNewChat(page, 'Show me the view');
    await allowOnce(page);
    const { view } = await liveView(cardOf(page, 'hostile · show'));
    await view.locator('#state').filter({ hasText: 'finished' }).waitFor({ timeout: 90_000 });
    const report = JSON.parse((await view.locator('#report').textContent()) ?? '{}') as Report;
    await w.app.screenshot('apps-hostile-view');

    // The view's own account: the handshake worked (so its requests were heard), nothing else did.
    // (Top navigation and sendBeacon may look fine from inside; the window's address and the probe judge them.)
    expect(report.handshake?.achieved).toBe(true);
    const goals = [
      'parent-dom',
      'top-dom',
      'top-storage',
      'own-lena',
      'top-lena',
      'popup',
      'model-only-tool',
      'other-server-tool',
      'other-server-qualified',
      'other-server-resource',
      'link-javascript',
      'link-http',
      'link-credentials',
      'fetch',
      'fetch-remote',
      'image',
      'websocket',
      'frame',
    ];
    for (const goal of goals) {
      expect(report[goal], `the view's report has ${goal}`).toBeDefined();
      expect({ goal, ...report[goal] }, `${goal}: ${report[goal]?.detail}`).toMatchObject({
        goal,
        achieved: false,
      });
    }

    // Refused by Lena for the right reason, not by accident.
    expect(report['model-only-tool'].detail).toMatch(/may not call it/);
    expect(report['other-server-tool'].detail).toMatch(/only its own server/);
    // No bridge in the view; a harness binding that shows up in the frame is refused by the sender check.
    expect(report['own-lena'].detail).toMatch(/absent|refused: IPC from a foreign frame/);

    // What the user sees: the window where it was, unchanged, no popup, and nothing asked.
    expect(page.url().startsWith(url)).toBe(true);
    expect(w.app.context.pages()).toHaveLength(1);
    expect(await page.getByText('PWNED').count()).toBe(0);
    expect(await page.getByText('SPOOFED').count()).toBe(0);
    expect(await page.locator('[data-question]').count()).toBe(0);
    // Nothing reached the network: the probe never heard from the view (fetch, image, beacon, socket, frame, navigation).
    expect(probed).toEqual([]);
    // The window still works: the conversation carries on.
    await page.getByText('Shown the view.').waitFor();
    expect(w.app.pageErrors).toEqual([]);
  });
});
