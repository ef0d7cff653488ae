// The MCP Apps slice against a fake window.lena: a tool's view is asked of core once and kept,
// forgotten when its server's tools change (a changed view is held by core), the views' model
// contexts follow core's events, and a view's requests carry the card's identity.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { AppModelContext, AppView } from '../../../../shared/app-view-types';
import { createAppsSlice, viewKey, type AppsSlice } from '../../../../renderer/store/apps-slice';

type Listener = (payload: unknown) => void;
let calls: Array<[string, unknown]>;
let listeners: Map<string, Listener[]>;
let answers: Record<string, unknown>;

beforeEach(() => {
  calls = [];
  listeners = new Map();
  answers = {};
  const lena = new Proxy(
    {
      on: (event: string, l: Listener) => {
        listeners.set(event, [...(listeners.get(event) ?? []), l]);
        return () => undefined;
      },
    } as Record<string, unknown>,
    {
      get: (target, channel: string) =>
        target[channel] ??
        (async (args: unknown) => {
          calls.push([channel, args]);
          return { ok: true, value: answers[channel] ?? null };
        }),
    },
  );
  (globalThis as { window?: unknown }).window = { lena };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const store = () => createStore<AppsSlice>()((...a) => createAppsSlice(...(a as unknown as Parameters<typeof createAppsSlice>)));
const view = { server: 'basic', tool: 'get-time', status: 'ready', html: '<p>' } as AppView;
const ref = { conversationId: 'c1', toolUseId: 'toolu_1' };

it('asks core for a tool’s view once, and again after its server’s tools changed', async () => {
  answers['apps:view'] = view;
  const s = store();
  s.getState().subscribeApps();
  await s.getState().loadAppView('basic', 'get-time');
  expect(s.getState().appViews[viewKey('basic', 'get-time')]).toEqual(view);
  listeners.get('servers:tools-changed')?.forEach((l) => l({ server: 'other' }));
  expect(s.getState().appViews[viewKey('basic', 'get-time')]).toEqual(view);
  listeners.get('servers:tools-changed')?.forEach((l) => l({ server: 'basic' }));
  expect(s.getState().appViews[viewKey('basic', 'get-time')]).toBeUndefined();
  expect(calls.filter(([c]) => c === 'apps:view')).toEqual([['apps:view', { server: 'basic', tool: 'get-time' }]]);
});

it('keeps what each view gave the model, from its own requests and from core’s events', async () => {
  const context: AppModelContext = { ...ref, server: 'basic', text: 'picked Oslo', updatedAt: 1 };
  answers['apps:update-context'] = context;
  const s = store();
  s.getState().subscribeApps();
  await s.getState().viewUpdateContext(ref, { content: [{ type: 'text', text: 'picked Oslo' }] });
  expect(s.getState().modelContexts.toolu_1?.text).toBe('picked Oslo');
  expect(calls.at(-1)).toEqual(['apps:update-context', { ...ref, content: [{ type: 'text', text: 'picked Oslo' }] }]);
  listeners.get('apps:context-changed')?.forEach((l) => l({ ...context, text: null, updatedAt: 2 }));
  expect(s.getState().modelContexts.toolu_1?.text).toBeNull();
});

it('names the card in every view request and reads core’s answers plainly', async () => {
  const s = store();
  answers['apps:message'] = { sent: false, turnId: null };
  expect(await s.getState().viewMessage(ref, [{ type: 'text', text: 'hi' }])).toBe(false);
  answers['apps:download'] = { saved: [], cancelled: true };
  expect(await s.getState().viewDownload(ref, [{ type: 'resource' }])).toBe(false);
  answers['apps:download'] = { saved: ['/tmp/a.txt'], cancelled: false };
  expect(await s.getState().viewDownload(ref, [{ type: 'resource' }])).toBe(true);
  await s.getState().viewCallTool(ref, 'get-time');
  expect(calls.map(([, args]) => (args as { toolUseId: string }).toolUseId)).toEqual(['toolu_1', 'toolu_1', 'toolu_1', 'toolu_1']);
  expect(calls.at(-1)).toEqual(['apps:call-tool', { ...ref, name: 'get-time' }]);
});
