// The legacy HTTP+SSE transport (protocol 2024-11-05): a GET opens an event stream whose first
// `endpoint` event names the URL to POST messages to; answers come back as `message` events.
import type { JsonRpcMessage } from '../jsonrpc-types';
import type { AuthProvider } from '../auth/types';
import type { Transport, TransportCallbacks } from '../transport';
import {
  HttpTransportError,
  displayUrl,
  statusError,
  type HttpTransportErrorKind,
} from './http-errors';
import { decodeMessages } from './http-messages';
import { OriginBoundHttp, readExcerpt, type HttpResponse } from './http-request';
import type { Http1Options } from './http1-client';
import type { SseEvent } from './sse-parser';
import { pumpSse } from './sse-stream';

export interface SseTransportOptions {
  url: string | URL;
  /** Configured headers (Authorization…): sent only to this URL's origin, never logged. */
  headers?: Record<string, string>;
  /** Adds credentials per request and handles 401/403 (OAuth, core/mcp/auth). */
  auth?: AuthProvider;
  /** Largest SSE event accepted (default 64 MiB). */
  maxMessageBytes?: number;
  /** Connection settings: idle reuse window, extra TLS options (a private CA). */
  http?: Http1Options;
  /** How long to wait for the server's `endpoint` event (default 30 s). */
  endpointTimeoutMs?: number;
}

export class SseTransport implements Transport {
  readonly description: string;
  /** HTTP+SSE (2024-11-05) predates the 2026 wire: the client goes straight to initialize. */
  readonly legacyOnly = true;
  private readonly url: URL;
  private readonly http: OriginBoundHttp;
  private callbacks: TransportCallbacks | undefined;
  private endpoint: URL | undefined;
  private protocolVersion: string | undefined;
  private closed = false;

  constructor(private readonly options: SseTransportOptions) {
    this.url = new URL(options.url);
    this.http = new OriginBoundHttp(this.url, options.headers, options.http, options.auth);
    this.description = `sse: ${displayUrl(this.url)}`;
  }

  /** Opens the event stream and resolves once the server has named its message endpoint. */
  async start(callbacks: TransportCallbacks): Promise<void> {
    if (this.callbacks) throw new Error('SseTransport already started');
    this.callbacks = callbacks;
    let res: HttpResponse;
    try {
      res = await this.http.request(
        'GET',
        this.url,
        this.http.headers({ Accept: 'text/event-stream' }),
      );
      const status = res.status;
      if (status < 200 || status >= 300)
        throw statusError(
          this.url,
          status,
          res.statusText,
          await readExcerpt(res),
          this.http.secrets,
        );
      const type = res.headers['content-type'] ?? '';
      if (!type.includes('text/event-stream')) {
        res.destroy();
        throw this.error(
          'protocol',
          `${displayUrl(this.url)} answered with "${type || 'no content type'}" instead of an event stream; is this a legacy SSE endpoint?`,
        );
      }
    } catch (err) {
      this.shutdown();
      throw err;
    }
    await this.awaitEndpoint(res);
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  async send(message: JsonRpcMessage): Promise<void> {
    return this.sendSerialized(JSON.stringify(message));
  }

  async sendSerialized(json: string): Promise<void> {
    if (this.closed || !this.endpoint)
      throw this.error('closed', `The connection to ${displayUrl(this.url)} is closed.`);
    const headers = this.http.headers({
      'Content-Type': 'application/json',
      ...(this.protocolVersion === undefined
        ? {}
        : { 'MCP-Protocol-Version': this.protocolVersion }),
    });
    const res = await this.http.request('POST', this.endpoint, headers, json);
    const status = res.status;
    if (status < 200 || status >= 300)
      throw statusError(
        this.endpoint,
        status,
        res.statusText,
        await readExcerpt(res),
        this.http.secrets,
      );
    await res.discard();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.shutdown();
    this.callbacks?.onClose({ reason: `Disconnected from ${displayUrl(this.url)}.` });
  }

  private awaitEndpoint(res: HttpResponse): Promise<void> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (err?: Error): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) {
          this.shutdown();
          reject(err);
        } else resolve();
      };
      const timeoutMs = this.options.endpointTimeoutMs ?? 30_000;
      const timer = setTimeout(
        () =>
          settle(
            this.error(
              'protocol',
              `${displayUrl(this.url)} sent no "endpoint" event within ${timeoutMs} ms; is this a legacy SSE endpoint?`,
            ),
          ),
        timeoutMs,
      );
      const onEvent = (event: SseEvent): void => {
        if (event.event === 'endpoint') {
          if (!this.endpoint) settle(this.acceptEndpoint(event.data));
        } else if (event.event === 'message' && event.data !== '') {
          this.deliver(event.data);
        }
      };
      void pumpSse(res, {
        onEvent,
        maxEventBytes: this.options.maxMessageBytes ?? 64 * 1024 * 1024,
      }).then((end) => {
        const detail = end.error ? ` (${end.error.message})` : '';
        const reason = `${displayUrl(this.url)} closed its event stream${detail}; the legacy SSE transport cannot resume, reconnect the server.`;
        if (!settled) settle(this.error('network', reason));
        else if (!this.closed) {
          this.shutdown();
          this.callbacks?.onClose({ reason });
        }
      });
    });
  }

  // The endpoint is relative to the SSE URL, and must stay on its origin: the POSTs carry the
  // configured headers.
  private acceptEndpoint(data: string): Error | undefined {
    let endpoint: URL;
    try {
      endpoint = new URL(data.trim(), this.url);
    } catch {
      return this.error('protocol', `${displayUrl(this.url)} named an invalid message endpoint.`);
    }
    if (endpoint.origin !== this.url.origin) {
      return this.error(
        'protocol',
        `${displayUrl(this.url)} named a message endpoint on another origin (${endpoint.origin}); Lena refuses it so that this server's credentials stay with ${this.url.origin}.`,
      );
    }
    for (const value of endpoint.searchParams.values()) this.http.secrets.add(value);
    this.endpoint = endpoint;
    return undefined;
  }

  private deliver(data: string): void {
    if (this.closed) return;
    try {
      const { messages, rejected } = decodeMessages(data);
      if (rejected > 0)
        this.callbacks?.onError(
          this.error(
            'protocol',
            `Ignored ${rejected} message(s) from ${displayUrl(this.url)} that are not JSON-RPC.`,
          ),
        );
      if (messages.length === 1) this.callbacks?.onMessage(messages[0], data, data.length);
      else for (const m of messages) this.callbacks?.onMessage(m);
    } catch {
      this.callbacks?.onError(
        this.error(
          'protocol',
          `${displayUrl(this.url)} sent an event that is not valid JSON (${data.length} bytes); it was skipped.`,
        ),
      );
    }
  }

  private shutdown(): void {
    this.closed = true;
    this.http.destroy();
  }

  private error(kind: HttpTransportErrorKind, message: string): HttpTransportError {
    return new HttpTransportError(message, { kind, url: displayUrl(this.url) });
  }
}
