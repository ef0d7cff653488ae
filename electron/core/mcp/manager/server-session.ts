// One configured server's life: expand its entry, start its transport, negotiate, list its tools,
// and restart it with backoff when it dies. The manager owns one session per server.
import type { ConfiguredServer } from '../../../../shared/server-config';
import type { ServerState } from '../../../../shared/server-types';
import type { CallToolResult, Prompt, Resource, Tool } from '../../../../shared/mcp-types';
import { McpClient, type CallToolOptions, type Era, type ToolCallOutcome } from '../client';
import type { LaunchSpec } from '../config/expand';
import { serverKey } from '../config/identity';
import { redact, type SecretInput } from '../../base/redact';
import type { TransportCloseInfo } from '../transport';
import { ViewCache } from '../apps/view-cache';
import { RestartPolicy } from './restart-policy';
import {
  errorMessage,
  logLine,
  redactedPatch,
  SEVERE,
  tidyReason,
  withDeadline,
} from './session-helpers';
import { afterFailure } from './session-restart';
import {
  clientOptions,
  describedBy,
  planStart,
  recordOnSpawn,
  signedInStatus,
  signInFailure,
} from './session-start';
import { closeInfo, failureInfo } from './failure';
import type { ErrorInfo } from '../../../../shared/result';
import { initialStatus } from './status';
import type { ManagedTransport, SessionDeps } from './types';

/** How long one view's resources/read may take while the tools are listed. */
export const VIEW_READ_TIMEOUT_MS = 10_000;

export type SessionListener = (status: ServerState, toolsChanged: boolean) => void;

export class ServerSession {
  status: ServerState;
  tools: Tool[] = [];
  resources: Resource[] = [];
  prompts: Prompt[] = [];
  /** MCP Apps: the views of this server's tools, read with each tool listing. */
  readonly views = new ViewCache();
  /** Counts tool listings, so a slower view read never overwrites a newer list. */
  private listing = 0;
  private client: McpClient | null = null;
  private transport: ManagedTransport | null = null;
  private readonly policy: RestartPolicy;
  private restartTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  private connectedAt = 0;
  private stopped = false;
  /** Expanded values that must never reach the window (env, headers, `${…}` in args or url). */
  private sensitive: SecretInput[] = [];
  private readonly now: () => number;
  /** What the user granted a project entry in its approval (set by the manager before a start). */
  grants: readonly string[] = [];
  /** When the user chose to run this project entry outside its default sandbox (set with grants). */
  sandboxOffAt: string | null = null;
  /**
   * The era a remote server spoke, for the entry it spoke it with: a reconnect skips the 2026 probe
   * when it was 2025. Forgotten by Retry and by an entry change; a stdio server (a new process
   * each time) is always probed again.
   */
  private era: { entry: string; era: Era } | undefined;

  constructor(
    readonly configured: ConfiguredServer,
    private readonly deps: SessionDeps,
    private readonly listener: SessionListener,
  ) {
    this.status = initialStatus(configured);
    this.policy = new RestartPolicy(deps.restart);
    this.now = deps.now ?? Date.now;
  }

  get name(): string {
    return this.configured.name;
  }

  get connected(): boolean {
    return this.status.status === 'connected' && this.client !== null;
  }

  /** Starts (or restarts) the server; resolves when this attempt has settled, never rejects. */
  start(): Promise<void> {
    this.stopped = false;
    this.clearRestartTimer();
    this.connecting ??= this.connectOnce().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** A manual retry: forget the crash history, then start. */
  retry(): Promise<void> {
    this.policy.reset();
    this.era = undefined;
    return this.start();
  }

  /** Puts the session in a state that does not start (skipped, disabled, needs-approval). */
  hold(status: 'skipped' | 'disabled' | 'needs-approval', error: ErrorInfo | null = null): void {
    this.update({ status, error });
  }

  /**
   * For a call to a server that is down: restart it once (skipping the backoff wait) and wait for
   * the result. Calls that were in flight when it died are not retried: they may have run.
   */
  async ensureConnected(): Promise<boolean> {
    if (this.connected) return true;
    if (this.stopped || ['disabled', 'skipped', 'needs-approval'].includes(this.status.status))
      return false;
    if (this.connecting) await this.connecting;
    else if (this.restartTimer || this.status.status === 'failed') await this.start();
    return this.connected;
  }

  callTool(
    tool: string,
    args: Record<string, unknown>,
    opts: CallToolOptions,
  ): Promise<ToolCallOutcome> {
    if (!this.client) throw new Error(`${this.name} is not connected`);
    return this.client.callTool(tool, args, opts);
  }

  /** The live client, for resources, prompts and logs. */
  get mcp(): McpClient | null {
    return this.client;
  }

  /** `text` without the secrets this server was given (for what the host shows of its output). */
  redactOutput(text: string): string {
    return redact(text, this.sensitive);
  }

  stderrTail(): string {
    const live = this.transport?.stderrTail?.();
    return live === undefined ? this.status.stderrTail : redact(live, this.sensitive);
  }

  /** Stops the server for good (removed, disabled, quitting): process tree ended, no restart. */
  async stop(finalStatus: 'disabled' | 'connecting' = 'disabled'): Promise<void> {
    this.stopped = true;
    this.clearRestartTimer();
    const pending = this.connecting;
    await this.teardown();
    if (pending) await pending.catch(() => undefined);
    await this.teardown();
    this.tools = [];
    this.update({ status: finalStatus, toolCount: 0, resourceCount: 0, promptCount: 0 }, true);
  }

  private async connectOnce(): Promise<void> {
    const started = this.now();
    this.update({
      status: 'connecting',
      error: null,
      startedAt: started,
      connectMs: null,
      logAlert: null,
    });
    const plan = await planStart(
      this.configured,
      this.deps,
      this.grants,
      this.sandboxOffAt !== null,
    );
    if (!plan.ok) return this.update(plan.patch);
    const { launch } = plan;
    this.sensitive = plan.sensitive;
    let transport: ManagedTransport | null = null;
    try {
      const auth =
        launch.transport === 'stdio'
          ? undefined
          : this.deps.auth?.forServer(
              this.name,
              launch,
              serverKey(this.name, this.configured.entry!, this.configured),
            );
      transport = await this.deps.createTransport(this.name, launch, {
        onSessionReinitialized: () => void this.relist(),
        auth,
      });
      recordOnSpawn(transport, this.deps.processes, this.name, launch, started);
      const entryKey = JSON.stringify(this.configured.entry);
      const remembered =
        launch.transport !== 'stdio' && this.era?.entry === entryKey ? this.era.era : undefined;
      const client = this.openClient(transport, launch, started, remembered);
      await withDeadline(
        this.connectAndList(client, launch.startupTimeoutMs),
        launch.startupTimeoutMs,
        started,
        this.now,
      );
      if (this.stopped || this.client !== client) return;
      if (client.era) this.era = { entry: entryKey, era: client.era };
      const signedIn = auth ? await auth.state() : undefined;
      this.connectedAt = this.now();
      this.update(
        {
          status: 'connected',
          ...describedBy(client),
          toolCount: this.tools.length,
          resourceCount: this.resources.length,
          promptCount: this.prompts.length,
          connectMs: this.connectedAt - started,
          stderrTail: this.transport?.stderrTail?.() ?? '', // the respawned process's, if any
          error: null,
          signIn: signedInStatus(signedIn),
        },
        true,
      );
    } catch (err) {
      if (this.stopped) return;
      const stderrTail =
        transport?.stderrTail?.() ?? (err as { stderrTail?: string }).stderrTail ?? '';
      await this.teardown();
      // Sign-in problems wait for the user (Sign in): no restart loop against a 401.
      const signIn = signInFailure(err);
      if (signIn) return this.update(signIn);
      this.failAndMaybeRestart(
        failureInfo(err, tidyReason(errorMessage(err), transport?.description)),
        stderrTail,
        0,
      );
    }
  }

  /** The client of one start, its events wired to this session's status and lists. */
  private openClient(
    transport: ManagedTransport,
    launch: LaunchSpec,
    started: number,
    prior: Era | undefined,
  ): McpClient {
    const client = new McpClient(
      transport,
      clientOptions(this.name, launch, this.deps, prior, {
        respawn: () => this.respawn(launch, started),
        note: (line) => this.note(line),
      }),
    );
    this.transport = transport;
    this.client = client;
    client.on('closed', (info) => this.onUnexpectedClose(client, info));
    client.on('log', (e) => {
      // A server's own warning or worse is shown on its status (the Logs tab has every message).
      if (e.source === 'server' && SEVERE.has(e.level))
        this.update({ logAlert: { level: e.level, text: logLine(e.data), time: e.at } });
      this.deps.onClientLog?.(this.name, e);
    });
    client.on('tools-changed', (tools) => {
      const turn = ++this.listing;
      void this.withViews(client, tools).then((annotated) => {
        if (turn !== this.listing || this.client !== client) return;
        this.tools = annotated;
        this.update({ toolCount: annotated.length }, true);
      });
    });
    return client;
  }

  /**
   * A stdio server that exited on the 2026 probe (a 2025 server that ends on unknown requests)
   * gets one new process for initialize; that exit is no crash and never reaches the backoff.
   */
  private async respawn(launch: LaunchSpec, started: number): Promise<ManagedTransport> {
    const old = this.transport;
    if (old?.pid) void this.deps.processes?.remove(old.pid);
    const fresh = await this.deps.createTransport(this.name, launch, {
      onSessionReinitialized: () => void this.relist(),
    });
    recordOnSpawn(fresh, this.deps.processes, this.name, launch, started);
    this.transport = fresh;
    return fresh;
  }

  /** After a remote session was re-initialised, its lists may differ: fetch them again. */
  private async relist(): Promise<void> {
    const client = this.client;
    if (!client || this.status.status !== 'connected') return;
    try {
      await this.list(client);
      this.update(
        {
          toolCount: this.tools.length,
          resourceCount: this.resources.length,
          promptCount: this.prompts.length,
        },
        true,
      );
    } catch {
      // The next call will report what is wrong; the old lists stay meanwhile.
    }
  }

  private async connectAndList(client: McpClient, startupTimeoutMs: number): Promise<void> {
    await client.connect({ timeoutMs: startupTimeoutMs });
    // The 2025 wire sets the log level once per session (the 2026 one sends it with each request).
    await client
      .setLogLevel(this.deps.logLevel?.(this.name) ?? 'info')
      .catch((e: Error) =>
        this.deps.log?.('warn', `${this.name}: logging/setLevel failed: ${e.message}`),
      );
    await this.list(client);
  }

  private async list(client: McpClient): Promise<void> {
    const caps = client.capabilities ?? {};
    const [tools, resources, prompts] = await Promise.all([
      caps.tools ? client.listTools() : Promise.resolve([] as Tool[]),
      caps.resources
        ? client.listResources().catch(() => [] as Resource[])
        : Promise.resolve([] as Resource[]),
      caps.prompts
        ? client.listPrompts().catch(() => [] as Prompt[])
        : Promise.resolve([] as Prompt[]),
    ]);
    const turn = ++this.listing;
    const annotated = await this.withViews(client, tools, resources);
    if (turn === this.listing) this.tools = annotated;
    this.resources = resources;
    this.prompts = prompts;
  }

  /**
   * Reads the tools' MCP Apps views, in parallel, each bounded by VIEW_READ_TIMEOUT_MS: a server
   * that never answers resources/read still connects (its views are "unavailable", with why).
   */
  private withViews(
    client: McpClient,
    tools: Tool[],
    resources: readonly Resource[] = this.resources,
  ): Promise<Tool[]> {
    return this.views.annotate(
      (uri) => client.readResource(uri, { timeoutMs: VIEW_READ_TIMEOUT_MS }),
      tools,
      resources,
    );
  }

  private onUnexpectedClose(client: McpClient, info: TransportCloseInfo): void {
    // During a start, the failed connect() reports the exit; counting it here too would double it.
    if (this.stopped || this.client !== client || this.connectedAt === 0) return;
    const pid = this.transport?.pid;
    const description = this.transport?.description;
    this.client = null;
    this.transport = null;
    if (pid) void this.deps.processes?.remove(pid);
    const uptime = this.connectedAt ? this.now() - this.connectedAt : 0;
    this.connectedAt = 0;
    this.tools = [];
    this.update({ toolCount: 0 }, true);
    this.failAndMaybeRestart(
      closeInfo(info, tidyReason(info.reason, description)),
      info.stderrTail ?? '',
      uptime,
    );
  }

  /** The failure keeps its code and data: the policy and the hint decide by them, not the words. */
  private failAndMaybeRestart(failure: ErrorInfo, stderrTail: string, uptimeMs: number): void {
    const { patch, restartInMs } = afterFailure(failure, stderrTail, uptimeMs, {
      policy: this.policy,
      now: this.now(),
      autoRestart: this.deps.autoRestart !== false,
      entry: this.configured.entry,
      restarts: this.status.restarts,
    });
    this.update(patch);
    if (restartInMs === undefined) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.stopped) void this.start();
    }, restartInMs);
    this.restartTimer.unref?.();
  }

  private async teardown(): Promise<void> {
    const client = this.client;
    const transport = this.transport;
    this.client = null;
    this.transport = null;
    if (transport?.pid) await this.deps.processes?.remove(transport.pid);
    if (client) await client.close().catch(() => undefined);
    else if (transport) await transport.close().catch(() => undefined);
  }

  private clearRestartTimer(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
  }

  /** Something Lena refused the server, said to the user: on the server's overview and in its log. */
  private note(line: string): void {
    const at = this.now();
    this.update({ logAlert: { level: 'warning', text: line, time: at } });
    this.deps.onClientLog?.(this.name, {
      at,
      source: 'client',
      level: 'warning',
      logger: 'lena',
      data: line,
    });
  }

  private update(patch: Partial<ServerState>, toolsChanged = false): void {
    patch = redactedPatch(patch, this.sensitive);
    // A scheduled restart holds only until the status next changes (the start, a stop, a give-up).
    if (patch.status !== undefined && patch.restart === undefined)
      patch = { ...patch, restart: null };
    this.status = { ...this.status, ...patch };
    this.listener(this.status, toolsChanged);
  }
}

export type { CallToolResult };
