// Every server action, and `servers:status-changed` / `servers:tools-changed` kept in the store.
import type { ServerEntry } from '../../../shared/server-config';
import type {
  ConfigFileView,
  ImportReport,
  ServerAsksView,
  ServerLogs,
  ServerStatus,
  TestConnectionResult,
  ToolInfo,
} from '../../../shared/server-types';
import { failed, idle, ready, reloading, withValue, type Loadable } from '../loadable';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';

export interface ServersActions {
  loadAsks(name: string): Promise<void>;
  setAsks(
    name: string,
    change: { roots?: string[]; sampling?: 'ask' | 'always'; shareProject?: boolean },
  ): Promise<Outcome<ServerAsksView>>;
  loadServers(): Promise<void>;
  selectServer(name: string | null): void;
  setAddingServer(adding: boolean): void;
  reloadServers(name?: string): Promise<Outcome<ServerStatus[]>>;
  restartServer(name: string): Promise<Outcome<ServerStatus>>;
  setServerEnabled(name: string, enabled: boolean): Promise<Outcome<ServerStatus>>;
  setServerTrusted(name: string, trusted: boolean): Promise<Outcome<ServerStatus>>;
  /** Confirms a server whose entry changed since it was trusted or its rules were made. */
  confirmServer(name: string): Promise<Outcome<ServerStatus>>;
  addServer(name: string, entry: ServerEntry): Promise<Outcome<ServerStatus>>;
  updateServer(name: string, entry: ServerEntry): Promise<Outcome<ServerStatus>>;
  /** Fills a sandboxed npx/uvx server's cache once unsandboxed; it restarts offline from it. */
  preinstallServer(name: string): Promise<Outcome<ServerStatus>>;
  /** Adds a domain or a folder to a local server's sandbox policy (the server restarts). */
  allowInSandbox(
    name: string,
    grant: { domain: string } | { folder: string },
  ): Promise<Outcome<ServerStatus>>;
  removeServer(name: string): Promise<Outcome<void>>;
  testServer(name: string, entry: ServerEntry): Promise<Outcome<TestConnectionResult>>;
  loadTools(name?: string): Promise<void>;
  setToolEnabled(server: string, tool: string, enabled: boolean): Promise<Outcome<ToolInfo>>;
  loadLogs(name: string): Promise<void>;
  /** The least severe log message the server sends (logging/setLevel), kept in its settings. */
  setLogLevel(
    name: string,
    level: NonNullable<ServerLogs['logLevel']>,
  ): Promise<Outcome<ServerStatus>>;
  loadConfigFiles(): Promise<void>;
  saveConfigFile(scope: 'user' | 'project', text: string): Promise<Outcome<ConfigFileView>>;
  importClaudeDesktop(): Promise<Outcome<ImportReport>>;
  /**
   * `grants`: the references (`NAME`, `secret:NAME`) ticked in the approval; `sandbox` false: the
   * user unticked "Run in the sandbox".
   */
  approveServer(
    name: string,
    approve: boolean,
    entryHash: string,
    grants?: string[],
    sandbox?: boolean,
  ): Promise<Outcome<ServerStatus>>;
  /** OAuth: opens the system browser and resolves once signed in (or the step that failed). */
  signInServer(name: string): Promise<Outcome<ServerStatus>>;
  signOutServer(name: string): Promise<Outcome<ServerStatus>>;
  cancelSignIn(name: string): Promise<Outcome<boolean>>;
  subscribeServers(): () => void;
}

type List = Loadable<ServerStatus[]>;
const replace = (l: List, status: ServerStatus): List => {
  const list = l.value ?? [];
  return withValue(
    l,
    list.some((x) => x.name === status.name)
      ? list.map((x) => (x.name === status.name ? status : x))
      : [...list, status],
  );
};
const entry = <T>(record: Record<string, Loadable<T>>, key: string): Loadable<T> =>
  record[key] ?? idle();

// Long: the slice's actions, each short, in one object over the helpers they share.
export const createServersActions: ActionsCreator<ServersActions> = (set, get, host) => {
  const withStatus = async (fn: () => Promise<ServerStatus>): Promise<Outcome<ServerStatus>> => {
    const r = await attempt(fn);
    if (r.ok) set((s) => ({ serverList: replace(s.serverList, r.value) }));
    return r;
  };
  return {
    async loadAsks(name) {
      const r = await attempt(() => host.call('servers:asks', { name }));
      if (r.ok) set((s) => ({ serverAsks: { ...s.serverAsks, [name]: r.value } }));
    },
    async setAsks(name, change) {
      const r = await attempt(() => host.call('servers:set-asks', { name, ...change }));
      if (r.ok) set((s) => ({ serverAsks: { ...s.serverAsks, [name]: r.value } }));
      return r;
    },
    async loadServers() {
      // Reloading a list already shown keeps it "ready": the page does not flash a spinner.
      if (get().serverList.status !== 'ready')
        set((s) => ({ serverList: reloading(s.serverList) }));
      const r = await attempt(() => host.call('servers:list'));
      set((s) => ({ serverList: r.ok ? ready(r.value) : failed(s.serverList, r.error) }));
    },
    selectServer: (name) => set({ selectedServer: name, addingServer: false, view: 'servers' }),
    setAddingServer: (adding) =>
      set({ addingServer: adding, ...(adding ? { view: 'servers' as const } : {}) }),
    async reloadServers(name) {
      const r = await attempt(() => host.call('servers:reload', name ? { name } : {}));
      if (r.ok) set({ serverList: ready(r.value) });
      return r;
    },
    restartServer: (name) => withStatus(() => host.call('servers:restart', { name })),
    setServerEnabled: (name, enabled) =>
      withStatus(() => host.call('servers:set-enabled', { name, enabled })),
    setServerTrusted: (name, trusted) =>
      withStatus(() => host.call('servers:set-trusted', { name, trusted })),
    confirmServer: (name) => withStatus(() => host.call('servers:confirm', { name })),
    preinstallServer: (name) => withStatus(() => host.call('servers:preinstall', { name })),
    allowInSandbox: (name, grant) =>
      withStatus(() => host.call('servers:sandbox-allow', { name, ...grant })),
    addServer: (name, e) => withStatus(() => host.call('servers:add', { name, entry: e })),
    async updateServer(name, e) {
      const r = await attempt(() => host.call('servers:update', { name, entry: e }));
      if (!r.ok) return r;
      // The form edits the entry as written in the file: read the file again before the new
      // status arrives, or the form would be reset from the old text (the timeout showed empty).
      await get().loadConfigFiles();
      set((s) => ({ serverList: replace(s.serverList, r.value) }));
      return r;
    },
    async removeServer(name) {
      const r = await attempt(() => host.call('servers:remove', { name }));
      if (r.ok) {
        set((s) => ({
          serverList: withValue(
            s.serverList,
            (s.serverList.value ?? []).filter((x) => x.name !== name),
          ),
          selectedServer: s.selectedServer === name ? null : s.selectedServer,
        }));
      }
      return r;
    },
    testServer: (name, e) => attempt(() => host.call('servers:test', { name, entry: e })),
    async loadTools(name) {
      const k = name ?? '*';
      const r = await attempt(() => host.call('servers:tools', name ? { name } : {}));
      if (!r.ok) {
        set((s) => ({
          toolLists: { ...s.toolLists, [k]: failed(entry(s.toolLists, k), r.error) },
        }));
        return;
      }
      const byServer: Record<string, Loadable<ToolInfo[]>> = { [k]: ready(r.value) };
      if (!name) {
        const grouped: Record<string, ToolInfo[]> = {};
        for (const t of r.value) (grouped[t.server] ??= []).push(t);
        for (const [server, list] of Object.entries(grouped)) byServer[server] = ready(list);
      }
      set((s) => ({ toolLists: { ...s.toolLists, ...byServer } }));
    },
    async setToolEnabled(server, tool, enabled) {
      const r = await attempt(() =>
        host.call('servers:set-tool-enabled', { server, tool, enabled }),
      );
      if (r.ok) {
        set((s) => {
          const l = entry(s.toolLists, server);
          return {
            toolLists: {
              ...s.toolLists,
              [server]: withValue(
                l,
                (l.value ?? []).map((t) => (t.name === tool ? r.value : t)),
              ),
            },
          };
        });
      }
      return r;
    },
    async loadLogs(name) {
      const r = await attempt(() => host.call('servers:logs', { name }));
      set((s) => ({
        logsByServer: {
          ...s.logsByServer,
          [name]: r.ok ? ready(r.value) : failed(entry(s.logsByServer, name), r.error),
        },
      }));
    },
    async setLogLevel(name, level) {
      const r = await attempt(() => host.call('servers:set-log-level', { name, level }));
      if (r.ok) void get().loadLogs(name);
      return r;
    },
    async loadConfigFiles() {
      const r = await attempt(() => host.call('servers:config-files'));
      set((s) => ({ configFileList: r.ok ? ready(r.value) : failed(s.configFileList, r.error) }));
    },
    async saveConfigFile(scope, text) {
      const r = await attempt(() => host.call('servers:save-config-file', { scope, text }));
      if (r.ok) {
        set((s) => ({
          configFileList: withValue(
            s.configFileList,
            (s.configFileList.value ?? []).map((f) => (f.scope === scope ? r.value : f)),
          ),
        }));
        void get().loadServers();
      }
      return r;
    },
    async importClaudeDesktop() {
      const r = await attempt(() => host.call('servers:import-claude-desktop'));
      if (r.ok) void get().loadServers();
      return r;
    },
    approveServer: (name, approve, entryHash, grants, sandbox) =>
      withStatus(() =>
        host.call('servers:approve', {
          name,
          approve,
          entryHash,
          ...(grants ? { grants } : {}),
          ...(sandbox === false ? { sandbox } : {}),
        }),
      ),
    signInServer: (name) => withStatus(() => host.call('servers:sign-in', { name })),
    signOutServer: (name) => withStatus(() => host.call('servers:sign-out', { name })),
    cancelSignIn: (name) => attempt(() => host.call('servers:sign-in-cancel', { name })),
    subscribeServers() {
      const a = host.subscribe('servers:status-changed', (status) =>
        set((s) => ({ serverList: { ...replace(s.serverList, status), status: 'ready' } })),
      );
      const b = host.subscribe('servers:tools-changed', ({ server }) => {
        if (get().toolLists[server]?.value) void get().loadTools(server);
        void get().loadBudget();
      });
      return () => {
        a();
        b();
      };
    },
  };
};
