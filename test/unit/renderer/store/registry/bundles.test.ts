// The bundle part of the registry slice: a dropped file goes to core as base64 and its sheet shows
// on the servers page; a bundle opened from outside arrives by event (or waits, for a window that
// loads late); an install sends the sheet's token and selects the new server; a refused file
// shows why.
import { describe, expect, it } from 'vitest';
import type { BundleOpened } from '../../../../../shared/bundle-types';
import type { ServerStatus } from '../../../../../shared/server-types';
import { registrySelectors } from '../../../../../renderer/store/registry/selectors';
import { storeWithFakeHost } from '../fake-host';

const opened = (version: string): BundleOpened =>
  ({
    token: `${version.replace(/\./g, '')}`.padEnd(32, '0'),
    preview: { name: 'weather-bundle', version } as BundleOpened['preview'],
    suggestedName: 'weather-bundle',
  }) as BundleOpened;

const file = (name: string, text: string) => ({
  name,
  arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer,
});

describe('bundles in the registry slice', () => {
  it('opens a dropped file through core and shows its sheet on the servers page', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('bundles:open', () => opened('1.0.0'));
    await store.getState().openBundleFile(file('weather.mcpb', 'PK zip'));
    expect(host.calls.find((c) => c.channel === 'bundles:open')?.args).toEqual({
      fileName: 'weather.mcpb',
      data: btoa('PK zip'),
    });
    expect(registrySelectors.bundleSheet(store.getState())?.preview.version).toBe('1.0.0');
    expect(store.getState().view).toBe('servers');
  });

  it('says why a bundle was refused, with no sheet', async () => {
    const { host, store } = storeWithFakeHost();
    host.fail('bundles:open', {
      code: 'forbidden',
      message: "the bundle's signature is invalid: the bundle was changed after it was signed",
    });
    await store.getState().openBundleFile(file('bad.mcpb', 'x'));
    expect(registrySelectors.bundleSheet(store.getState())).toBeNull();
    expect(registrySelectors.bundleError(store.getState())?.message).toMatch(/changed after/);
  });

  it('shows a bundle opened from outside, by event or waiting for the window', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('bundles:pending', () => opened('2.0.0'));
    const stop = store.getState().subscribeBundles();
    await expect
      .poll(() => registrySelectors.bundleSheet(store.getState())?.preview.version)
      .toBe('2.0.0');
    host.emit('bundles:opened', opened('3.0.0'));
    expect(registrySelectors.bundleSheet(store.getState())?.preview.version).toBe('3.0.0');
    stop();
    expect(host.listeners('bundles:opened')).toBe(0);
  });

  it('installs with the sheet’s token and selects the new server', async () => {
    const { host, store } = storeWithFakeHost();
    const status = { name: 'weather-bundle' } as ServerStatus;
    host
      .on('bundles:open', () => opened('1.0.0'))
      .on('bundles:install', () => status)
      .on('servers:list', () => [status]);
    await store.getState().openBundle({ fileName: 'weather.mcpb', data: '' });
    const r = await store.getState().installBundle({
      values: { api_key: 'k', roots: ['/a', '/b'], verbose: undefined },
      serverName: 'weather-bundle',
      trustSigner: 'AB:CD',
    });
    expect(r.ok).toBe(true);
    expect(host.calls.find((c) => c.channel === 'bundles:install')?.args).toEqual({
      token: opened('1.0.0').token,
      values: { api_key: 'k', roots: ['/a', '/b'] },
      serverName: 'weather-bundle',
      trustSigner: 'AB:CD',
    });
    expect(registrySelectors.bundleSheet(store.getState())).toBeNull();
    expect(store.getState().selectedServer).toBe('weather-bundle');
  });
});
