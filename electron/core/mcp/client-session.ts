// The wire half of one MCP server's session: the transport's lifecycle, negotiation of the era,
// the state and its events, and every request's trip (the 2026 envelope, headers and one retry).
// McpClient (client.ts) builds the protocol's operations on it: lists, calls, reads, notifications.
import type {
  Implementation,
  InitializeResult,
  ServerCapabilities,
  Tool,
} from '../../../shared/mcp-types';
import type { CallBudget } from './client-features';
import { closeMessage } from './client-helpers';
import { clientCapabilities, answerServerRequest } from './client-requests';
import { ClientEvents } from './client-events';
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
import type { ListKind } from './list-cache';
import { negotiate } from './negotiate';
import { requestHeaders, type HeaderParam } from './request-headers';
import { Subscriptions } from './subscriptions';
import { TaskTracker } from './tasks/follow';
import { ReceivedTasks } from './tasks/receiver';
import type { Transport, TransportCloseInfo } from './transport';
import { APP_VERSION } from '../version';
import type { ClientOptions, ClientState } from './client-options';

// The version servers see is the app's (servers log it and gate features on it), never a constant.
const DEFAULT_CLIENT_INFO: Implementation = { name: 'lena', version: APP_VERSION };

/** One connection's wire and state; the operations over it are McpClient's. */
export abstract class ClientSession extends ClientEvents {
  protected readonly peer: JsonRpcPeer;
  protected readonly timeoutMs: number;
  protected readonly maxTimeoutMs: number;
  private readonly clientInfo: Implementation;
  protected currentState: ClientState = 'disconnected';
  protected init: InitializeResult | undefined;
  private closing = false;
  /** close() was called: the session ends as 'disconnected', not 'failed'. */
  private closedByUser = false;
  protected currentEra: Era | undefined;
  /** The 2026 `_meta` envelope, built (and serialised) once per session. */
  private envelope: Record<string, unknown> | undefined;
  private envelopeText: { json: string; value: Record<string, unknown> } | undefined;
  /** 2026 over HTTP: the x-mcp-header arguments of each listed tool. */
  protected headerIndex: Map<string, HeaderParam[]> | undefined;
  private probing = false;
  private probeClosed = false;
  protected readonly subscriptions: Subscriptions;
  protected readonly tasks: TaskTracker;
  /** Tasks a 2025 server asked Lena to run (task-augmented sampling / elicitation). */
  private readonly received = new ReceivedTasks();
  /** The asks of the tool call started last, which a 2025 server's requests count toward (the caps). */
  protected lastCall: CallBudget = { sampling: 0 };

  constructor(
    protected transport: Transport,
    protected readonly options: ClientOptions = {},
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
    this.peer = new JsonRpcPeer(transport, {
      // 2025: a server's request is counted with the tool call that started last (the wire does
      // not always say which it serves); the conversation it serves is said only when it does.
      onRequest: (method, params, ctx) =>
        answerServerRequest(
          method,
          params,
          this.options.features,
          ctx.signal,
          this.received,
          this.lastCall,
          ctx.conversationId,
        ),
      onNotification: (method, params) => this.onNotification(method, params),
      onDiagnostic: (message) => this.diagnostic(message),
    });
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

  /**
   * One request on the session's wire. On 2026: the envelope in `_meta`, the HTTP headers, a
   * second try at a version the server names after -32022, and one more try of an idempotent
   * request whose stream dropped (the 2026 wire has no resumption).
   */
  protected send(
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

  private callbacks(): Parameters<Transport['start']>[0] {
    return {
      onMessage: (m, _text, _bytes, related) => this.peer.handle(m, related),
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

  protected diagnostic(message: string): void {
    this.serverLog({
      at: Date.now(),
      source: 'client',
      level: 'warning',
      logger: 'lena',
      data: message,
    });
  }

  /** A notification from the server (list changes, updates, logs, tasks). */
  protected abstract onNotification(
    method: string,
    params: Record<string, unknown> | undefined,
  ): void;

  /** Lists `kind` again and tells listeners (after list_changed, or a new subscription stream). */
  protected abstract relist(kind: ListKind): void;

  /** The tools/call headers after listing the tools again (their x-mcp-header declarations changed). */
  protected abstract refreshedHeaders(
    params: Record<string, unknown> | undefined,
  ): Promise<Record<string, string>>;
}
