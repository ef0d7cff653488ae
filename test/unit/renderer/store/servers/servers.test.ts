// The servers slice against a fake host: what the page shows before, during and after core answers.
import { describe, expect, it } from 'vitest';
import type { ServerStatus, ToolInfo } from '../../../../../shared/server-types';
import { serversSelectors } from '../../../../../renderer/store/servers/selectors';
import { storeWithFakeHost } from '../fake-host';

const server = (name: string, extra: Partial<ServerStatus> = {}) =>
  ({ name, status: 'connected', toolCount: 2, ...extra }) as ServerStatus;
const tool = (server: string, name: string, enabled = true) =>
  ({ server, name, enabled }) as ToolInfo;

describe('servers slice', () => {
  it('starts with nothing loaded and no error', () => {
    const { store } = storeWithFakeHost();
    const s = store.getState();
    expect(s.serverList).toEqual({ status: 'idle', value: null, error: null });
    expect(serversSelectors.servers(s)).toEqual([]);
    expect(serversSelectors.noServers(s)).toBe(false);
  });

  it('loads the list from core, and says "no servers" only once it has loaded', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('servers:list', () => []);
    const loading = store.getState().loadServers();
    expect(store.getState().serverList.status).toBe('loading');
    await loading;
    expect(serversSelectors.noServers(store.getState())).toBe(true);
    host.on('servers:list', () => [server('fs'), server('web', { status: 'failed' })]);
    await store.getState().loadServers();
    expect(serversSelectors.names(store.getState())).toEqual(['fs', 'web']);
    expect(serversSelectors.connectedNames(store.getState())).toEqual(['fs']);
    expect(serversSelectors.connectedToolCount(store.getState())).toBe(2);
    expect(store.getState().serverList.status).toBe('ready');
  });

  it('sums the servers up once for the title bar and the sidebar: a disabled one is not a problem', async () => {
    const { host, store } = storeWithFakeHost();
    const summaryOf = async (list: ServerStatus[]) => {
      host.on('servers:list', () => list);
      await store.getState().loadServers();
      return serversSelectors.summary(store.getState());
    };
    expect(await summaryOf([server('fs'), server('off', { status: 'disabled' })])).toMatchObject({
      total: 2,
      connected: 1,
      needs: 0,
      attention: 'green',
    });
    const mixed = await summaryOf([
      server('fs'),
      server('web', { status: 'failed', restart: { attempt: 1, at: 0 } } as Partial<ServerStatus>),
      server('gh', { status: 'failed', signIn: { state: 'required' } } as Partial<ServerStatus>),
    ]);
    expect(mixed).toMatchObject({
      failed: 0,
      restarting: 1,
      signIn: 1,
      needs: 2,
      attention: 'amber',
    });
    expect((await summaryOf([server('fs'), server('x', { status: 'failed' })])).attention).toBe(
      'red',
    );
  });

  it('keeps the servers shown when a reload fails, and carries the error as core sent it', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('servers:list', () => [server('fs')]);
    await store.getState().loadServers();
    host.fail('servers:list', {
      code: 'unavailable',
      message: 'The MCP manager did not start.',
      action: 'restart-lena',
    });
    await store.getState().loadServers();
    const l = store.getState().serverList;
    expect(l.status).toBe('error');
    expect(l.error).toEqual({
      code: 'unavailable',
      message: 'The MCP manager did not start.',
      action: 'restart-lena',
    });
    expect(l.value?.map((x) => x.name)).toEqual(['fs']);
  });

  it('replaces one server from a status event and from an action, and drops a removed one', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('servers:list', () => [server('fs'), server('web')]);
    const off = store.getState().subscribeServers();
    await store.getState().loadServers();
    host.emit('servers:status-changed', server('web', { status: 'failed' }));
    expect(serversSelectors.connectedNames(store.getState())).toEqual(['fs']);
    host.on('servers:restart', ({ name }) => server(name, { restarts: 1 }));
    const r = await store.getState().restartServer('web');
    expect(r.ok).toBe(true);
    expect(host.calls.at(-1)).toEqual({ channel: 'servers:restart', args: { name: 'web' } });
    expect(serversSelectors.servers(store.getState()).find((x) => x.name === 'web')?.restarts).toBe(
      1,
    );
    store.getState().selectServer('web');
    host.on('servers:remove', () => undefined);
    await store.getState().removeServer('web');
    expect(serversSelectors.names(store.getState())).toEqual(['fs']);
    expect(serversSelectors.selected(store.getState())).toBeNull();
    off();
    expect(host.listeners('servers:status-changed')).toBe(0);
  });

  it('loads tools per server, toggles one, and records a failed load for that server only', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('servers:tools', () => [tool('fs', 'read'), tool('fs', 'write'), tool('web', 'fetch')]);
    await store.getState().loadTools();
    expect(
      serversSelectors
        .tools('fs')(store.getState())
        .map((t) => t.name),
    ).toEqual(['read', 'write']);
    host.on('servers:set-tool-enabled', ({ server: s, tool: t, enabled }) => tool(s, t, enabled));
    await store.getState().setToolEnabled('fs', 'write', false);
    expect(
      serversSelectors
        .tools('fs')(store.getState())
        .find((t) => t.name === 'write')?.enabled,
    ).toBe(false);
    host.fail('servers:tools', { code: 'not-found', message: 'No server named "web".' });
    await store.getState().loadTools('web');
    expect(serversSelectors.toolsError('web')(store.getState())?.message).toBe(
      'No server named "web".',
    );
    expect(serversSelectors.toolsError('fs')(store.getState())).toBeNull();
    expect(store.getState().toolLists.web.error).toEqual({
      code: 'not-found',
      message: 'No server named "web".',
    });
  });

  it('turns a failed action into an outcome without touching the list', async () => {
    const { host, store } = storeWithFakeHost();
    host.fail('servers:add', { code: 'conflict', message: 'A server named "fs" already exists.' });
    const r = await store.getState().addServer('fs', { command: 'x' } as never);
    expect(r).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'A server named "fs" already exists.' },
    });
    expect(store.getState().serverList.value).toBeNull();
  });
});
