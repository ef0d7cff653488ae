// The app slice against a fake host: versions, the log feed, and start-up wiring.
import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../../../shared/app-types';
import { appSelectors } from '../../../../../renderer/store/app/selectors';
import { storeWithFakeHost } from '../fake-host';

describe('app slice', () => {
  it('starts on the chat view with no versions read', () => {
    const { store } = storeWithFakeHost();
    expect(appSelectors.view(store.getState())).toBe('chat');
    expect(appSelectors.info(store.getState())).toBeNull();
    // Not a window: no narrow media query, so the sidebar starts open.
    expect(appSelectors.sidebarOpen(store.getState())).toBe(true);
  });

  it('reads the versions from core, or keeps why it could not', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('app:info', () => ({ version: '1.2.3' }) as AppInfo);
    await store.getState().loadInfo();
    expect(appSelectors.info(store.getState())?.version).toBe('1.2.3');
    host.fail('app:info', {
      code: 'unavailable',
      message: 'Lena’s core is not connected to this window.',
    });
    await store.getState().loadInfo();
    expect(store.getState().appInfo.status).toBe('error');
    expect(appSelectors.infoError(store.getState())?.message).toBe(
      'Lena’s core is not connected to this window.',
    );
  });

  it('a composer takes each focus request once, however often it mounts', () => {
    const { store } = storeWithFakeHost();
    expect(store.getState().claimComposerFocus()).toBe(false);
    store.getState().focusComposerSoon();
    expect(store.getState().claimComposerFocus()).toBe(true);
    expect(store.getState().claimComposerFocus()).toBe(false);
  });

  it('connect loads every slice, shows start-up notices and a broken config as toasts, and unsubscribes', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('app:notices', () => [
      { level: 'warn' as const, message: 'The database was moved aside.' },
    ]);
    const disconnect = store.getState().connect();
    await expect
      .poll(() => store.getState().toasts.map((t) => t.message))
      .toEqual(['The database was moved aside.']);
    for (const channel of [
      'app:info',
      'settings:get',
      'conversations:list',
      'servers:list',
      'asks:pending',
      'chat:budget',
    ]) {
      expect(host.calls.map((c) => c.channel)).toContain(channel);
    }
    host.emit('app:logged', {
      time: 1,
      level: 'error',
      source: 'config',
      message: 'mcp.json line 4: expected a string',
    });
    expect(store.getState().toasts.map((t) => t.message)).toContain(
      'mcp.json line 4: expected a string',
    );
    expect(appSelectors.logs(store.getState())).toHaveLength(1);
    // Nothing answered the other loads: each slice holds its error, none threw.
    await expect.poll(() => store.getState().serverList.status).toBe('error');
    disconnect();
    expect(host.listeners('app:logged')).toBe(0);
    expect(host.listeners('chat:progressed')).toBe(0);
  });
});
