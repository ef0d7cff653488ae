// MCP Apps against the example App servers from npm (issue 23), over stdio, offline: the App tool
// is listed with its view, the ui:// resource is read and served through the sandbox proxy with a
// no-network policy, and a view's tools/call goes through the permission gate saying it comes
// from the view.
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../../../shared/permission-types';
import type { ToolInfo } from '../../../../../shared/server-types';
import { viewContentSecurityPolicy } from '../../../../../electron/core/security/view-csp';
import { APP_ORIGIN, appsHost, exampleApp } from './apps-harness';

const none = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };

describe('example App servers from npm', () => {
  it('basic-vanillajs: lists get-time with its view, reads the view and serves it through the proxy without network', async () => {
    const h = await appsHost();
    expect(
      (await h.addServer('basic', [exampleApp('server-basic-vanillajs'), '--stdio'])).status,
    ).toBe('connected');
    const tools = await h.value<ToolInfo[]>('servers:tools', { name: 'basic' });
    expect(tools.find((t) => t.name === 'get-time')).toMatchObject({
      enabled: true,
      app: { resourceUri: 'ui://get-time/mcp-app.html', visibility: ['model', 'app'] },
    });

    const view = await h.view('basic', 'get-time');
    expect(view).toMatchObject({
      status: 'ready',
      uri: 'ui://get-time/mcp-app.html',
      csp: none,
      rejected: [],
      proxyOrigin: 'http://127.0.0.1:4001',
    });
    expect(view!.html).toMatch(/<html[\s>]/i);
    expect(view!.proxyUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:4001\/[0-9a-f]{16}\/proxy\.html\?view=[0-9a-f]{64}$/,
    );

    const page = await h.host.viewProxy(view!.proxyUrl);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(
      viewContentSecurityPolicy(none, APP_ORIGIN),
    );
    expect(page.headers['content-security-policy']).toContain("connect-src 'none'");
    expect(page.body).toContain('<script src="proxy.js">');
    const script = await h.host.viewProxy(view!.proxyUrl.replace('proxy.html', 'proxy.js'));
    expect(script.body).toContain(`const APP = "${APP_ORIGIN}"`);
    expect(script.body).toContain("inner.setAttribute('sandbox', 'allow-scripts')");
    // Another view key, another server key, another path: nothing is served.
    expect(
      (await h.host.viewProxy(view!.proxyUrl.replace(/view=[0-9a-f]{4}/, 'view=0000'))).status,
    ).toBe(404);
    expect(
      (await h.host.viewProxy(view!.proxyUrl.replace(/\/[0-9a-f]{16}\//, '/0123456789abcdef/')))
        .status,
    ).toBe(404);
    expect(
      (await h.host.viewProxy(view!.proxyUrl.replace('proxy.html', 'index.html'))).status,
    ).toBe(404);
    // A tool without a view has none.
    expect(await h.view('basic', 'no-such-tool')).toBeNull();
  });

  it('basic-vanillajs: the view calls get-time; the gate asks, saying the view asks, and the result comes back', async () => {
    const h = await appsHost();
    await h.addServer('basic', [exampleApp('server-basic-vanillajs'), '--stdio']);
    const card = await h.card('basic', 'get-time');
    const pending = h.call<{
      content: { type: string; text: string }[];
      structuredContent?: { time: string };
    }>('apps:call-tool', { ...card, name: 'get-time', arguments: {} });
    await expect
      .poll(() => h.events.some(([e]) => e === 'asks:requested'), {
        message: 'the permission dialog',
        timeout: 15_000,
      })
      .toBe(true);
    const request = h.events.find(([e]) => e === 'asks:requested')![1] as PermissionRequestView;
    expect(request).toMatchObject({
      origin: 'view',
      server: 'basic',
      tool: 'get-time',
      toolUseId: card.toolUseId,
      conversationId: card.conversationId,
    });
    await h.value('permissions:answer', { id: request.id, decision: 'allow-once' });
    const result = await pending;
    expect(result.ok).toBe(true);
    if (result.ok) expect(Date.parse(result.value.structuredContent!.time)).not.toBeNaN();

    // Denied: the view gets an error saying so, and the tool did not run.
    const denied = h.call('apps:call-tool', { ...card, name: 'get-time', arguments: {} });
    await expect
      .poll(() => h.events.filter(([e]) => e === 'asks:requested').length >= 2, {
        message: 'the second dialog',
        timeout: 15_000,
      })
      .toBe(true);
    const second = h.events.filter(([e]) => e === 'asks:requested')[1][1] as PermissionRequestView;
    await h.value('permissions:answer', { id: second.id, decision: 'deny' });
    expect(await denied).toEqual({
      ok: false,
      error: { code: 'forbidden', message: expect.stringMatching(/denied/i) },
    });
  });

  it('budget-allocator: a richer App lists its tool and its view reads and renders ready', async () => {
    const h = await appsHost();
    expect(
      (await h.addServer('budget', [exampleApp('server-budget-allocator'), '--stdio'])).status,
    ).toBe('connected');
    const view = await h.view('budget', 'get-budget-data');
    expect(view).toMatchObject({ status: 'ready', uri: 'ui://budget-allocator/mcp-app.html' });
    expect(view!.html!.length).toBeGreaterThan(10_000);
  });
});
