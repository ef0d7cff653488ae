// The Browse slice: pages forward and back with the registry's cursors, a failed page keeps what
// was shown with the error, and a saved install leaves Browse with the new server selected.
import { describe, expect, it } from 'vitest';
import type { RegistryPageView } from '../../../../../shared/install-types';
import type { ServerStatus } from '../../../../../shared/server-types';
import { registrySelectors } from '../../../../../renderer/store/registry/selectors';
import { storeWithFakeHost } from '../fake-host';

const page = (names: string[], nextCursor?: string): RegistryPageView => ({
  registry: 'http://127.0.0.1:1',
  servers: names.map((name) => ({
    name,
    description: '',
    version: '1.0.0',
    status: 'active',
    packages: [],
    remotes: [],
  })),
  ...(nextCursor ? { nextCursor } : {}),
});

describe('registry slice', () => {
  it('pages forward and back with the cursors the registry gave', async () => {
    const { host, store } = storeWithFakeHost();
    const pages: Record<string, RegistryPageView> = {
      '': page(['a/one', 'a/two'], 'c1'),
      c1: page(['a/three'], 'c2'),
      c2: page(['a/four']),
    };
    host.on('registry:search', (args) => pages[args?.cursor ?? '']);
    store.getState().setBrowsingRegistry(true);
    await store.getState().searchRegistry('a/');
    await store.getState().nextRegistryPage();
    await store.getState().nextRegistryPage();
    const s = () => store.getState();
    expect(registrySelectors.pageNumber(s())).toBe(3);
    expect(registrySelectors.page(s()).value?.servers.map((x) => x.name)).toEqual(['a/four']);
    await s().previousRegistryPage();
    expect(registrySelectors.page(s()).value?.servers.map((x) => x.name)).toEqual(['a/three']);
    await s().previousRegistryPage();
    expect(registrySelectors.pageNumber(s())).toBe(1);
    expect(registrySelectors.page(s()).value?.servers.map((x) => x.name)).toEqual([
      'a/one',
      'a/two',
    ]);
    expect(host.calls.filter((c) => c.channel === 'registry:search').map((c) => c.args)).toEqual([
      {},
      { search: 'a/' },
      { search: 'a/', cursor: 'c1' },
      { search: 'a/', cursor: 'c2' },
      { search: 'a/', cursor: 'c1' },
      { search: 'a/' },
    ]);
  });

  it('keeps the page shown when the next one fails, with the error', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('registry:search', () => page(['a/one'], 'c1'));
    await store.getState().searchRegistry('');
    host.fail('registry:search', {
      code: 'unavailable',
      message: 'The MCP Registry at x answered 503',
    });
    await store.getState().nextRegistryPage();
    const loaded = registrySelectors.page(store.getState());
    expect(loaded.status).toBe('error');
    expect(loaded.error?.message).toMatch(/answered 503/);
    expect(loaded.value?.servers.map((x) => x.name)).toEqual(['a/one']);
    expect(registrySelectors.pageNumber(store.getState())).toBe(1);
  });

  it('a saved install leaves Browse and selects the new server', async () => {
    const { host, store } = storeWithFakeHost();
    const status = { name: 'weather' } as ServerStatus;
    host.on('registry:install', () => status).on('servers:list', () => [status]);
    store.getState().setBrowsingRegistry(true);
    const r = await store.getState().installFromRegistry({
      name: 'io.github.x/weather',
      optionId: 'package:0',
      values: {},
      serverName: 'weather',
    });
    expect(r.ok).toBe(true);
    expect(registrySelectors.browsing(store.getState())).toBe(false);
    expect(store.getState().selectedServer).toBe('weather');
  });
});
