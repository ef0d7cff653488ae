// One server's HTTP client: kept-alive connections (http1-client.ts: no fetch; an optional
// AbortSignal per request), configured headers bound to that server's origin, and redirects followed only within
// the origin so tokens never reach another host (RELIABILITY.md security case 14). An auth
// provider (core/mcp/auth) adds each request's credentials and sees each response: after a 401 or
// 403 it may sign in, refresh or step up, and the request is sent again.
import type { AuthProvider } from '../auth/types';
import { HttpTransportError, displayUrl, networkError } from './http-errors';
import {
  Http1Client,
  assertHeaderSafe,
  type Http1Options,
  type HttpResponse,
} from './http1-client';

export type { HttpResponse } from './http1-client';

const MAX_REDIRECTS = 5;
/** Sends of one request after the provider renewed credentials (a sign-in, then a step-up). */
const MAX_AUTH_RETRIES = 2;

/** Header names the transport owns; a configured header of the same name is dropped. */
const RESERVED = new Set([
  'host',
  'content-length',
  'content-type',
  'accept',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
  'connection',
  'transfer-encoding',
]);

export class OriginBoundHttp {
  readonly url: URL;
  /** Values that must never appear in an error or log: configured header values, the session id. */
  readonly secrets = new Set<string>();
  private readonly client: Http1Client;
  // The configured headers as request text, validated once: they go with every request.
  private readonly configText: string;
  private destroyed = false;

  constructor(
    url: URL,
    headers: Record<string, string> | undefined,
    options?: Http1Options,
    private readonly auth?: AuthProvider,
  ) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new HttpTransportError(
        `Unsupported URL scheme "${url.protocol}" for ${displayUrl(url)}: use http:// or https://.`,
        {
          kind: 'protocol',
          url: displayUrl(url),
        },
      );
    }
    this.url = url;
    this.client = new Http1Client(url, options);
    let text = '';
    let hasAuth = false;
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (RESERVED.has(name.toLowerCase())) continue;
      assertHeaderSafe(name, value);
      text += `${name}: ${value}\r\n`;
      this.secrets.add(value);
      if (name.toLowerCase() === 'authorization') hasAuth = true;
    }
    // Query values often carry API keys; credentials in the URL become an Authorization header.
    for (const value of url.searchParams.values()) this.secrets.add(value);
    if (url.username && !hasAuth) {
      const creds = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      const auth = `Basic ${Buffer.from(creds).toString('base64')}`;
      text += `Authorization: ${auth}\r\n`;
      this.secrets.add(auth);
    }
    if (url.password) this.secrets.add(decodeURIComponent(url.password));
    this.configText = text;
  }

  /** Request header text: the configured headers, then the transport's own (values checked). */
  headers(own: Record<string, string>): string {
    return this.configText + headerText(own);
  }

  /**
   * Sends one request (headers from `headers()`) and resolves once the response head arrives.
   * Same-origin redirects are followed (307/308 keep method and body; 301/302/303 only for GET);
   * any other redirect is refused, so configured headers never leave the origin. `signal` aborts
   * this request at the HTTP level (its socket is closed), whichever hop or retry it is on.
   */
  async request(
    method: string,
    target: URL,
    headers: string,
    body?: string,
    signal?: AbortSignal,
  ): Promise<HttpResponse> {
    const auth = this.auth;
    if (!auth) return this.follow(method, target, headers, body, signal);
    for (let attempt = 0; ; attempt++) {
      const own = await auth.headers(method, target);
      let text = headers;
      for (const name in own) {
        assertHeaderSafe(name, own[name]);
        text += `${name}: ${own[name]}\r\n`;
        this.secrets.add(own[name]);
      }
      const res = await this.follow(method, target, text, body, signal);
      if (attempt >= MAX_AUTH_RETRIES) return res;
      let verdict;
      try {
        verdict = await auth.observe(res, { method, url: target });
      } catch (err) {
        void res.discard();
        throw err;
      }
      if (verdict !== 'retry') return res;
      void res.discard();
    }
  }

  private async follow(
    method: string,
    target: URL,
    headers: string,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<HttpResponse> {
    let url = target;
    for (let hop = 0; ; hop++) {
      const res = await this.once(method, url, headers, body, signal);
      const status = res.status;
      const location = res.headers.location;
      if (status < 300 || status >= 400 || status === 304 || !location) return res;
      void res.discard();
      const next = new URL(location, url);
      const keepsMethod = status === 307 || status === 308 || method === 'GET';
      if (next.origin !== this.url.origin || !keepsMethod || hop >= MAX_REDIRECTS) {
        const why =
          next.origin !== this.url.origin
            ? `it redirects to another origin (${next.origin}); Lena does not follow cross-origin redirects so that this server's credentials stay with ${this.url.origin}. Use the final URL in the configuration if you trust it`
            : hop >= MAX_REDIRECTS
              ? 'it redirected too many times'
              : `an HTTP ${status} redirect would turn the ${method} into a GET; use the final URL in the configuration`;
        throw new HttpTransportError(`HTTP ${status} from ${displayUrl(url)}: ${why}.`, {
          kind: 'redirect',
          url: displayUrl(url),
          status,
        });
      }
      url = next;
    }
  }

  /** Aborts every request in flight and closes pooled connections. */
  destroy(): void {
    this.destroyed = true;
    this.client.close();
  }

  private async once(
    method: string,
    url: URL,
    headers: string,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<HttpResponse> {
    if (this.destroyed) throw this.closedError();
    try {
      return await this.client.request(method, url.pathname + url.search, headers, body, signal);
    } catch (err) {
      throw this.destroyed ? this.closedError() : networkError(url, err, this.secrets);
    }
  }

  private closedError(): HttpTransportError {
    return new HttpTransportError(`The connection to ${displayUrl(this.url)} is closed.`, {
      kind: 'closed',
      url: displayUrl(this.url),
    });
  }
}

/** Reads a whole response body as UTF-8, failing once it exceeds `maxBytes`. */
/** Header lines for `own` alone (values checked): per-request headers appended to cached ones. */
export function headerText(own: Record<string, string>): string {
  let text = '';
  for (const name in own) {
    const value = own[name];
    assertHeaderSafe(name, value);
    text += `${name}: ${value}\r\n`;
  }
  return text;
}

export function readBody(res: HttpResponse, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.read(
      (chunk) => {
        size += chunk.length;
        if (size > maxBytes) {
          reject(new RangeError(`the response body exceeded ${maxBytes} bytes`));
          res.destroy();
          return;
        }
        chunks.push(chunk);
      },
      (error) => {
        if (error) reject(error);
        else
          resolve(
            chunks.length === 1
              ? chunks[0].toString('utf8')
              : Buffer.concat(chunks).toString('utf8'),
          );
      },
    );
  });
}

/** Reads at most `maxBytes` of an error body for an excerpt, then drops the connection. */
export function readExcerpt(res: HttpResponse, maxBytes = 4096): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = (): void => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    res.read(
      (chunk) => {
        if (settled) return;
        chunks.push(chunk.subarray(0, maxBytes - size));
        size += chunk.length;
        if (size >= maxBytes) {
          done();
          res.destroy();
        }
      },
      () => done(),
    );
  });
}
