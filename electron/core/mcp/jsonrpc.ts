// The JSON-RPC 2.0 peer under the MCP client: ids, correlation of answers in any order, timeouts
// with progress, cancellation, and server-to-client requests (answered by jsonrpc-incoming.ts;
// messages are written by jsonrpc-wire.ts; the host's log taps the transport). One timer serves every pending request
// (not one per call), and nothing here runs a schema validator: this is the hot path.
import {
  McpCancelledError,
  McpProtocolError,
  McpRpcError,
  McpTimeoutError,
  McpTransportError,
  MessageDecodeError,
  type McpError,
} from './errors';
import { IncomingRequests, type RequestHandler } from './jsonrpc-incoming';
import { ErrorCodes, type JsonRpcId, type JsonRpcMessage } from './jsonrpc-types';
import { PeerWire, type SerialisedMeta } from './jsonrpc-wire';
import type { SendHints, Transport } from './transport';

export { RequestHandlerError } from './jsonrpc-incoming';

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

export interface RequestOptions {
  timeoutMs: number;
  /** Progress resets the timeout, but never past this many ms after the request was sent. */
  maxTotalMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** false for initialize: the spec forbids cancelling it. */
  cancellable?: boolean;
  /** Extras for the transport (the 2026 HTTP request headers). */
  hints?: SendHints;
  /**
   * A `_meta` to add to params that have none (the 2026 envelope), serialised once per session:
   * it is spliced into the message text instead of being stringified again on every request.
   */
  meta?: SerialisedMeta;
  /**
   * Called with the error before the request rejects; a promise returned takes the request's
   * place (a second try). Cheaper than a .catch() on every call: nothing runs unless it fails.
   */
  recover?: (error: McpError) => Promise<Record<string, unknown>> | undefined;
  /**
   * Whom the request serves (the host's conversation id; opaque here): a server request related
   * to this one (sent on its response stream, or naming its progress token) is handed it.
   */
  conversationId?: string;
}

export interface PeerHooks {
  /**
   * Answers a server-to-client request; throw (or reject with) RequestHandlerError to answer with
   * an error. `signal` aborts when the server cancels the request or the session closes.
   */
  onRequest: RequestHandler;
  onNotification(method: string, params: Record<string, unknown> | undefined): void;
  /** A non-fatal oddity (unknown id, undecodable line): logged, the session continues. */
  onDiagnostic(message: string): void;
}

interface Pending {
  id: number;
  method: string;
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: McpError) => void;
  sentAt: number;
  deadline: number;
  hardDeadline: number;
  timeoutMs: number;
  extended: boolean;
  cancellable: boolean;
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  recover?: RequestOptions['recover'];
  conversationId?: string;
}

const ABANDONED_MEMORY = 1024;

export class JsonRpcPeer {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  /** Ids given up on (timeout, abort): their late answers are expected and ignored quietly. */
  private readonly abandoned = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private closedError: McpError | undefined;
  private readonly wire: PeerWire;
  private readonly incoming: IncomingRequests;
  /**
   * Whether giving up on a request sends notifications/cancelled. The 2026 HTTP wire has none:
   * closing the request's stream is the cancellation, and the transport does that itself.
   */
  cancelNotices = true;

  constructor(
    transport: Transport,
    private readonly hooks: PeerHooks,
  ) {
    this.wire = new PeerWire(transport);
    this.incoming = new IncomingRequests(
      (method, params, ctx) => this.hooks.onRequest(method, params, ctx),
      (message, method) => {
        if (this.closedError) return;
        this.wire
          .write(message)
          .catch((err: unknown) =>
            this.hooks.onDiagnostic(`could not answer ${method}: ${(err as Error).message}`),
          );
      },
    );
  }

  /**
   * Continues on a new transport after the old one closed (a stdio server that exited on the
   * 2026 probe, respawned for initialize): requests are accepted again.
   */
  reopen(transport: Transport): void {
    this.wire.transport = transport;
    this.closedError = undefined;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Sends a request and resolves with its result, or rejects with a typed McpError. */
  request(
    method: string,
    params: Record<string, unknown> | undefined,
    opts: RequestOptions,
  ): Promise<Record<string, unknown>> {
    if (this.closedError) return Promise.reject(this.closedError);
    if (opts.signal?.aborted)
      return Promise.reject(new McpCancelledError(method, abortReason(opts.signal)));
    const id = ++this.nextId;
    if (opts.onProgress) {
      const meta = params?._meta as Record<string, unknown> | undefined;
      params = { ...params, _meta: { ...meta, progressToken: id } };
    }
    return new Promise((resolve, reject) => {
      const now = performance.now();
      const hardDeadline = now + Math.max(opts.maxTotalMs ?? opts.timeoutMs, opts.timeoutMs);
      const p: Pending = {
        id,
        method,
        resolve,
        reject,
        sentAt: now,
        deadline: Math.min(now + opts.timeoutMs, hardDeadline),
        hardDeadline,
        timeoutMs: opts.timeoutMs,
        extended: false,
        cancellable: opts.cancellable !== false,
        onProgress: opts.onProgress,
        recover: opts.recover,
        conversationId: opts.conversationId,
      };
      if (opts.signal) {
        p.signal = opts.signal;
        p.onAbort = () => this.abort(p);
        opts.signal.addEventListener('abort', p.onAbort, { once: true });
      }
      this.pending.set(id, p);
      if (p.deadline < this.timerAt) this.arm(p.deadline);
      const meta = opts.meta && params?._meta === undefined ? opts.meta : undefined;
      const message =
        params === undefined && !meta
          ? { jsonrpc: '2.0' as const, id, method }
          : { jsonrpc: '2.0' as const, id, method, params: params ?? {} };
      this.wire
        .write(message, opts.hints, meta)
        .then(undefined, (err: unknown) => this.settle(id, undefined, sendFailure(method, err)));
    });
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    const message =
      params === undefined
        ? { jsonrpc: '2.0' as const, method }
        : { jsonrpc: '2.0' as const, method, params };
    return this.wire.write(message);
  }

  /** Feeds one incoming message (the transport's onMessage; `related` as it says). */
  handle(msg: JsonRpcMessage, related?: JsonRpcId): void {
    const m = msg as {
      id?: JsonRpcId | null;
      method?: unknown;
      result?: unknown;
      error?: unknown;
      params?: Record<string, unknown>;
    };
    if (m.method === undefined) {
      this.handleResponse(m);
      return;
    }
    if (typeof m.method !== 'string') {
      this.hooks.onDiagnostic('ignored a message whose method is not a string');
    } else if (m.id !== undefined && m.id !== null) {
      this.incoming.answer(m.id, m.method, m.params, this.servedBy(related, m.params));
    } else if (m.method === 'notifications/progress') {
      this.progress(m.params);
    } else if (m.method === 'notifications/cancelled') {
      this.incoming.cancelled(m.params);
    } else {
      this.hooks.onNotification(m.method, m.params);
    }
  }

  /**
   * Whom a server request serves: the request of ours it is related to, by the stream that carried
   * it (the specification's "related request" over Streamable HTTP), else by a `_meta.progressToken`
   * that is one of our requests' (Lena's progress tokens are request ids); undefined when neither.
   */
  private servedBy(
    related: JsonRpcId | undefined,
    params: Record<string, unknown> | undefined,
  ): string | undefined {
    const owner = (id: unknown) =>
      typeof id === 'number' || (typeof id === 'string' && id !== '')
        ? this.pending.get(Number(id))
        : undefined;
    const byStream = owner(related);
    if (byStream) return byStream.conversationId;
    const token = (params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
    const byToken = owner(token);
    return byToken?.onProgress ? byToken.conversationId : undefined;
  }

  /** Feeds a non-fatal transport error (the transport's onError). */
  handleTransportError(error: Error): void {
    if (error instanceof MessageDecodeError && error.requestId !== undefined) {
      const id = typeof error.requestId === 'number' ? error.requestId : Number(error.requestId);
      const p = this.pending.get(id);
      if (p) {
        // A dropped stream stays a transport failure (the client may retry an idempotent request).
        const dropped = (error as { kind?: unknown }).kind === 'network';
        this.settle(
          id,
          undefined,
          dropped
            ? new McpTransportError(`${p.method}: ${error.message}`, {}, { cause: error })
            : new McpProtocolError(`${p.method}: ${error.message}`),
        );
        return;
      }
    }
    this.hooks.onDiagnostic(error.message);
  }

  /** Fails every pending request with `error` and refuses new ones; the transport is gone. */
  close(error: McpError): void {
    this.closedError = error;
    this.incoming.close(error.message);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    for (const id of [...this.pending.keys()]) this.settle(id, undefined, error);
  }

  private handleResponse(m: { id?: JsonRpcId | null; result?: unknown; error?: unknown }): void {
    const rawId = m.id;
    const id =
      typeof rawId === 'number'
        ? rawId
        : typeof rawId === 'string' && rawId !== ''
          ? Number(rawId)
          : NaN;
    const p = this.pending.get(id);
    if (!p) {
      const late = this.abandoned.has(id);
      const note = late
        ? 'late answer ignored'
        : rawId === undefined || rawId === null
          ? 'answer without id ignored'
          : 'unknown or duplicate response id ignored';
      this.hooks.onDiagnostic(`${note} (id ${JSON.stringify(rawId)})`);
      return;
    }
    const err = m.error as { code?: unknown; message?: unknown; data?: unknown } | undefined;
    if (err !== undefined) {
      const code = typeof err?.code === 'number' ? err.code : ErrorCodes.InternalError;
      const message = typeof err?.message === 'string' ? err.message : 'no message';
      this.settle(id, undefined, new McpRpcError(p.method, code, message, err?.data));
    } else if (typeof m.result === 'object' && m.result !== null && !Array.isArray(m.result)) {
      this.settle(id, m.result as Record<string, unknown>, undefined);
    } else {
      this.settle(
        id,
        undefined,
        new McpProtocolError(`${p.method}: the server's answer has no result object`),
      );
    }
  }

  private settle(
    id: number,
    result: Record<string, unknown> | undefined,
    error: McpError | undefined,
  ): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (p.onAbort) p.signal?.removeEventListener('abort', p.onAbort);
    if (!error) return p.resolve(result as Record<string, unknown>);
    const again = p.recover?.(error);
    if (again) again.then(p.resolve, p.reject);
    else p.reject(error);
  }

  private abandon(p: Pending, reason: string): void {
    this.abandoned.add(p.id);
    if (this.abandoned.size > ABANDONED_MEMORY)
      this.abandoned.delete(this.abandoned.values().next().value as number);
    const t = this.wire.transport;
    if (!this.cancelNotices) t.cancel?.(p.id);
    else if (p.cancellable && !this.closedError) {
      // Once the server was told, the request's own HTTP exchange (a 2025 POST's stream) is freed too.
      const free = (): void => t.cancel?.(p.id);
      this.notify('notifications/cancelled', { requestId: p.id, reason }).then(free, free);
    }
  }

  private abort(p: Pending): void {
    if (!this.pending.has(p.id)) return;
    const reason = abortReason(p.signal);
    this.abandon(p, reason);
    this.settle(p.id, undefined, new McpCancelledError(p.method, reason));
  }

  private progress(params: Record<string, unknown> | undefined): void {
    const token = params?.progressToken;
    const p = this.pending.get(typeof token === 'number' ? token : Number(token));
    if (!p?.onProgress || typeof params?.progress !== 'number') return;
    p.deadline = Math.min(performance.now() + p.timeoutMs, p.hardDeadline);
    p.extended = true;
    const update: Progress = { progress: params.progress };
    if (typeof params.total === 'number') update.total = params.total;
    if (typeof params.message === 'string') update.message = params.message;
    try {
      p.onProgress(update);
    } catch (e) {
      this.hooks.onDiagnostic(`a progress listener threw: ${(e as Error).message}`);
    }
  }

  /** Schedules the single timer for `at` (performance.now() time). */
  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(this.onTimer, Math.max(0, at - performance.now()) + 1);
    // The transport keeps the process alive while a request is pending; the timer need not.
    this.timer.unref();
  }

  private readonly onTimer = (): void => {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = performance.now();
    let next = Infinity;
    for (const p of this.pending.values()) {
      if (p.deadline <= now) {
        const hard = p.extended && p.deadline >= p.hardDeadline;
        this.abandon(p, hard ? 'timeout (hard maximum)' : 'timeout');
        this.settle(
          p.id,
          undefined,
          new McpTimeoutError(
            p.method,
            hard ? Math.round(p.hardDeadline - p.sentAt) : p.timeoutMs,
            hard,
          ),
        );
      } else if (p.deadline < next) next = p.deadline;
    }
    if (next !== Infinity) this.arm(next);
  };
}

function abortReason(signal: AbortSignal | undefined): string {
  const r: unknown = signal?.reason;
  if (typeof r === 'string') return r;
  if (r instanceof Error && r.name !== 'AbortError') return r.message;
  return 'cancelled by the user';
}

function sendFailure(method: string, err: unknown): McpError {
  if (err instanceof McpTransportError) return err;
  return new McpTransportError(
    `${method} could not be sent: ${(err as Error)?.message ?? String(err)}`,
    {},
    { cause: err },
  );
}
