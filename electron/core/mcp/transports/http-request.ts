// One server's HTTP client: a keep-alive Agent (connections reused across calls, no fetch and no
// AbortSignal per call), configured headers bound to that server's origin, and redirects followed
// only within the origin so tokens never reach another host (RELIABILITY.md security case 14).
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { HttpTransportError, displayUrl, networkError } from './http-errors';

const MAX_REDIRECTS = 5;

/** Header names the transport owns; a configured header of the same name is dropped. */
const RESERVED = new Set(['host', 'content-length', 'content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id', 'connection', 'transfer-encoding']);

export class OriginBoundHttp {
  readonly url: URL;
  /** Values that must never appear in an error or log: configured header values, the session id. */
  readonly secrets = new Set<string>();
  private readonly agent: http.Agent;
  private readonly mod: typeof http | typeof https;
  private readonly configHeaders: Record<string, string>;
  private readonly inFlight = new Set<http.ClientRequest>();
  private destroyed = false;

  constructor(url: URL, headers: Record<string, string> | undefined) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new HttpTransportError(`Unsupported URL scheme "${url.protocol}" for ${displayUrl(url)}: use http:// or https://.`, {
        kind: 'protocol',
        url: displayUrl(url),
      });
    }
    this.url = url;
    this.mod = url.protocol === 'https:' ? https : http;
    this.agent = new this.mod.Agent({ keepAlive: true });
    this.configHeaders = {};
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (RESERVED.has(name.toLowerCase())) continue;
      this.configHeaders[name] = value;
      this.secrets.add(value);
    }
    // Query values often carry API keys; credentials in the URL become an Authorization header.
    for (const value of url.searchParams.values()) this.secrets.add(value);
    if (url.password) {
      this.secrets.add(decodeURIComponent(url.password));
      this.secrets.add(basicAuth(url));
    }
  }

  /** The configured headers merged under the transport's own (which win). */
  headers(own: OutgoingHttpHeaders): OutgoingHttpHeaders {
    return { ...this.configHeaders, ...own };
  }

  /**
   * Sends one request and resolves with the response once its status line arrives. Same-origin
   * redirects are followed (307/308 keep method and body; 301/302/303 only for GET); any other
   * redirect is refused, so configured headers never leave the origin.
   */
  async request(method: string, target: URL, headers: OutgoingHttpHeaders, body?: string): Promise<IncomingMessage> {
    let url = target;
    for (let hop = 0; ; hop++) {
      const res = await this.once(method, url, headers, body);
      const status = res.statusCode ?? 0;
      if (status < 300 || status >= 400 || status === 304 || !res.headers.location) return res;
      res.resume();
      const next = new URL(res.headers.location, url);
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
    for (const req of this.inFlight) req.destroy();
    this.inFlight.clear();
    this.agent.destroy();
  }

  private once(method: string, url: URL, headers: OutgoingHttpHeaders, body: string | undefined): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      if (this.destroyed) {
        reject(new HttpTransportError(`The connection to ${displayUrl(this.url)} is closed.`, { kind: 'closed', url: displayUrl(this.url) }));
        return;
      }
      const req = this.mod.request({
        agent: this.agent,
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: this.withBasicAuth(url, headers),
      });
      this.inFlight.add(req);
      req.once('response', (res) => {
        this.inFlight.delete(req);
        resolve(res);
      });
      req.once('error', (err) => {
        this.inFlight.delete(req);
        reject(this.destroyed ? new HttpTransportError(`The connection to ${displayUrl(this.url)} is closed.`, { kind: 'closed', url: displayUrl(this.url) }) : networkError(url, err, this.secrets));
      });
      req.end(body);
    });
  }

  private withBasicAuth(url: URL, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
    if (!url.username || headers.authorization || headers.Authorization) return headers;
    return { ...headers, authorization: basicAuth(url) };
  }
}

function basicAuth(url: URL): string {
  const creds = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return `Basic ${Buffer.from(creds).toString('base64')}`;
}

/** Reads a whole response body as UTF-8, failing once it exceeds `maxBytes`. */
export function readBody(res: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        reject(new RangeError(`the response body exceeded ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    res.once('end', () => resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8')));
    res.once('error', reject);
    res.once('aborted', () => reject(new Error('the connection closed before the response ended')));
  });
}

/** Reads at most `maxBytes` of an error body for an excerpt, then drops the rest. */
export function readExcerpt(res: IncomingMessage, maxBytes = 4096): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => resolve(Buffer.concat(chunks).toString('utf8'));
    res.on('data', (chunk: Buffer) => {
      if (size < maxBytes) chunks.push(chunk.subarray(0, maxBytes - size));
      size += chunk.length;
      if (size >= maxBytes) {
        res.destroy();
        done();
      }
    });
    res.once('end', done);
    res.once('error', done);
    res.once('close', done);
  });
}
