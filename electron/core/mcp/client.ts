// One MCP server's session: negotiation, capabilities, requests, notifications, timeouts and
// cancellation over any Transport. Plain Node; no schema validator on the hot path (results are
// checked against outputSchema only for tools that declare one, with ajv loaded lazily).
import {
  type Completion,
  type CompletionRef,
  type GetPromptResult,
  type Implementation,
  type InitializeResult,
  type Prompt,
  type Resource,
  type ResourceContents,
  type ResourceTemplate,
  type LoggingLevel,
  type ServerCapabilities,
  type Tool,
} from '../../../shared/mcp-types';
import { runInputRounds, type CallBudget } from './client-features';
import { asString, asTtl, closeMessage, normalLevel } from './client-helpers';
import { clientCapabilities, answerServerRequest } from './client-requests';
import { completionParams, coversUpdate, readCompletion } from './client-offerings';
import { ClientEvents, type ClientEventMap } from './client-events';
import {
  McpProtocolError,
  McpRpcError,
  McpTransportError,
  isMcpError,
  type McpError,
} from './errors';
import {
  META_PROTOCOL_VERSION,
  ModernErrorCodes,
  isIdempotent,
  supportedList,
  type Era,
} from './era';
import { JsonRpcPeer, type RequestOptions } from './jsonrpc';
import { ListCache, type ListKind } from './list-cache';
import { negotiate } from './negotiate';
import { listAllPages } from './pagination';
import type { ProtocolLogEntry } from './protocol-log';
import { mirroredTools, requestHeaders, type HeaderParam } from './request-headers';
import { checkStructuredContent } from './results';
import { Subscriptions } from './subscriptions';
import { TaskTracker, type FollowOptions } from './tasks/follow';
import { ReceivedTasks } from './tasks/receiver';
import { taskHandle, taskRequest, type TaskView } from './tasks/task';
import type { Transport, TransportCloseInfo } from './transport';
import { APP_VERSION } from '../version';
import type {
  CallToolOptions,
  ClientOptions,
  ClientState,
  ToolCallOutcome,
} from './client-options';

export type { ClientEventMap, ServerLogEntry } from './client-events';
export type { ProtocolLogEntry } from './protocol-log';
export type { ClientFeatureHandlers } from './client-features';
export type { Era, ProtocolPin } from './era';
export type { TaskView } from './tasks/task';

export type {
  CallToolOptions,
  ClientOptions,
  ClientState,
  ToolCallOutcome,
} from './client-options';

// The version servers see is the app's (servers log it and gate features on it), never a constant.
const DEFAULT_CLIENT_INFO: Implementation = { name: 'lena', version: APP_VERSION };

export class McpClient extends ClientEvents {
  private readonly peer: JsonRpcPeer;
  private readonly timeoutMs: number;
  private readonly maxTimeoutMs: number;
  private readonly clientInfo: Implementation;
  private currentState: ClientState = 'disconnected';
  private init: InitializeResult | undefined;
  private closing = false;
  /** close() was called: the session ends as 'disconnected', not 'failed'. */
  private closedByUser = false;
  private toolIndex: Map<string, Tool> | undefined;
  private readonly relisting = new Map<ListKind, { again: boolean }>();
  private currentEra: Era | undefined;
  /** The 2026 `_meta` envelope, built (and serialised) once per session. */
  private envelope: Record<string, unknown> | undefined;
  private envelopeText: { json: string; value: Record<string, unknown> } | undefined;
  /** 2026 over HTTP: the x-mcp-header arguments of each listed tool. */
  private headerIndex: Map<string, HeaderParam[]> | undefined;
  private probing = false;
  private probeClosed = false;
  private readonly lists = new ListCache();
  private readonly subscriptions: Subscriptions;
  /** Resource URIs subscribed to in this session (issue 22). */
  private readonly watched = new Set<string>();
  private readonly tasks: TaskTracker;
  /** Tasks a 2025 server asked Lena to run (task-augmented sampling / elicitation). */
  private readonly received = new ReceivedTasks();
  /** The asks of the tool call started last, which a 2025 server's requests count toward (the caps). */
  private lastCall: CallBudget = { sampling: 0 };

  constructor(
    private transport: Transport,
    private readonly options: ClientOptions = {},
  ) {
    super(options.serverLogSize ?? 200);
    this.timeoutMs = options.requestTimeoutMs ?? 60_000;
    this.maxTimeoutMs = Math.max(options.maxRequestTimeoutMs ?? 600_000, this.timeoutMs);
    this.clientInfo = options.clientInfo ?? DEFAULT_CLIENT_INFO;
    this.subscriptions = new Subscriptions({
      request: (method, params, opts) => this.send(method, params, opts),
      connected: () => this.currentState === 'connected',
      relistAll: () => {
        for (const kind of ['tools', 'resources', 'prompts'] as const) this.relist(kind);
      },
      diagnostic: (m) => this.diagnostic(m),
    });
    this.tasks = new TaskTracker(
      {
        era: () => this.currentEra,
        request: (method, params, opts) => this.send(method, params, opts),
        features: options.features,
        diagnostic: (m) => this.diagnostic(m),
      },
      { maxTaskMs: options.maxTaskMs ?? 3_600_000, requestTimeoutMs: this.timeoutMs },
    );
    this.peer = new JsonRpcPeer(
      transport,
      {
        // 2025: a server's request is counted with the tool call that started last (the wire does not say which it serves).
        onRequest: (method, params, ctx) =>
          answerServerRequest(
            method,
            params,
            this.options.features,
            ctx.signal,
            this.received,
            this.lastCall,
          ),
        onNotification: (method, params) => this.onNotification(method, params),
        onDiagnostic: (message) => this.diagnostic(message),
        onTraffic: (entry) => this.emit('protocol', entry),
      },
      options.protocolLogSize,
    );
  }

  get state(): ClientState {
    return this.currentState;
  }
  get serverInfo(): Implementation | undefined {
    return this.init?.serverInfo;
  }
  get protocolVersion(): string | undefined {
    return this.init?.protocolVersion;
  }
  get capabilities(): ServerCapabilities | undefined {
    return this.init?.capabilities;
  }
  get instructions(): string | undefined {
    return this.init?.instructions;
  }
  /** 'modern' (2026-07-28, stateless) or 'legacy' (2025, initialize); undefined before connect. */
  get era(): Era | undefined {
    return this.currentEra;
  }
  /** Human-readable description of the transport ("stdio: node server.js"). */
  get description(): string {
    return this.transport.description;
  }

  /**
   * Starts the transport and negotiates; on any failure the transport is closed and state is
   * 'failed'. A client and its transport serve one connection: to reconnect, create both anew.
   */
  async connect(opts: { timeoutMs?: number } = {}): Promise<InitializeResult> {
    if (this.currentState === 'connecting' || this.currentState === 'connected') {
      throw new McpProtocolError(`connect() called while ${this.currentState}; close() first`);
    }
    this.closing = false;
    this.closedByUser = false;
    this.setState('connecting');
    try {
      await this.transport.start(this.callbacks());
      this.probing = true;
      this.probeClosed = false;
      const negotiated = await negotiate({
        peer: this.peer,
        transport: () => this.transport,
        capabilities: clientCapabilities(this.options.features),
        clientInfo: this.clientInfo,
        logLevel: this.options.logLevel,
        pin: this.options.protocol,
        prior: this.options.prior,
        timeoutMs: opts.timeoutMs ?? this.timeoutMs,
        stdioProbeTimeoutMs: this.options.stdioProbeTimeoutMs ?? 10_000,
        closedDuringProbe: () => this.probeClosed,
        respawn: this.options.respawn ? () => this.respawn() : undefined,
      });
      this.probing = false;
      this.init = negotiated.init;
      this.currentEra = negotiated.era;
      this.envelope = negotiated.envelope;
      if (negotiated.envelope)
        this.envelopeText = {
          json: JSON.stringify(negotiated.envelope),
          value: negotiated.envelope,
        };
      // The 2026 HTTP wire has no cancellation notice: closing the request's stream is the signal.
      if (negotiated.era === 'modern' && (this.transport.channel ?? 'http') === 'http')
        this.peer.cancelNotices = false;
      if (negotiated.era === 'modern' && this.transport.mirrorsHeaders)
        this.headerIndex = new Map();
      this.setState('connected');
      if (negotiated.era === 'modern') this.subscriptions.open(negotiated.init.capabilities);
      return negotiated.init;
    } catch (e) {
      this.probing = false;
      const error = isMcpError(e)
        ? e
        : new McpTransportError(
            `could not start ${this.transport.description}: ${(e as Error).message}`,
            {},
            { cause: e },
          );
      this.peer.close(error);
      this.closing = true;
      await this.transport.close().catch(() => undefined);
      // A process that died during initialize already moved the state to 'failed' (once is enough).
      if (this.closedByUser) this.setState('disconnected');
      else if (this.currentState !== 'failed') this.setState('failed', error);
      throw error;
    }
  }

  /** Lists tools; a fresh cached list (the server's ttlMs, no change since) is served as is. */
  async listTools(): Promise<Tool[]> {
    if (!this.init?.capabilities.tools) return [];
    let tools = await this.list<Tool>('tools/list', 'tools');
    if (this.headerIndex)
      ({ tools, index: this.headerIndex } = mirroredTools(tools, (m) => this.diagnostic(m)));
    this.toolIndex = new Map(tools.map((t) => [t.name, t]));
    return tools;
  }

  async listResources(): Promise<Resource[]> {
    return this.init?.capabilities.resources
      ? this.list<Resource>('resources/list', 'resources')
      : [];
  }

  async listResourceTemplates(): Promise<ResourceTemplate[]> {
    return this.init?.capabilities.resources
      ? this.list<ResourceTemplate>('resources/templates/list', 'resourceTemplates')
      : [];
  }

  async listPrompts(): Promise<Prompt[]> {
    return this.init?.capabilities.prompts ? this.list<Prompt>('prompts/list', 'prompts') : [];
  }

  /**
   * Calls a tool. A JSON-RPC error rejects (McpRpcError); an `isError: true` result resolves, for
   * the model to read. structuredContent is checked when the tool (as last listed) has an outputSchema.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    opts: CallToolOptions = {},
  ): Promise<ToolCallOutcome> {
    if (this.init && !this.init.capabilities.tools) return Promise.reject(this.lacks('tools'));
    if (this.lists.expiredInUse('tools')) this.relist('tools');
    const tool = this.toolIndex?.get(name);
    const requestOpts: RequestOptions = {
      timeoutMs: opts.timeoutMs ?? this.timeoutMs,
      maxTotalMs: this.maxTimeoutMs,
      signal: opts.signal,
      onProgress: opts.onProgress,
    };
    const params = {
      name,
      arguments: args,
      ...taskRequest(this.currentEra, this.init?.capabilities, tool, opts.asTask),
    };
    const purpose = `tools/call ${name}`;
    const call: CallBudget = { sampling: 0 };
    this.lastCall = call;
    const request = this.multiRound(
      'tools/call',
      params,
      requestOpts,
      purpose,
      tool?.annotations,
      call,
    ).then((r) => this.settle(r, { signal: opts.signal, onTask: opts.onTask, purpose, call }));
    return request.then((r) => {
      const result = r as unknown as ToolCallOutcome;
      if (!Array.isArray(result.content)) result.content = [];
      return tool?.outputSchema ? this.withValidation(tool, result) : result;
    });
  }

  /**
   * Follows a task again (after a reconnect, or a restart of Lena) to the result of the tool call
   * it stands for; `since` is when Lena first began waiting, for the per-server maximum.
   */
  followToolTask(
    task: TaskView,
    opts: CallToolOptions & { since?: number; tool?: string },
  ): Promise<ToolCallOutcome> {
    const follow = this.tasks.follow(task, {
      signal: opts.signal,
      onTask: opts.onTask,
      purpose: `tools/call ${opts.tool ?? task.taskId}`,
      since: opts.since,
    });
    return follow.then((r) => {
      const result = r as unknown as ToolCallOutcome;
      if (!Array.isArray(result.content)) result.content = [];
      return result;
    });
  }

  async readResource(
    uri: string,
    opts: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<{ contents: ResourceContents[] }> {
    if (this.init && !this.init.capabilities.resources) throw this.lacks('resources');
    const first = await this.multiRound(
      'resources/read',
      { uri },
      { timeoutMs: opts.timeoutMs ?? this.timeoutMs, signal: opts.signal },
      `resources/read ${uri}`,
    );
    const r = await this.settle(first, { signal: opts.signal, purpose: `resources/read ${uri}` });
    if (!Array.isArray(r.contents))
      throw new McpProtocolError(`resources/read ${uri}: the answer has no contents array`);
    return r as unknown as { contents: ResourceContents[] };
  }

  async getPrompt(name: string, args?: Record<string, string>): Promise<GetPromptResult> {
    if (this.init && !this.init.capabilities.prompts) throw this.lacks('prompts');
    const first = await this.multiRound(
      'prompts/get',
      args ? { name, arguments: args } : { name },
      { timeoutMs: this.timeoutMs },
      `prompts/get ${name}`,
    );
    const r = await this.settle(first, { purpose: `prompts/get ${name}` });
    if (!Array.isArray(r.messages))
      throw new McpProtocolError(`prompts/get ${name}: the answer has no messages array`);
    return r as unknown as GetPromptResult;
  }

  // ── Resource subscriptions and completions (issue 22) ──

  /** Asks for `resource-updated` events for `uri`: resources/subscribe on 2025, the listen filter on 2026. */
  async subscribeResource(uri: string): Promise<void> {
    if (!this.init?.capabilities.resources?.subscribe)
      throw new McpProtocolError(
        `${this.transport.description} does not offer resource subscriptions`,
      );
    if (this.watched.has(uri)) return;
    if (this.currentEra !== 'modern')
      await this.send('resources/subscribe', { uri }, { timeoutMs: this.timeoutMs });
    this.watched.add(uri);
    if (this.currentEra === 'modern')
      this.subscriptions.setResourceSubscriptions([...this.watched]);
  }

  async unsubscribeResource(uri: string): Promise<void> {
    if (!this.watched.delete(uri)) return;
    if (this.currentEra === 'modern')
      this.subscriptions.setResourceSubscriptions([...this.watched]);
    else if (this.currentState === 'connected')
      await this.send('resources/unsubscribe', { uri }, { timeoutMs: this.timeoutMs });
  }

  /** Values for one argument of a prompt or resource template; none when the server offers no completions. */
  async complete(
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<Completion> {
    if (!this.init?.capabilities.completions) return { values: [] };
    return readCompletion(
      await this.send('completion/complete', completionParams(ref, argument, context), {
        timeoutMs: this.timeoutMs,
      }),
    );
  }

  /** Checks the server answers: ping on 2025; 2026 has no ping, so server/discover stands in. */
  async ping(opts: { timeoutMs?: number } = {}): Promise<void> {
    await this.send(this.currentEra === 'modern' ? 'server/discover' : 'ping', undefined, {
      timeoutMs: opts.timeoutMs ?? this.timeoutMs,
    });
  }

  /** Ends the session: pending requests fail, the transport shuts down (process tree for stdio). */
  async close(): Promise<void> {
    if (this.closing && this.currentState !== 'connecting') return;
    this.closing = true;
    this.closedByUser = true;
    this.subscriptions.stop();
    this.received.close();
    this.peer.close(
      new McpTransportError(`the connection to ${this.transport.description} was closed by Lena`),
    );
    await this.transport.close();
    if (this.currentState !== 'failed') this.setState('disconnected');
  }

  /** Tells the server the roots changed (the project folder did), when Lena declared roots to it. */
  async rootsChanged(): Promise<void> {
    if (
      this.currentState !== 'connected' ||
      !this.options.features?.roots ||
      this.currentEra === 'modern'
    )
      return;
    await this.peer.notify('notifications/roots/list_changed');
  }

  /** Sets which server log messages arrive (`logging/setLevel`), where the server offers logging. */
  async setLogLevel(level: LoggingLevel): Promise<boolean> {
    if (!this.init?.capabilities.logging || this.currentEra === 'modern') return false;
    await this.send('logging/setLevel', { level }, { timeoutMs: this.timeoutMs });
    return true;
  }

  /** The bounded protocol log, oldest first. */
  protocolLog(): ProtocolLogEntry[] {
    return this.peer.log.entries();
  }

  /**
   * One request on the session's wire. On 2026: the envelope in `_meta`, the HTTP headers, a
   * second try at a version the server names after -32022, and one more try of an idempotent
   * request whose stream dropped (the 2026 wire has no resumption).
   */
  private send(
    method: string,
    params: Record<string, unknown> | undefined,
    opts: RequestOptions,
    toolHints?: Tool['annotations'],
  ): Promise<Record<string, unknown>> {
    const envelope = this.envelope;
    if (!envelope) return this.peer.request(method, params, opts);
    const meta = params?._meta as Record<string, unknown> | undefined;
    // Params without a _meta of their own (most requests) get the envelope spliced in as text;
    // progress tokens and callers' _meta keys are merged into a copy.
    const merge = meta !== undefined || opts.onProgress !== undefined;
    const wrapped = merge ? { ...params, _meta: { ...meta, ...envelope } } : params;
    const withMeta: RequestOptions = merge ? { ...opts } : { ...opts, meta: this.envelopeText! };
    const options = this.headerIndex
      ? {
          ...withMeta,
          hints: {
            headers: requestHeaders(method, params, this.headerIndex.get(params?.name as string)),
          },
        }
      : withMeta;
    options.recover = (e) => this.recover(e, method, wrapped, options, toolHints);
    return this.peer.request(method, wrapped, options);
  }

  /** The second try a failed 2026 request may get (at most one: the retry carries no recover). */
  private recover(
    e: McpError,
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions,
    toolHints?: Tool['annotations'],
  ): Promise<Record<string, unknown>> | undefined {
    const again: RequestOptions = { ...options, recover: undefined };
    if (
      e instanceof McpRpcError &&
      e.code === ModernErrorCodes.UnsupportedProtocolVersion &&
      supportedList(e.data)?.includes(this.envelope?.[META_PROTOCOL_VERSION] as string)
    ) {
      return this.peer.request(method, params, again);
    }
    if (
      e instanceof McpTransportError &&
      e.cause !== undefined &&
      this.currentState === 'connected' &&
      !options.signal?.aborted &&
      isIdempotent(method, toolHints)
    ) {
      return this.peer.request(method, params, again);
    }
    if (
      e instanceof McpRpcError &&
      e.code === ModernErrorCodes.HeaderMismatch &&
      method === 'tools/call' &&
      this.headerIndex
    ) {
      // The tool's x-mcp-header declarations may have changed: list again, then send once more.
      return this.refreshedHeaders(params).then((headers) =>
        this.peer.request(method, params, { ...again, hints: { headers } }),
      );
    }
    return undefined;
  }

  private async refreshedHeaders(
    params: Record<string, unknown> | undefined,
  ): Promise<Record<string, string>> {
    this.lists.invalidate('tools');
    await this.listTools();
    return requestHeaders('tools/call', params, this.headerIndex?.get(params?.name as string));
  }

  /**
   * A request that may answer `input_required` (SEP-2322): each round's input requests go to the
   * host's handlers, and the request is sent again (a new id) with the answers and the server's
   * requestState, verbatim, until a complete result — at most MAX_INPUT_ROUNDS rounds.
   */
  private multiRound(
    method: string,
    params: Record<string, unknown>,
    opts: RequestOptions,
    purpose: string,
    toolHints?: Tool['annotations'],
    call?: CallBudget,
  ): Promise<Record<string, unknown>> {
    return runInputRounds(
      (p) => this.send(method, p, opts, toolHints),
      params,
      this.options.features,
      { signal: opts.signal, purpose, call },
    );
  }

  /** A result that is a task handle (asked for on 2025, server-directed on 2026) is followed to its end. */
  private settle(
    r: Record<string, unknown>,
    opts: FollowOptions,
  ): Promise<Record<string, unknown>> {
    const task = taskHandle(r, this.currentEra);
    return task ? this.tasks.follow(task, opts) : Promise.resolve(r);
  }

  private async list<T>(method: string, key: ListKind | 'resourceTemplates'): Promise<T[]> {
    const cached = this.lists.get<T>(key);
    if (cached) return cached;
    let ttlMs: number | undefined;
    const items = await listAllPages<T>(
      async (params) => {
        const page = await this.send(method, params, { timeoutMs: this.timeoutMs });
        ttlMs = ttlMs === undefined ? asTtl(page.ttlMs) : Math.min(ttlMs, asTtl(page.ttlMs));
        return page;
      },
      method,
      key,
      (m) => this.diagnostic(m),
    );
    this.lists.put(key, items, ttlMs ?? 0);
    return items;
  }

  private lacks(capability: 'tools' | 'resources' | 'prompts'): McpProtocolError {
    return new McpProtocolError(
      `${this.transport.description} does not offer ${capability} (it did not declare the capability at initialize)`,
    );
  }

  private async withValidation(tool: Tool, result: ToolCallOutcome): Promise<ToolCallOutcome> {
    const { error, unchecked } = await checkStructuredContent(tool, result);
    if (error) result.validationError = error;
    if (unchecked) result.validationSkipped = unchecked;
    return result;
  }

  private callbacks(): Parameters<Transport['start']>[0] {
    return {
      onMessage: (m, text, bytes) => this.peer.handle(m, text, bytes),
      onError: (e) => this.peer.handleTransportError(e),
      onClose: (info) => this.onTransportClose(info),
    };
  }

  // A stdio server that exited on the probe gets one new process for initialize; that exit is
  // part of finding its era, not a crash (the manager never hears of it).
  private async respawn(): Promise<void> {
    const fresh = await this.options.respawn!();
    this.transport = fresh;
    this.closing = false;
    this.peer.reopen(fresh);
    await fresh.start(this.callbacks());
  }

  private onNotification(method: string, params: Record<string, unknown> | undefined): void {
    switch (method) {
      case 'notifications/tools/list_changed':
        return this.relist('tools');
      case 'notifications/resources/list_changed':
        return this.relist('resources');
      case 'notifications/prompts/list_changed':
        return this.relist('prompts');
      case 'notifications/resources/updated':
        // Only for what is subscribed (or a sub-resource of it): a stream replaced by one with a
        // new filter may still deliver for a while (the 2026 HTTP wire cannot end it from here).
        if (typeof params?.uri === 'string' && coversUpdate(this.watched, params.uri))
          this.emit('resource-updated', params.uri);
        return;
      case 'notifications/subscriptions/acknowledged':
        return this.subscriptions.acknowledged(params);
      case 'notifications/elicitation/complete':
        if (typeof params?.elicitationId === 'string')
          this.options.features?.elicitationComplete?.(params.elicitationId);
        return;
      case 'notifications/tasks': // 2026 (Tasks extension), on the task's listen stream
      case 'notifications/tasks/status': // 2025-11-25
        return this.tasks.notify(params);
      case 'notifications/message':
        return this.serverLog({
          at: Date.now(),
          source: 'server',
          level: normalLevel(params?.level),
          logger: asString(params?.logger),
          data: params?.data,
        });
      default:
        return;
    }
  }

  /** Re-lists after list_changed; a burst of notifications costs one extra listing, not one each. */
  private relist(kind: ListKind): void {
    if (this.currentState !== 'connected') return;
    this.lists.invalidate(kind);
    const running = this.relisting.get(kind);
    if (running) {
      running.again = true;
      return;
    }
    const mark = { again: false };
    this.relisting.set(kind, mark);
    void (async () => {
      do {
        mark.again = false;
        try {
          if (kind === 'tools') this.emit('tools-changed', await this.listTools());
          else if (kind === 'resources') this.emit('resources-changed', await this.listResources());
          else this.emit('prompts-changed', await this.listPrompts());
        } catch (e) {
          if (this.currentState === 'connected')
            this.diagnostic(
              `re-listing ${kind} after list_changed failed: ${(e as Error).message}`,
            );
        }
      } while (mark.again && this.currentState === 'connected');
      this.relisting.delete(kind);
    })();
  }

  private onTransportClose(info: TransportCloseInfo): void {
    if (this.closing) return;
    if (this.probing && this.options.respawn && !this.probeClosed) {
      // Exited on server/discover: a 2025 server that dies on unknown methods; negotiate() respawns.
      this.probeClosed = true;
      this.peer.close(new McpTransportError(closeMessage(this.transport.description, info), info));
      return;
    }
    const error = new McpTransportError(closeMessage(this.transport.description, info), info);
    this.peer.close(error);
    this.closing = true;
    this.subscriptions.stop();
    this.received.close();
    this.setState('failed', error);
    this.emit('closed', info);
  }

  private setState(state: ClientState, error?: McpError): void {
    if (state === this.currentState && !error) return;
    this.currentState = state;
    this.emit('state', state, error);
  }

  private diagnostic(message: string): void {
    this.serverLog({
      at: Date.now(),
      source: 'client',
      level: 'warning',
      logger: 'lena',
      data: message,
    });
  }
}

export type { ClientEventMap as McpClientEvents };
