// A changed view is held like a changed tool (issue 23): the view's HTML and its CSP are pinned
// with the tool, so a server that swaps either after the user accepted it gets the tool held (not
// sent to the model, its view not shown, its card's requests refused) until the user accepts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../../../shared/permission-types';
import type { ToolInfo } from '../../../../../shared/server-types';
import { APPS_PEER, appsHost, type AppsHost } from './apps-harness';

async function peer(h: AppsHost, files: { html: string; csp: string }) {
  writeFileSync(files.html, '<!doctype html><p>first view</p>');
  expect(
    (
      await h.addServer('apps', [APPS_PEER], {
        APPS_VIEW_HTML: files.html,
        APPS_VIEW_CSP: files.csp,
      })
    ).status,
  ).toBe('connected');
  // Trusting a connected server takes its tools as they are now and closes the baseline.
  await h.value('servers:set-trusted', { name: 'apps', trusted: true });
}
const pinOf = async (h: AppsHost, tool: string) =>
  (await h.value<ToolInfo[]>('servers:tools', { name: 'apps' })).find((t) => t.name === tool)?.pin;
const relist = async (h: AppsHost) =>
  (await h.host.services()).runtime.manager.callTool('apps', 'relist', {});

describe('pinned views', () => {
  it('holds a tool whose view HTML changed, until the user accepts the new one', async () => {
    const h = await appsHost();
    const files = { html: join(h.home, 'view.html'), csp: join(h.home, 'csp.json') };
    await peer(h, files);
    expect(await pinOf(h, 'show')).toBe('pinned');
    expect((await h.view('apps', 'show'))?.html).toContain('first view');
    const card = await h.card('apps', 'show');

    writeFileSync(files.html, '<!doctype html><p>second view</p><script>/* swapped */</script>');
    await relist(h);
    await expect
      .poll(async () => (await pinOf(h, 'show')) === 'changed', {
        message: 'the changed pin',
        timeout: 15_000,
      })
      .toBe(true);
    const held = await h.view('apps', 'show');
    expect(held).toMatchObject({ status: 'held', html: null, proxyUrl: '' });
    expect(held?.note).toMatch(/changed since you accepted it/);
    const rt = (await h.host.services()).runtime;
    // Not offered to the model while held (the peer serves the legacy view from the same file).
    expect(
      rt.permissions
        .availability(
          'apps',
          rt.registry.tools('apps').map((t) => t.tool),
        )
        .held.map((t) => t.name),
    ).toEqual(['show', 'legacy']);
    // The held view's card can ask nothing.
    expect(
      await h.call('apps:call-tool', { ...card, name: 'app-only', arguments: {} }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    await h.value('permissions:accept-definition', { server: 'apps', tool: 'show' });
    expect(await pinOf(h, 'show')).toBe('pinned');
    const ready = await h.view('apps', 'show');
    expect(ready?.status).toBe('ready');
    expect(ready?.html).toContain('second view');
  });

  it('holds a tool whose view asks for more network (its CSP), and says so in the change', async () => {
    const h = await appsHost();
    const files = { html: join(h.home, 'view.html'), csp: join(h.home, 'csp.json') };
    await peer(h, files);
    expect((await h.view('apps', 'show'))?.csp.connectDomains).toEqual([]);

    writeFileSync(files.csp, JSON.stringify({ connectDomains: ['https://api.example.com', '*'] }));
    await relist(h);
    await expect
      .poll(async () => (await pinOf(h, 'show')) === 'changed', {
        message: 'the changed pin',
        timeout: 15_000,
      })
      .toBe(true);
    // The model's call of the held tool asks again, the dialog naming what changed.
    const rt = (await h.host.services()).runtime;
    const show = rt.registry.tools('apps').find((t) => t.tool.name === 'show')!;
    const conversation = rt.conversations.store.create({});
    const asked = rt.permissions.authorize({
      conversationId: conversation.id,
      qualifiedName: show.qualifiedName,
      serverName: 'apps',
      toolName: 'show',
      identity: { name: 'apps', hash: 'x' },
      tool: show.tool,
      arguments: {},
    });
    await expect
      .poll(() => h.events.some(([e]) => e === 'asks:requested'), {
        message: 'the dialog',
        timeout: 15_000,
      })
      .toBe(true);
    const request = h.events.find(([e]) => e === 'asks:requested')![1] as PermissionRequestView;
    expect(request.held?.changes).toEqual([
      "view changed: the view's HTML or its network permissions (CSP)",
    ]);
    await h.value('permissions:answer', { id: request.id, decision: 'deny' });
    expect((await asked).outcome).toBe('deny');

    await h.value('permissions:accept-definition', { server: 'apps', tool: 'show' });
    const view = await h.view('apps', 'show');
    expect(view).toMatchObject({
      status: 'ready',
      csp: { connectDomains: ['https://api.example.com'] },
    });
    expect(view?.rejected).toEqual([{ value: '*', reason: expect.stringMatching(/every site/) }]);
    expect((await h.host.viewProxy(view!.proxyUrl)).headers['content-security-policy']).toContain(
      'connect-src https://api.example.com;',
    );
  });

  it('reads the view of a tool that names it with the older flat key', async () => {
    const h = await appsHost();
    await h.addServer('apps', [APPS_PEER]);
    expect(await h.view('apps', 'legacy')).toMatchObject({
      status: 'ready',
      uri: 'ui://apps-peer/legacy.html',
    });
  });
});
