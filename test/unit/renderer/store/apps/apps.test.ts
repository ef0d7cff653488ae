// The MCP Apps slice against a fake host: a tool's view is asked of core once and kept, forgotten
// when its server's tools change (a changed view is held by core), the views' model contexts
// follow core's events, and a view's requests carry the card's identity.
import { expect, it } from 'vitest';
import type { AppModelContext, AppView } from '../../../../../shared/app-view-types';
import { viewKey } from '../../../../../renderer/store/apps/initial-state';
import { storeWithFakeHost } from '../fake-host';

const view = { server: 'basic', tool: 'get-time', status: 'ready', html: '<p>' } as AppView;
const ref = { conversationId: 'c1', toolUseId: 'toolu_1' };

it('asks core for a tool’s view once, and again after its server’s tools changed', async () => {
  const { host, store } = storeWithFakeHost();
  host.on('apps:view', () => view);
  store.getState().subscribeApps();
  await store.getState().loadAppView('basic', 'get-time');
  expect(store.getState().appViews[viewKey('basic', 'get-time')]).toEqual(view);
  host.emit('servers:tools-changed', { server: 'other' } as never);
  expect(store.getState().appViews[viewKey('basic', 'get-time')]).toEqual(view);
  host.emit('servers:tools-changed', { server: 'basic' } as never);
  expect(store.getState().appViews[viewKey('basic', 'get-time')]).toBeUndefined();
  expect(host.calls.filter((c) => c.channel === 'apps:view')).toEqual([
    { channel: 'apps:view', args: { server: 'basic', tool: 'get-time' } },
  ]);
});

it('keeps what each view gave the model, from its own requests and from core’s events', async () => {
  const context: AppModelContext = {
    ...ref,
    server: 'basic',
    text: 'picked Oslo',
    updatedAt: 1,
  } as AppModelContext;
  const { host, store } = storeWithFakeHost();
  host.on('apps:update-context', () => context);
  store.getState().subscribeApps();
  await store
    .getState()
    .viewUpdateContext(ref, { content: [{ type: 'text', text: 'picked Oslo' }] });
  expect(store.getState().modelContexts.toolu_1?.text).toBe('picked Oslo');
  expect(host.calls.at(-1)).toEqual({
    channel: 'apps:update-context',
    args: { ...ref, content: [{ type: 'text', text: 'picked Oslo' }] },
  });
  host.emit('apps:context-changed', { ...context, text: null, updatedAt: 2 } as never);
  expect(store.getState().modelContexts.toolu_1?.text).toBeNull();
});

it('names the card in every view request and reads core’s answers plainly', async () => {
  const { host, store } = storeWithFakeHost();
  host.on('apps:message', () => ({ sent: false, turnId: null }) as never);
  expect(await store.getState().viewMessage(ref, [{ type: 'text', text: 'hi' }])).toBe(false);
  host.on('apps:download', () => ({ saved: [], cancelled: true }) as never);
  expect(await store.getState().viewDownload(ref, [{ type: 'resource' }])).toBe(false);
  host.on('apps:download', () => ({ saved: ['/tmp/a.txt'], cancelled: false }) as never);
  expect(await store.getState().viewDownload(ref, [{ type: 'resource' }])).toBe(true);
  host.on('apps:call-tool', () => ({ content: [] }) as never);
  await store.getState().viewCallTool(ref, 'get-time');
  expect(host.calls.map((c) => (c.args as { toolUseId: string }).toolUseId)).toEqual([
    'toolu_1',
    'toolu_1',
    'toolu_1',
    'toolu_1',
  ]);
  expect(host.calls.at(-1)).toEqual({
    channel: 'apps:call-tool',
    args: { ...ref, name: 'get-time' },
  });
});
