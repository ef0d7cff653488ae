// MCP servers as the manager reports them, kept current from `servers:status-changed`, with the
// detail the servers page loads on demand (tools, logs, config files) and every server action.
import type { StateCreator } from 'zustand';
import type { ServerEntry } from '../../shared/server-config';
import type { ConfigFileView, ImportReport, ServerAsksView, ServerLogs, ServerStatus, TestConnectionResult, ToolInfo } from '../../shared/server-types';
import { call, subscribe } from '../host';
import type { LenaState } from './index';
import { attempt, toUiError, type LoadState, type Outcome, type UiError } from './result';

export interface ServersSlice {
  servers: ServerStatus[];
  serversState: LoadState;
  serversError: UiError | null;
  selectedServer: string | null;
  /** The "Add server" panel instead of a server's detail. */
  addingServer: boolean;
  tools: Record<string, ToolInfo[]>;
  toolsError: Record<string, UiError>;
  serverLogs: Record<string, ServerLogs>;
  /** What each server may ask of Lena (roots, sampling review), once its page loaded it. */
  serverAsks: Record<string, ServerAsksView>;
  loadAsks(name: string): Promise<void>;
  setAsks(name: string, change: { roots?: string[]; sampling?: 'ask' | 'always' }): Promise<Outcome<ServerAsksView>>;
  serverLogsError: Record<string, UiError>;
  configFiles: ConfigFileView[] | null;
  configFilesError: UiError | null;
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
  removeServer(name: string): Promise<Outcome<void>>;
  testServer(name: string, entry: ServerEntry): Promise<Outcome<TestConnectionResult>>;
  loadTools(name?: string): Promise<void>;
  setToolEnabled(server: string, tool: string, enabled: boolean): Promise<Outcome<ToolInfo>>;
  loadLogs(name: string): Promise<void>;
  /** The least severe log message the server sends (logging/setLevel), kept in its settings. */
  setLogLevel(name: string, level: NonNullable<ServerLogs['logLevel']>): Promise<Outcome<ServerStatus>>;
  loadConfigFiles(): Promise<void>;
  saveConfigFile(scope: 'user' | 'project', text: string): Promise<Outcome<ConfigFileView>>;
  importClaudeDesktop(): Promise<Outcome<ImportReport>>;
  /** `grants`: the references (`NAME`, `secret:NAME`) ticked in the approval. */
  approveServer(name: string, approve: boolean, entryHash: string, grants?: string[]): Promise<Outcome<ServerStatus>>;
  /** OAuth: opens the system browser and resolves once signed in (or the step that failed). */
  signInServer(name: string): Promise<Outcome<ServerStatus>>;
  signOutServer(name: string): Promise<Outcome<ServerStatus>>;
  cancelSignIn(name: string): Promise<Outcome<boolean>>;
  subscribeServers(): () => void;
}

const replace = (list: ServerStatus[], s: ServerStatus) =>
  list.some((x) => x.name === s.name) ? list.map((x) => (x.name === s.name ? s : x)) : [...list, s];

export const createServersSlice: StateCreator<LenaState, [], [], ServersSlice> = (set, get) => {
  const withStatus = async (fn: () => Promise<ServerStatus>): Promise<Outcome<ServerStatus>> => {
    const r = await attempt(fn);
    if (r.ok) set((s) => ({ servers: replace(s.servers, r.value) }));
    return r;
  };
  return {
    servers: [],
    serversState: 'idle',
    serversError: null,
    selectedServer: null,
    addingServer: false,
    tools: {},
    toolsError: {},
    serverLogs: {},
    serverLogsError: {},
    serverAsks: {},
    async loadAsks(name) {
      const r = await attempt(() => call('servers:asks', { name }));
      if (r.ok) set((s) => ({ serverAsks: { ...s.serverAsks, [name]: r.value } }));
    },
    async setAsks(name, change) {
      const r = await attempt(() => call('servers:set-asks', { name, ...change }));
      if (r.ok) set((s) => ({ serverAsks: { ...s.serverAsks, [name]: r.value } }));
      return r;
    },
    configFiles: null,
    configFilesError: null,
    async loadServers() {
      if (get().serversState !== 'ready') set({ serversState: 'loading' });
      try {
        set({ servers: await call('servers:list'), serversState: 'ready', serversError: null });
      } catch (err) {
        set({ serversState: 'error', serversError: toUiError(err) });
      }
    },
    selectServer: (name) => set({ selectedServer: name, addingServer: false, view: 'servers' }),
    setAddingServer: (adding) => set({ addingServer: adding, ...(adding ? { view: 'servers' as const } : {}) }),
    async reloadServers(name) {
      const r = await attempt(() => call('servers:reload', name ? { name } : {}));
      if (r.ok) set({ servers: r.value, serversState: 'ready', serversError: null });
      return r;
    },
    restartServer: (name) => withStatus(() => call('servers:restart', { name })),
    setServerEnabled: (name, enabled) => withStatus(() => call('servers:set-enabled', { name, enabled })),
    setServerTrusted: (name, trusted) => withStatus(() => call('servers:set-trusted', { name, trusted })),
    confirmServer: (name) => withStatus(() => call('servers:confirm', { name })),
    addServer: (name, entry) => withStatus(() => call('servers:add', { name, entry })),
    async updateServer(name, entry) {
      const r = await attempt(() => call('servers:update', { name, entry }));
      if (!r.ok) return r;
      // The form edits the entry as written in the file: read the file again before the new
      // status arrives, or the form would be reset from the old text (the timeout showed empty).
      await get().loadConfigFiles();
      set((s) => ({ servers: replace(s.servers, r.value) }));
      return r;
    },
    async removeServer(name) {
      const r = await attempt(() => call('servers:remove', { name }));
      if (r.ok) set((s) => ({ servers: s.servers.filter((x) => x.name !== name), selectedServer: s.selectedServer === name ? null : s.selectedServer }));
      return r;
    },
    testServer: (name, entry) => attempt(() => call('servers:test', { name, entry })),
    async loadTools(name) {
      const r = await attempt(() => call('servers:tools', name ? { name } : {}));
      const k = name ?? '*';
      if (r.ok) {
        const byServer: Record<string, ToolInfo[]> = name ? { [name]: r.value } : {};
        if (!name) for (const t of r.value) (byServer[t.server] ??= []).push(t);
        set((s) => ({ tools: { ...s.tools, ...byServer, ...(name ? {} : { '*': r.value }) }, toolsError: omit(s.toolsError, k) }));
      } else set((s) => ({ toolsError: { ...s.toolsError, [k]: r.error } }));
    },
    async setToolEnabled(server, tool, enabled) {
      const r = await attempt(() => call('servers:set-tool-enabled', { server, tool, enabled }));
      if (r.ok) set((s) => ({ tools: { ...s.tools, [server]: (s.tools[server] ?? []).map((t) => (t.name === tool ? r.value : t)) } }));
      return r;
    },
    async loadLogs(name) {
      const r = await attempt(() => call('servers:logs', { name }));
      if (r.ok) set((s) => ({ serverLogs: { ...s.serverLogs, [name]: r.value }, serverLogsError: omit(s.serverLogsError, name) }));
      else set((s) => ({ serverLogsError: { ...s.serverLogsError, [name]: r.error } }));
    },
    async setLogLevel(name, level) {
      const r = await attempt(() => call('servers:set-log-level', { name, level }));
      if (r.ok) void get().loadLogs(name);
      return r;
    },
    async loadConfigFiles() {
      const r = await attempt(() => call('servers:config-files'));
      set(r.ok ? { configFiles: r.value, configFilesError: null } : { configFilesError: r.error });
    },
    async saveConfigFile(scope, text) {
      const r = await attempt(() => call('servers:save-config-file', { scope, text }));
      if (r.ok) {
        set((s) => ({ configFiles: (s.configFiles ?? []).map((f) => (f.scope === scope ? r.value : f)) }));
        void get().loadServers();
      }
      return r;
    },
    async importClaudeDesktop() {
      const r = await attempt(() => call('servers:import-claude-desktop'));
      if (r.ok) void get().loadServers();
      return r;
    },
    approveServer: (name, approve, entryHash, grants) => withStatus(() => call('servers:approve', { name, approve, entryHash, ...(grants ? { grants } : {}) })),
    signInServer: (name) => withStatus(() => call('servers:sign-in', { name })),
    signOutServer: (name) => withStatus(() => call('servers:sign-out', { name })),
    cancelSignIn: (name) => attempt(() => call('servers:sign-in-cancel', { name })),
    subscribeServers() {
      const a = subscribe('servers:status-changed', (status) => set((s) => ({ servers: replace(s.servers, status), serversState: 'ready' })));
      const b = subscribe('servers:tools-changed', ({ server }) => {
        if (get().tools[server]) void get().loadTools(server);
        void get().loadBudget();
      });
      return () => {
        a();
        b();
      };
    },
  };
};

function omit<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _drop, ...rest } = record;
  return rest;
}
