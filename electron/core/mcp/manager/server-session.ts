// One configured server's life: expand its entry, start its transport, negotiate, list its tools,
// and restart it with backoff when it dies. The manager owns one session per server.
import type { ConfiguredServer } from '../../../../shared/server-config';
import type { ServerError, ServerState } from '../../../../shared/server-types';
import type { CallToolResult, Prompt, Resource, Tool } from '../../../../shared/mcp-types';
import { findAuthError, SignInRequiredError } from '../auth/types';
import { createClientFeatures } from '../client-features/index';
import { McpClient, type CallToolOptions, type Era, type ToolCallOutcome } from '../client';
import { expandEntry, type LaunchSpec } from '../config/expand';
import { serverKey } from '../config/identity';
import { redact, type SecretInput } from '../../base/redact';
import type { TransportCloseInfo } from '../transport';
import { ViewCache } from '../apps/view-cache';
import { hintFor, type HintContext } from './hints';
import { isPermanentFailure, RestartPolicy } from './restart-policy';
import {
  dirOf,
  errorMessage,
  isRemoteLaunch,
  proxyCredentials,
  sensitiveValues,
  tidyReason,
  withDeadline,
} from './session-helpers';
import { closeInfo, failureInfo } from './failure';
import { errorInfo, type ErrorInfo } from '../../../../shared/result';
import { initialStatus } from './status';
import type { ManagedTransport, SessionDeps } from './types';

const SEVERE = new Set(['warning', 'error', 'critical', 'alert', 'emergency']);
const logLine = (data: unknown): string =>
  (typeof data === 'string' ? data : (JSON.stringify(data) ?? '')).slice(0, 500);

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
    const entry = this.configured.entry;
    if (!entry || this.configured.issues.length > 0) {
      this.update({
        status: 'failed',
        error: {
          ...errorInfo(
            'invalid-config',
            this.configured.issues[0]?.message ?? 'invalid configuration',
          ),
          hint: 'Fix the entry in the configuration file.',
        },
      });
      return;
    }
    const expanded = await expandEntry(entry, {
      env: this.deps.env,
      secrets: this.deps.secrets,
      baseDir: dirOf(this.configured.file),
      // A project entry expands only what the user granted it; a user entry is the user's own.
      ...(this.configured.scope === 'project' ? { grants: this.grants } : {}),
    });
    if (!expanded.ok) {
      const status =
        expanded.reason === 'invalid'
          ? 'failed'
          : expanded.reason === 'not-granted'
            ? 'needs-approval'
            : 'skipped';
      const code =
        expanded.reason === 'invalid' || expanded.reason === 'api-key'
          ? 'invalid-config'
          : expanded.reason === 'not-granted'
            ? 'needs-approval'
            : 'missing-reference';
      this.update({ status, error: errorInfo(code, expanded.message) });
      return;
    }
    const launch = expanded.launch;
    this.sensitive = [...sensitiveValues(entry, launch), ...proxyCredentials(this.deps.env)];
    let transport: ManagedTransport | null = null;
    try {
      // Tokens are kept by server identity: a project entry named like a user server has none of its.
      const auth =
        launch.transport === 'stdio'
          ? undefined
          : this.deps.auth?.forServer(
              this.name,
              launch,
              serverKey(this.name, entry, this.configured),
            );
      transport = await this.deps.createTransport(this.name, launch, {
        onSessionReinitialized: () => void this.relist(),
        auth,
      });
      this.recordOnSpawn(
        transport,
        launch.transport === 'stdio' ? launch.command : launch.url,
        started,
      );
      const entryKey = JSON.stringify(entry);
      const remembered =
        launch.transport !== 'stdio' && this.era?.entry === entryKey ? this.era.era : undefined;
      const client = new McpClient(transport, {
        requestTimeoutMs: launch.requestTimeoutMs,
        clientInfo: this.deps.clientInfo,
        protocol: launch.protocol,
        prior: remembered,
        respawn: launch.transport === 'stdio' ? () => this.respawn(launch, started) : undefined,
        features: this.deps.features
          ? createClientFeatures(this.name, this.deps.features, {
              remote: isRemoteLaunch(launch),
              note: (line) => this.note(line),
            })
          : undefined,
        logLevel: this.deps.logLevel?.(this.name) ?? 'info',
      });
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
          serverInfo: client.serverInfo ?? null,
          protocolVersion: client.protocolVersion ?? null,
          instructions: client.instructions ?? null,
          toolCount: this.tools.length,
          resourceCount: this.resources.length,
          promptCount: this.prompts.length,
          connectMs: this.connectedAt - started,
          stderrTail: this.transport?.stderrTail?.() ?? '', // the respawned process's, if any
          error: null,
          signIn: signedIn?.signedIn
            ? { state: 'signed-in', ...(signedIn.account ? { account: signedIn.account } : {}) }
            : null,
        },
        true,
      );
    } catch (err) {
      if (this.stopped) return;
      const stderrTail =
        transport?.stderrTail?.() ?? (err as { stderrTail?: string }).stderrTail ?? '';
      await this.teardown();
      // Sign-in problems wait for the user (Sign in): no restart loop against a 401.
      const authError = findAuthError(err);
      if (authError) {
        const state = authError instanceof SignInRequiredError ? 'required' : 'failed';
        const code =
          authError instanceof SignInRequiredError ? 'sign-in-required' : 'sign-in-failed';
        this.update({
          status: 'failed',
          error: {
            ...errorInfo(code, authError.message),
            ...(authError.hint ? { hint: authError.hint } : {}),
          },
          signIn: { state, step: authError.step },
        });
        return;
      }
      this.failAndMaybeRestart(
        failureInfo(err, tidyReason(errorMessage(err), transport?.description)),
        stderrTail,
        0,
      );
    }
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
    this.recordOnSpawn(fresh, launch.transport === 'stdio' ? launch.command : launch.url, started);
    this.transport = fresh;
    return fresh;
  }

  /**
   * Records the process group as soon as the process exists, not once it answers: a server that
   * hangs in initialize and outlives a crash of Lena must still be found and ended next time.
   */
  private recordOnSpawn(transport: ManagedTransport, command: string, started: number): void {
    const processes = this.deps.processes;
    if (!processes) return;
    const start = transport.start.bind(transport);
    transport.start = async (callbacks) => {
      await start(callbacks);
      if (transport.pid && transport.pgid) {
        await processes.add({
          name: this.name,
          pid: transport.pid,
          pgid: transport.pgid,
          startedAt: transport.startedAt ?? started,
          command,
        });
      }
    };
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
    const error = withHint(failure, hintFor(failure, stderrTail, this.hintContext()));
    if (isPermanentFailure(failure) || this.deps.autoRestart === false) {
      this.update({ status: 'failed', error, stderrTail });
      return;
    }
    const verdict = this.policy.onExit(this.now(), uptimeMs);
    if (verdict.action === 'give-up') {
      const loop = errorInfo('crash-loop', `${verdict.message} (last error: ${failure.message})`, {
        data: failure.data,
      });
      this.update({
        status: 'failed',
        error: withHint(loop, hintFor(loop, stderrTail, this.hintContext())),
        stderrTail,
      });
      return;
    }
    const seconds = Math.max(1, Math.round(verdict.delayMs / 1000));
    // One status: "restarting in N s" is the status while the timer runs (the window shows it in
    // place of "Failed"); the error says only what went wrong.
    this.update({
      status: 'failed',
      error,
      restart: { at: this.now() + verdict.delayMs, attempt: verdict.attempt, seconds },
      stderrTail,
      restarts: this.status.restarts + 1,
    });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.stopped) void this.start();
    }, verdict.delayMs);
    this.restartTimer.unref?.();
  }

  private hintContext(): HintContext {
    const entry = this.configured.entry;
    return entry?.command ? { commandLine: [entry.command, ...(entry.args ?? [])].join(' ') } : {};
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
    // Status goes to the window and the logs: expanded secrets and credential-looking values
    // (a `--token X` in a failed command line) are cut from every text in it.
    if (patch.error)
      patch = {
        ...patch,
        error: { ...patch.error, message: redact(patch.error.message, this.sensitive) },
      };
    if (patch.stderrTail)
      patch = { ...patch, stderrTail: redact(patch.stderrTail, this.sensitive) };
    // A scheduled restart holds only until the status next changes (the start, a stop, a give-up).
    if (patch.status !== undefined && patch.restart === undefined)
      patch = { ...patch, restart: null };
    this.status = { ...this.status, ...patch };
    this.listener(this.status, toolsChanged);
  }
}

/** The error with its hint, when there is one (no `hint: undefined` member). */
function withHint(error: ErrorInfo, hint: string | undefined): ServerError {
  return hint === undefined ? error : { ...error, hint };
}

export type { CallToolResult };
