// The settings slice against a fake host.
import { describe, expect, it } from 'vitest';
import type { ProjectView, SettingsView } from '../../../../../shared/settings-types';
import { settingsSelectors } from '../../../../../renderer/store/settings/selectors';
import { storeWithFakeHost } from '../fake-host';

const settings = (extra: Partial<SettingsView> = {}) =>
  ({ model: 'claude-sonnet-4-5', theme: 'system', apiKeySet: false, ...extra }) as SettingsView;

describe('settings slice', () => {
  it('starts unloaded: the key counts as missing and the theme follows the system', () => {
    const { store } = storeWithFakeHost();
    const s = store.getState();
    expect(s.settingsView.status).toBe('idle');
    expect(settingsSelectors.apiKeyMissing(s)).toBe(true);
    expect(settingsSelectors.theme(s)).toBe('system');
  });

  it('loads settings, saves the API key through core and shows it as set', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('settings:get', () => settings());
    await store.getState().loadSettings();
    expect(store.getState().settingsView.status).toBe('ready');
    host.on('settings:set-api-key', () => settings({ apiKeySet: true }));
    const r = await store.getState().setApiKey('sk-ant-test');
    expect(r.ok).toBe(true);
    expect(host.calls.at(-1)).toEqual({
      channel: 'settings:set-api-key',
      args: { key: 'sk-ant-test' },
    });
    expect(settingsSelectors.apiKeyMissing(store.getState())).toBe(false);
  });

  it('a failed load is an error the page can show, with the code core sent', async () => {
    const { host, store } = storeWithFakeHost();
    host.fail('settings:get', {
      code: 'internal',
      message: 'settings.json: Unexpected token } at line 3, column 5',
    });
    await store.getState().loadSettings();
    expect(store.getState().settingsView).toEqual({
      status: 'error',
      value: null,
      error: { code: 'internal', message: 'settings.json: Unexpected token } at line 3, column 5' },
    });
  });

  it('applies a chosen theme at once and keeps it when saving fails', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('settings:get', () => settings());
    await store.getState().loadSettings();
    host.fail('settings:update', { code: 'locked', message: 'Another Lena holds settings.json.' });
    const r = await store.getState().setTheme('dark');
    expect(r.ok).toBe(false);
    expect(settingsSelectors.theme(store.getState())).toBe('dark');
    expect(settingsSelectors.themeError(store.getState())?.code).toBe('locked');
  });

  it('follows settings and project events from core', () => {
    const { host, store } = storeWithFakeHost();
    store.getState().subscribeSettings();
    host.emit('settings:changed', settings({ theme: 'light' }));
    host.emit('project:changed', {
      folder: '/code/app',
      recent: [],
      mcpFile: null,
    } satisfies ProjectView);
    expect(settingsSelectors.theme(store.getState())).toBe('light');
    expect(settingsSelectors.project(store.getState())?.folder).toBe('/code/app');
  });
});
