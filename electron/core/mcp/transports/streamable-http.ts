// MCP Streamable HTTP transport (protocol 2025-11-25, compatible with 2025-03-26 and 2025-06-18):
// every message is a POST whose answer is JSON or an SSE stream (streamable-http-streams.ts reads
// those, the optional GET stream, and resumes dropped ones). This file owns the POSTs and the
// session: Mcp-Session-Id, MCP-Protocol-Version, re-initialising once on 404, DELETE on close.
import type { JsonRpcId, JsonRpcMessage, JsonRpcRequest, JsonRpcResponse } from '../jsonrpc-types';
import type { AuthProvider } from '../auth/types';
import { isModernVersion } from '../era';
import type { SendHints, Transport, TransportCallbacks } from '../transport';
import {
  HttpTransportError,
  displayUrl,
  statusError,
  type HttpTransportErrorKind,
} from './http-errors';
import { decodeMessages, outgoingHead, responseId } from './http-messages';
import {
  OriginBoundHttp,
  headerText,
  readBody,
  readExcerpt,
  type HttpResponse,
} from './http-request';
import type { Http1Options } from './http1-client';
import { SessionStreams, type StreamHost } from './streamable-http-streams';

export interface StreamableHttpOptions {
  url: string | URL;
  /** Configured headers (Authorization…): sent only to this URL's origin, never logged. */
  headers?: Record<string, string>;
  /** Adds credentials per request and handles 401/403 (OAuth, core/mcp/auth). */
  auth?: AuthProvider;
  /** Largest JSON body or SSE event accepted (default 64 MiB). */
  maxMessageBytes?: number;
  /** Connection settings: idle reuse window, extra TLS options (a private CA). */
  http?: Http1Options;
  /** Open the optional GET stream for server-initiated messages after initialisation (default true). */
  openGetStream?: boolean;
  /** Wait before resuming a dropped stream when the server gave no `retry:` (default 1000 ms). */
  defaultRetryMs?: number;
  /** Consecutive resumption attempts without progress before giving up (default 5). */
  maxReconnectAttempts?: number;
  /**
   * The session expired (HTTP 404) and the transport re-initialised it by replaying the client's
   * initialize; this is the server's new answer (capabilities may have changed: re-list).
   */
  onSessionReinitialized?(result: JsonRpcResponse): void;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const REINIT_TIMEOUT_MS = 30_000;
const DELETE_TIMEOUT_MS = 2_000;

interface Outgoing {
  body: string;
  method: string | undefined;
  /** The request id, for requests only. */
  id: JsonRpcId | undefined;
  /** 2026 request headers (Mcp-Method, Mcp-Name, Mcp-Param-*), already as header text. */
  extra?: string;
}

export class StreamableHttpTransport implements Transport {
  readonly description: string;
  readonly mirrorsHeaders = true;
  private readonly url: URL;
  private readonly http: OriginBoundHttp;
  private readonly maxBytes: number;
  private readonly streams: SessionStreams;
  private callbacks: TransportCallbacks | undefined;
  private sessionId: string | undefined;
  private protocolVersion: string | undefined;
  private cachedPostHeaders: string | undefined;
  private initRequest: JsonRpcRequest | undefined;
  private closed = false;
  private reinit: Promise<void> | undefined;
  private reinitCount = 0;
  /**
   * Requests still waiting for their answer, by id: cancel() aborts one at the HTTP level (its
   * POST, its response stream and any resumption), freeing its socket without touching the others.
   */
  private readonly live = new Map<JsonRpcId, AbortController>();
  // Answers the transport consumes itself (a re-initialisation) instead of delivering.
  private readonly intercepts = new Map<JsonRpcId, (response: JsonRpcResponse) => void>();

  constructor(private readonly options: StreamableHttpOptions) {
    this.url = new URL(options.url);
    this.http = new OriginBoundHttp(this.url, options.headers, options.http, options.auth);
    this.maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_BYTES;
    this.description = `http: ${displayUrl(this.url)}`;
    const host: StreamHost = {
      url: this.url,
      http: this.http,
      maxBytes: this.maxBytes,
      isClosed: () => this.closed,
      session: () => this.sessionId,
      baseHeaders: (extra) => this.baseHeaders(extra),
      deliverText: (text, requestId) => this.deliverText(text, requestId),
      report: (error) => this.report(error),
    };
    this.streams = new SessionStreams(host, {
      openGetStream: options.openGetStream !== false,
      defaultRetryMs: options.defaultRetryMs ?? 1000,
      maxAttempts: options.maxReconnectAttempts ?? 5,
    });
  }

  async start(callbacks: TransportCallbacks): Promise<void> {
    if (this.callbacks) throw new Error('StreamableHttpTransport already started');
    this.callbacks = callbacks;
  }

  setProtocolVersion(version: string | undefined): void {
    this.protocolVersion = version;
    this.cachedPostHeaders = undefined;
  }

  /** Resolves once the server accepted the POST; its answer arrives through `onMessage`. */
  async send(message: JsonRpcMessage, hints?: SendHints): Promise<void> {
    const method = 'method' in message ? message.method : undefined;
    const id = method !== undefined && 'id' in message ? (message.id as JsonRpcId) : undefined;
    if (method === 'initialize' && id !== undefined) this.initRequest = message as JsonRpcRequest;
    return this.sendOutgoing({
      body: JSON.stringify(message),
      method,
      id,
      extra: this.extraHeaders(hints),
    });
  }

  async sendSerialized(json: string, hints?: SendHints): Promise<void> {
    const { method, id } = outgoingHead(json);
    if (method === 'initialize' && id !== undefined)
      this.initRequest = JSON.parse(json) as JsonRpcRequest;
    return this.sendOutgoing({ body: json, method, id, extra: this.extraHeaders(hints) });
  }

  private extraHeaders(hints: SendHints | undefined): string | undefined {
    return hints?.headers ? headerText(hints.headers) : undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.streams.stop();
    this.live.clear(); // destroy() below closes their sockets
    if (this.sessionId !== undefined) await this.deleteSession();
    this.http.destroy();
    this.callbacks?.onClose({ reason: `Disconnected from ${displayUrl(this.url)}.` });
  }

  private async sendOutgoing(out: Outgoing): Promise<void> {
    if (this.closed)
      throw this.error('closed', `The connection to ${displayUrl(this.url)} is closed.`);
    let abort: AbortController | undefined;
    if (out.id !== undefined && out.method !== undefined)
      this.live.set(out.id, (abort = new AbortController()));
    try {
      if (this.reinit) await this.reinit; // a message sent mid-re-initialisation waits for the new session
      if (out.method === 'initialize') this.setSession(undefined); // a new initialize starts a new session
      await this.post(out, true, abort?.signal);
    } catch (err) {
      if (out.id !== undefined) this.live.delete(out.id);
      if (abort?.signal.aborted) return; // given up on by the client: nothing to report
      throw err;
    }
    if (out.method === 'notifications/initialized') this.streams.openStandalone();
  }

  private async post(out: Outgoing, mayReinit: boolean, signal?: AbortSignal): Promise<void> {
    const sentSession = this.sessionId;
    const headers = out.extra ? this.postHeaders() + out.extra : this.postHeaders();
    const res = await this.http.request('POST', this.url, headers, out.body, signal);
    const status = res.status;
    if (status === 404 && sentSession !== undefined) {
      void res.discard();
      if (!mayReinit) throw this.sessionExpired('the server answered 404 again');
      await this.reinitialize(sentSession);
      return this.post(out, false, signal);
    }
    if (
      status >= 400 &&
      status < 500 &&
      status !== 401 &&
      status !== 403 &&
      out.id !== undefined &&
      isModernVersion(this.protocolVersion)
    ) {
      // The 2026 wire answers a refused request with 4xx and its JSON-RPC error (-32022 and the
      // versions it supports, -32020, -32601…): that is the answer to the request, not a failure.
      const text = await readExcerpt(res);
      if (signal?.aborted || this.deliverErrorAnswer(text, out.id)) return;
      throw statusError(this.url, status, res.statusText, text, this.http.secrets);
    }
    if (status < 200 || status >= 300)
      throw statusError(
        this.url,
        status,
        res.statusText,
        await readExcerpt(res),
        this.http.secrets,
      );
    if (out.method === 'initialize') {
      const sid = res.headers['mcp-session-id'];
      if (sid) this.setSession(sid);
    }
    if (status === 202) {
      // Resolve once the empty body is read, so the connection is back in the pool for the next call.
      if (out.id !== undefined) this.live.delete(out.id);
      await res.discard();
      return;
    }
    this.consume(res, out.id, signal);
  }

  // The POST's body, read after send() resolved: JSON, an SSE stream, or nothing. Once `signal`
  // aborts (the request was given up on), its end is no news.
  private consume(
    res: HttpResponse,
    requestId: JsonRpcId | undefined,
    signal: AbortSignal | undefined,
  ): void {
    const type = res.headers['content-type'] ?? '';
    if (type.includes('text/event-stream')) {
      this.streams.readPostStream(res, requestId, signal);
    } else if (type.includes('application/json')) {
      readBody(res, this.maxBytes).then(
        (text) => this.deliverBody(text, requestId),
        (err: Error) => {
          if (!signal?.aborted)
            this.report(
              this.error(
                'protocol',
                `Reading the answer from ${displayUrl(this.url)} failed: ${err.message}.`,
                requestId,
              ),
            );
        },
      );
    } else {
      void readExcerpt(res).then((text) => {
        if (signal?.aborted || (requestId === undefined && text.trim() === '')) return;
        this.report(
          this.error(
            'protocol',
            `${displayUrl(this.url)} answered with content type "${type || 'none'}" instead of JSON or an event stream; is this an MCP endpoint?`,
            requestId,
          ),
        );
      });
    }
  }

  private deliverErrorAnswer(text: string, requestId: JsonRpcId): boolean {
    let m: { id?: unknown; error?: { code?: unknown } } | undefined;
    try {
      m = JSON.parse(text) as typeof m;
    } catch {
      return false;
    }
    if (m?.id !== requestId || typeof m.error?.code !== 'number' || this.closed) return false;
    this.live.delete(requestId);
    this.callbacks?.onMessage(m as JsonRpcResponse, text, text.length);
    return true;
  }

  private deliverBody(text: string, requestId: JsonRpcId | undefined): void {
    // A body answering a notification should not exist (202 is due); some servers send {"result":{}}:
    // keep any real message in it, without warnings.
    const quiet = requestId === undefined;
    const { answered, invalid } = this.deliverText(text, requestId, quiet);
    if (quiet) return;
    if (invalid)
      this.report(
        this.error(
          'protocol',
          `${displayUrl(this.url)} sent invalid JSON (${text.length} bytes) instead of an answer.`,
          requestId,
        ),
      );
    else if (!answered && requestId !== undefined)
      this.report(
        this.error(
          'protocol',
          `${displayUrl(this.url)} replied to request ${String(requestId)} without its answer.`,
          requestId,
        ),
      );
  }

  // Delivers every message in one payload; says whether the answer to `requestId` was among them.
  private deliverText(
    text: string,
    requestId: JsonRpcId | undefined,
    quiet = false,
  ): { answered: boolean; invalid: boolean } {
    let decoded: ReturnType<typeof decodeMessages>;
    try {
      decoded = decodeMessages(text);
    } catch {
      return { answered: false, invalid: true };
    }
    if (decoded.rejected > 0 && !quiet)
      this.report(
        this.error(
          'protocol',
          `Ignored ${decoded.rejected} message(s) from ${displayUrl(this.url)} that are not JSON-RPC.`,
        ),
      );
    let answered = false;
    const single = decoded.messages.length === 1;
    for (const m of decoded.messages) {
      const id = responseId(m);
      if (requestId !== undefined && id === requestId) answered = true;
      if (id !== undefined && id !== null && this.live.size > 0) this.live.delete(id); // answered: nothing left to abort
      if (this.closed) continue;
      const intercept =
        id === undefined || id === null || this.intercepts.size === 0
          ? undefined
          : this.intercepts.get(id);
      if (intercept) intercept(m as JsonRpcResponse);
      else if (single) this.callbacks?.onMessage(m, text, text.length, requestId);
      else this.callbacks?.onMessage(m, undefined, undefined, requestId);
    }
    return { answered, invalid: false };
  }

  private async reinitialize(expired: string): Promise<void> {
    if (this.reinit) return this.reinit;
    if (this.sessionId !== expired) return; // another request already re-initialised
    this.reinit = this.doReinitialize().finally(() => {
      this.reinit = undefined;
    });
    return this.reinit;
  }

  // HTTP 404 on a session: the server forgot it. Replay the client's initialize once, without a
  // session id, consume its answer here, confirm with notifications/initialized, and tell the owner.
  private async doReinitialize(): Promise<void> {
    const init = this.initRequest;
    if (!init) throw this.sessionExpired('no initialize to replay');
    this.setSession(undefined);
    this.streams.sessionChanged();
    const id = `lena-reinit-${++this.reinitCount}`;
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<JsonRpcResponse | undefined>((resolve) => {
      this.intercepts.set(id, resolve);
      timer = setTimeout(() => resolve(undefined), REINIT_TIMEOUT_MS);
    });
    try {
      await this.post({ body: JSON.stringify({ ...init, id }), method: 'initialize', id }, false);
      const response = await answer;
      if (!response) throw this.sessionExpired('the new initialize got no answer');
      if ('error' in response)
        throw this.sessionExpired(
          `the server refused the new initialize: ${response.error.message}`,
        );
      const notice = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await this.post({ body: notice, method: 'notifications/initialized', id: undefined }, false);
      this.options.onSessionReinitialized?.(response);
      this.streams.openStandalone();
    } catch (err) {
      const e =
        err instanceof HttpTransportError && err.kind === 'session-expired'
          ? err
          : this.sessionExpired((err as Error).message);
      this.fail(e);
      throw e;
    } finally {
      clearTimeout(timer);
      this.intercepts.delete(id);
    }
  }

  private async deleteSession(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DELETE_TIMEOUT_MS);
    });
    const del = this.http.request('DELETE', this.url, this.baseHeaders()).then(
      (res) => res.discard(),
      () => undefined, // best effort: the server may be gone already
    );
    await Promise.race([del, timeout]);
    clearTimeout(timer);
  }

  // The session cannot continue: the owner reconnects (the manager's backoff applies).
  private fail(error: HttpTransportError): void {
    if (this.closed) return;
    this.closed = true;
    this.streams.stop();
    this.live.clear();
    this.http.destroy();
    this.callbacks?.onClose({ reason: error.message });
  }

  private report(error: HttpTransportError): void {
    // A failure reported against a request ends it (the client fails that call): nothing to abort.
    if (error.requestId !== undefined) this.live.delete(error.requestId);
    if (!this.closed) this.callbacks?.onError(error);
  }

  /**
   * Gives up on a request at the HTTP level: aborts its POST, whether the answer's head has come
   * or not (JSON or event stream), and any resumption of its stream; only its socket closes. On
   * 2026-07-28 this is the cancellation itself; on 2025 it follows notifications/cancelled.
   */
  cancel(requestId: JsonRpcId): void {
    const abort = this.live.get(requestId);
    if (!abort) return;
    this.live.delete(requestId);
    abort.abort();
  }

  private sessionExpired(detail: string): HttpTransportError {
    return this.error(
      'session-expired',
      `The session with ${displayUrl(this.url)} expired (HTTP 404) and re-initialising it failed (${detail}); reconnect the server.`,
    );
  }

  private error(
    kind: HttpTransportErrorKind,
    message: string,
    requestId?: JsonRpcId,
  ): HttpTransportError {
    return new HttpTransportError(message, { kind, url: displayUrl(this.url), requestId });
  }

  private setSession(id: string | undefined): void {
    this.sessionId = id;
    this.cachedPostHeaders = undefined;
    if (id !== undefined) this.http.secrets.add(id);
  }

  private baseHeaders(extra?: Record<string, string>): string {
    const own: Record<string, string> = { ...extra };
    if (this.sessionId !== undefined) own['Mcp-Session-Id'] = this.sessionId;
    if (this.protocolVersion !== undefined) own['MCP-Protocol-Version'] = this.protocolVersion;
    return this.http.headers(own);
  }

  // Rebuilt only when the session or version changes: the per-call path allocates nothing here.
  private postHeaders(): string {
    this.cachedPostHeaders ??= this.baseHeaders({
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
    });
    return this.cachedPostHeaders;
  }
}
