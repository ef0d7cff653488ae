// A URL configured without a transport type: try Streamable HTTP, and when the initialize POST
// fails with 404 or 405, fall back to the legacy HTTP+SSE transport, as the spec's
// backwards-compatibility section describes. Not on 400: a 2026 server refuses a request it cannot
// take with 400 and a JSON-RPC error, and reading that as "legacy SSE" is the mistake to avoid.
// The 2026 probe (server/discover) goes out on Streamable HTTP only; whatever it gets is the
// client's to read, and only the 2025 initialize that may follow decides on SSE.
import type { JsonRpcId, JsonRpcMessage } from '../jsonrpc-types';
import type { SendHints, Transport, TransportCallbacks } from '../transport';
import { HttpTransportError, displayUrl } from './http-errors';
import { SseTransport } from './sse';
import { StreamableHttpTransport, type StreamableHttpOptions } from './streamable-http';

export type HttpFallbackOptions = StreamableHttpOptions & {
  /** How long to wait for the legacy server's `endpoint` event (default 30 s). */
  endpointTimeoutMs?: number;
};

/** Which transport the fallback settled on. */
export type HttpTransportKind = 'streamable-http' | 'sse';

const FALLBACK_STATUSES = new Set([404, 405]);

export class HttpFallbackTransport implements Transport {
  private readonly url: URL;
  private callbacks: TransportCallbacks | undefined;
  private active: Transport | undefined;
  private candidate: Transport | undefined;
  private closeReported = false;
  private choosing: Promise<void> | undefined;
  private protocolVersion: string | undefined;
  private closed = false;
  /** Set once the first message went through: which transport this server speaks. */
  kind: HttpTransportKind | undefined;
  readonly mirrorsHeaders = true;

  constructor(private readonly options: HttpFallbackOptions) {
    this.url = new URL(options.url);
  }

  get description(): string {
    return this.active?.description ?? `http: ${displayUrl(this.url)}`;
  }

  async start(callbacks: TransportCallbacks): Promise<void> {
    if (this.callbacks) throw new Error('HttpFallbackTransport already started');
    this.callbacks = callbacks;
  }

  setProtocolVersion(version: string | undefined): void {
    this.protocolVersion = version;
    // The initialize answer can arrive before the first send() settles: the candidate needs it too.
    (this.active ?? this.candidate)?.setProtocolVersion?.(version);
  }

  async send(message: JsonRpcMessage, hints?: SendHints): Promise<void> {
    if (this.active) return this.active.send(message, hints);
    if (this.closed)
      throw new HttpTransportError(`The connection to ${displayUrl(this.url)} is closed.`, {
        kind: 'closed',
        url: displayUrl(this.url),
      });
    if (this.choosing) {
      await this.choosing;
      return this.send(message, hints);
    }
    this.choosing =
      'method' in message && message.method !== 'initialize'
        ? this.tryStreamable(message, hints)
        : this.choose(message);
    try {
      await this.choosing;
    } finally {
      this.choosing = undefined;
    }
  }

  cancel(requestId: JsonRpcId): void {
    this.active?.cancel?.(requestId);
  }

  async sendSerialized(json: string, hints?: SendHints): Promise<void> {
    const t = this.active;
    if (t?.sendSerialized) return t.sendSerialized(json, hints);
    return this.send(JSON.parse(json) as JsonRpcMessage, hints);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.active) return this.active.close();
    this.closeReported = true;
    this.callbacks?.onClose({ reason: `Disconnected from ${displayUrl(this.url)}.` });
  }

  // A message before initialize (the 2026 probe): Streamable HTTP, settled on when accepted; when
  // refused, the error is the client's to read and nothing is settled yet.
  private async tryStreamable(
    message: JsonRpcMessage,
    hints: SendHints | undefined,
  ): Promise<void> {
    const streamable = await this.streamableCandidate();
    try {
      await streamable.send(message, hints);
    } catch (err) {
      this.candidate = undefined;
      await streamable.close();
      throw err;
    }
    this.settle(streamable, 'streamable-http');
  }

  private async streamableCandidate(): Promise<StreamableHttpTransport> {
    const streamable = new StreamableHttpTransport(this.options);
    await streamable.start(this.forward(streamable));
    this.candidate = streamable;
    this.applyVersion(streamable);
    return streamable;
  }

  // Sends initialize through Streamable HTTP, else through legacy SSE.
  private async choose(first: JsonRpcMessage): Promise<void> {
    const streamable = await this.streamableCandidate();
    let streamableError: HttpTransportError;
    try {
      await streamable.send(first);
      this.settle(streamable, 'streamable-http');
      return;
    } catch (err) {
      if (
        !(err instanceof HttpTransportError) ||
        err.kind !== 'http-status' ||
        !FALLBACK_STATUSES.has(err.status ?? 0)
      ) {
        await streamable.close();
        throw err;
      }
      streamableError = err;
      await streamable.close();
    }
    const sse = new SseTransport(this.options);
    this.candidate = sse;
    try {
      await sse.start(this.forward(sse));
    } catch (sseErr) {
      const why = sseErr instanceof Error ? sseErr.message : String(sseErr);
      throw new HttpTransportError(
        `${displayUrl(this.url)} speaks neither Streamable HTTP (${streamableError.message}) nor legacy SSE (${why}). Check the URL, or set the transport type.`,
        {
          kind: streamableError.kind,
          url: displayUrl(this.url),
          status: streamableError.status,
          bodyExcerpt: streamableError.bodyExcerpt,
        },
      );
    }
    this.applyVersion(sse);
    this.settle(sse, 'sse');
    await sse.send(first);
  }

  private settle(transport: Transport, kind: HttpTransportKind): void {
    this.active = transport;
    this.kind = kind;
    if (this.closed) void transport.close();
  }

  private applyVersion(transport: Transport): void {
    if (this.protocolVersion !== undefined) transport.setProtocolVersion?.(this.protocolVersion);
  }

  // Messages and errors flow from the transport being tried; a close only from the chosen one
  // (closing a rejected Streamable HTTP attempt is not the end of the connection).
  private forward(transport: Transport): TransportCallbacks {
    return {
      onMessage: (m, _text, _bytes, related) => {
        if (this.candidate === transport)
          this.callbacks?.onMessage(m, undefined, undefined, related);
      },
      onError: (e) => {
        if (this.candidate === transport) this.callbacks?.onError(e);
      },
      onClose: (info) => {
        if (this.active !== transport || this.closeReported) return;
        this.closeReported = true;
        this.callbacks?.onClose(info);
      },
    };
  }
}
