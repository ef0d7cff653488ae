// Every configured server: connects them in parallel, keeps their status, restarts with backoff,
// applies configuration changes to only the servers they affect, and routes tool calls. The
// manager never parses JSON-RPC (the client does) and never names tools for Claude (the registry does).
import type { ConfiguredServer, ServerEntry } from '../../../../shared/server-config';
import {
  statusPhrase,
  type ServerState,
  type TestConnectionResult,
} from '../../../../shared/server-types';
import type { Tool } from '../../../../shared/mcp-types';
import { ERROR_CODE, errorInfo, LenaError } from '../../../../shared/result';
import type { CallToolOptions, ToolCallOutcome } from '../client';
import { ConfigLoader, type ConfigSources, type LoadedConfig } from '../config/loader';
import { entryHash } from '../config/identity';
import { watchConfigFiles, type ConfigWatcher } from '../config/watch';
import {
  validateServerEntry,
  resolveTransport,
} from '../../../../shared/config/server-entry-schema';
import { projectHold } from './approval-hold';
import { TaskJournal, type TaskRecord } from '../tasks/journal';
import { followThroughReconnects } from '../tasks/resume';
import { SlowTools } from '../tasks/slow-tools';
import { ServerSession } from './server-session';
import type { ApprovalCheck, SessionDeps } from './types';

export interface ManagerOptions extends SessionDeps {
  sources: ConfigSources;
  approvals?: ApprovalCheck;
  /**
   * Start servers only when asked (`startServers`) or first called, never all on load: the
   * command line starts just the server a command names.
   */
  lazy?: boolean;
  /** Where the tasks Lena waits for are kept across restarts (tasks/journal.ts); memory only when unset. */
  taskJournalFile?: string;
  /** Told what start-up found wrong with Lena's own files (a damaged task journal), for the user. */
  onFileNotice?: (message: string) => void;
  /** A call this long makes an "optional" task tool run as a task next time (tasks/slow-tools.ts). */
  slowCallMs?: number;
}

type Listener<T> = (value: T) => void;

export class McpManager {
  private readonly loader: ConfigLoader;
  private readonly sessions = new Map<string, ServerSession>();
  private readonly hashes = new Map<string, string>();
  /** Lazy mode: servers configured but not started yet (start on first use). */
  private readonly unstarted = new Set<string>();
  private readonly statusListeners = new Set<Listener<ServerState>>();
  private readonly toolListeners = new Set<Listener<string>>();
  private config: LoadedConfig | undefined;
  private readonly journal: TaskJournal;
  private readonly slowTools: SlowTools;
  private settling: Promise<void> = Promise.resolve();
  private projectDir: string | undefined;
  /** The open project folder whose `.mcp.json` applies, if any. */
  get projectFolder(): string | undefined {
    return this.projectDir;
  }
  private watcher: ConfigWatcher | undefined;
  private readonly options: ManagerOptions;

  constructor(options: ManagerOptions) {
    // A copy: attach() adds to it, and the caller's object stays as it was.
    this.options = { ...options };
    this.loader = new ConfigLoader(options.sources);
    this.projectDir = options.sources.projectDir;
    this.journal = new TaskJournal(options.taskJournalFile, options.onFileNotice);
    this.slowTools = new SlowTools(options.slowCallMs);
  }

  /**
   * Adds what the front end's ports need the built manager for (feature ports over the gate and
   * each server's records, the log tap), so the host builds everything in dependency order. Only
   * before the first start: a session reads its dependencies when it starts.
   */
  attach(
    ports: Partial<Pick<SessionDeps, 'features' | 'logLevel' | 'onClientLog' | 'createTransport'>>,
  ): void {
    if (this.config || this.sessions.size > 0)
      throw new Error('McpManager.attach() must come before start()');
    Object.assign(this.options, ports);
  }

  /** Loads the configuration and starts every enabled, approved server in parallel. */
  async start(): Promise<LoadedConfig> {
    return this.reload();
  }

  /**
   * Waits until startup has settled, at most `maxWaitMs` (the first turn waits 10 s, then goes
   * ahead with the servers that are ready; later ones join with a tools-changed event).
   */
  async whenReady(maxWaitMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.settling,
      new Promise<void>((r) => (timer = setTimeout(r, maxWaitMs))),
    ]);
    clearTimeout(timer);
  }

  /** Each server's own state; what the window shows is built from it in host/views. */
  statuses(): ServerState[] {
    return [...this.sessions.values()].map((s) => s.status);
  }

  status(name: string): ServerState | undefined {
    return this.sessions.get(name)?.status;
  }

  session(name: string): ServerSession | undefined {
    return this.sessions.get(name);
  }

  /** Tools of every connected server. */
  tools(): Map<string, Tool[]> {
    return new Map([...this.sessions].filter(([, s]) => s.connected).map(([n, s]) => [n, s.tools]));
  }

  lastConfig(): LoadedConfig | undefined {
    return this.config;
  }

  onStatus(listener: Listener<ServerState>): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onToolsChanged(listener: Listener<string>): () => void {
    this.toolListeners.add(listener);
    return () => this.toolListeners.delete(listener);
  }

  /** Points the project scope at another folder; only project-scope servers restart. */
  async setProjectDir(dir: string | undefined): Promise<LoadedConfig> {
    this.projectDir = dir;
    this.loader.setProjectDir(dir);
    const config = await this.reload();
    this.watcher?.update(this.loader.watchTargets());
    return config;
  }

  /**
   * Re-reads the configuration and applies it: new servers start, removed ones stop, changed ones
   * restart, untouched ones keep running. With a name, that server restarts even if unchanged.
   */
  reload(name?: string): Promise<LoadedConfig> {
    // Settling covers reading the configuration too: a turn sent the moment Lena starts (before
    // the file is read) waits for the servers instead of going out with no tools.
    const done = this.reloadNow(name);
    this.settling = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  private async reloadNow(name?: string): Promise<LoadedConfig> {
    const config = await this.loader.load();
    this.config = config;
    const wanted = new Map(config.servers.map((s) => [s.name, s]));
    const work: Promise<void>[] = [];
    for (const [existing, session] of this.sessions) {
      if (!wanted.has(existing)) {
        this.sessions.delete(existing);
        this.hashes.delete(existing);
        this.unstarted.delete(existing);
        work.push(session.stop().then(() => this.emitRemoved(existing)));
      }
    }
    for (const server of config.servers) {
      const hash = configHash(server);
      const current = this.sessions.get(server.name);
      if (current && this.hashes.get(server.name) === hash && name !== server.name) continue;
      if (current) await current.stop('connecting');
      if (this.options.lazy && (!current || this.unstarted.has(server.name)))
        this.prepare(server, hash);
      else work.push(this.launch(server, hash));
    }
    const all = Promise.all(work).then(() => undefined);
    this.settling = all;
    await all;
    return config;
  }

  /**
   * Lazy mode: starts the named servers (all when no names are given) that have not started yet,
   * in parallel; resolves when each has settled. Unknown names are ignored.
   */
  async startServers(names?: readonly string[]): Promise<void> {
    const pick = names ? names.filter((n) => this.unstarted.has(n)) : [...this.unstarted];
    const work = pick.map((name) => {
      const session = this.sessions.get(name)!;
      return this.launch(
        session.configured,
        this.hashes.get(name) ?? configHash(session.configured),
      );
    });
    const all = Promise.all([this.settling, ...work]).then(() => undefined);
    this.settling = all;
    await all;
  }

  /** Lazy mode: whether the server was started (or held back after a look at its entry). */
  started(name: string): boolean {
    return this.sessions.has(name) && !this.unstarted.has(name);
  }

  /** Stops and starts one server, forgetting its crash history (the "Retry" button). */
  async restart(name: string): Promise<ServerState | undefined> {
    const session = this.sessions.get(name);
    if (!session) return undefined;
    await session.stop('connecting');
    await this.launch(
      session.configured,
      this.hashes.get(name) ?? configHash(session.configured),
      true,
    );
    return this.status(name);
  }

  /**
   * Calls a tool on a server. A server that is down is restarted once first (calls never sent are
   * safe to send after a restart); a call in flight when the server dies fails, since it may have run.
   */
  async callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    opts: CallToolOptions = {},
  ): Promise<ToolCallOutcome> {
    if (this.unstarted.has(server)) await this.startServers([server]);
    const session = this.sessions.get(server);
    if (!session)
      throw new LenaError(ERROR_CODE.notFound, `No server named "${server}" is configured.`);
    if (!session.connected && !(await session.ensureConnected())) {
      // The server's own failure travels on as the code and data (the words say which server).
      const st = session.status;
      throw new LenaError(
        st.error?.code ?? 'unavailable',
        `Server "${server}" ${statusPhrase(st.status)}${st.error ? `: ${st.error.message}` : ''}.`,
        undefined,
        undefined,
        st.error?.data ? { data: st.error.data } : {},
      );
    }
    // A call that became a server task is followed again after a reconnect (tasks/resume.ts),
    // and recorded so that the next Lena can follow it after a restart.
    const reconnect = async () => ((await session.ensureConnected()) ? session.mcp : null);
    const asTask = this.slowTools.wanted(server, tool, opts.asTask);
    const call = (o: CallToolOptions) =>
      followThroughReconnects(session.callTool(tool, args, o), { reconnect }, tool, o);
    return this.slowTools.time(
      server,
      tool,
      this.journal.track(opts.taskKey, server, tool, { ...opts, asTask }, call),
    );
  }

  /** Tasks a previous Lena was waiting for when it stopped (the server may still have them). */
  waitingTasks(): TaskRecord[] {
    return this.journal.list();
  }

  /** Drops a recorded task nobody waits for any more (its conversation is gone). */
  forgetTask(key: string): void {
    this.journal.remove(key);
  }

  /** Follows a recorded task again (after a restart) to the result of the call it stands for. */
  async followTask(record: TaskRecord, opts: CallToolOptions = {}): Promise<ToolCallOutcome> {
    if (this.unstarted.has(record.server)) await this.startServers([record.server]);
    const session = this.sessions.get(record.server);
    if (!session || !(await session.ensureConnected()) || !session.mcp)
      throw new Error(
        `Server "${record.server}" is not available to follow task ${record.task.taskId}.`,
      );
    const reconnect = async () => ((await session.ensureConnected()) ? session.mcp : null);
    const follow = (o: CallToolOptions) =>
      followThroughReconnects(
        session.mcp!.followToolTask(record.task, { ...o, since: record.since, tool: record.tool }),
        { reconnect },
        record.tool,
        o,
      );
    return this.journal.track(record.key, record.server, record.tool, opts, follow, record.since);
  }

  /** Starts a server from an unsaved entry, reports what happened, and stops it. */
  async testConnection(name: string, entry: ServerEntry): Promise<TestConnectionResult> {
    const validation = validateServerEntry('(unsaved entry)', name, entry);
    const started = Date.now();
    if (!validation.ok) {
      return {
        ok: false,
        durationMs: 0,
        serverInfo: null,
        protocolVersion: null,
        toolCount: 0,
        tools: [],
        error: errorInfo(
          ERROR_CODE.invalidConfig,
          validation.issues.map((i) => i.message).join('\n'),
        ),
        stderrTail: '',
      };
    }
    const configured: ConfiguredServer = {
      name,
      scope: 'user',
      file: '(unsaved entry)',
      entry: validation.entry,
      transport: resolveTransport(validation.entry),
      disabled: false,
      issues: [],
      shadowed: [],
    };
    const session = new ServerSession(
      configured,
      { ...this.options, autoRestart: false },
      () => undefined,
    );
    await session.start();
    const st = session.status;
    const result: TestConnectionResult = {
      ok: st.status === 'connected',
      durationMs: Date.now() - started,
      serverInfo: st.serverInfo,
      protocolVersion: st.protocolVersion,
      toolCount: session.tools.length,
      tools: session.tools.map((t) => t.name),
      error:
        st.status === 'connected'
          ? null
          : (st.error ?? errorInfo(ERROR_CODE.unavailable, `status ${st.status}`)),
      stderrTail: session.stderrTail(),
    };
    await session.stop();
    return result;
  }

  /**
   * Reloads by itself when a configuration file is edited outside Lena (an editor, `lena mcp add`).
   * An edit into invalid JSON keeps the last good configuration and reports the error.
   */
  watch(onReloaded?: (config: LoadedConfig) => void): void {
    if (this.watcher) return;
    this.watcher = watchConfigFiles(this.loader.watchTargets(), () => {
      void this.reload().then((config) => {
        this.watcher?.update(this.loader.watchTargets());
        onReloaded?.(config);
      });
    });
  }

  /** Shuts every server down in parallel (process-group shutdown), bounded by the transports. */
  async shutdown(): Promise<void> {
    this.watcher?.close();
    this.watcher = undefined;
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    this.unstarted.clear();
    await Promise.allSettled(sessions.map((s) => s.stop()));
  }

  /** Lazy mode: a session that shows the configured server but starts nothing yet. */
  private prepare(server: ConfiguredServer, hash: string): void {
    const session = new ServerSession(server, this.options, (status, toolsChanged) =>
      this.emit(server.name, status, toolsChanged),
    );
    this.sessions.set(server.name, session);
    this.hashes.set(server.name, hash);
    this.unstarted.add(server.name);
  }

  private async launch(server: ConfiguredServer, hash: string, manual = false): Promise<void> {
    let session = this.sessions.get(server.name);
    if (!session || session.configured !== server) {
      session = new ServerSession(server, this.options, (status, toolsChanged) =>
        this.emit(server.name, status, toolsChanged),
      );
      this.sessions.set(server.name, session);
    }
    this.hashes.set(server.name, hash);
    this.unstarted.delete(server.name);
    if (server.issues.length > 0) return session.start();
    if (server.disabled) return session.hold('disabled');
    if (server.scope === 'project' && server.entry) {
      const verdict = await projectHold(
        this.options.approvals,
        this.projectDir,
        server.name,
        server.entry,
        entryHash(server.entry),
      );
      if ('message' in verdict)
        return session.hold('needs-approval', errorInfo(ERROR_CODE.needsApproval, verdict.message));
      session.grants = verdict.grants;
      session.sandboxOffAt = verdict.sandboxOffAt;
    }
    return manual ? session.retry() : session.start();
  }

  private emit(name: string, _status: ServerState, toolsChanged: boolean): void {
    // The current session's state (a replaced session's late update says the same of the new one).
    const session = this.sessions.get(name);
    if (!session) return;
    // Tool listeners first: the registry then holds the new tools when the host builds the status
    // view (its token cost comes from there).
    if (toolsChanged) for (const l of this.toolListeners) l(name);
    for (const l of this.statusListeners) l(session.status);
  }

  private emitRemoved(name: string): void {
    for (const l of this.toolListeners) l(name);
  }
}

/** What decides whether a running server must restart after a reload. */
function configHash(server: ConfiguredServer): string {
  return JSON.stringify([
    server.scope,
    server.file,
    server.disabled,
    server.entry ? entryHash(server.entry) : null,
    server.issues.length,
  ]);
}
