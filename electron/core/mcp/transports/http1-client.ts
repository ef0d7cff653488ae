// A lean HTTP/1.1 client for one origin, with kept-alive connections. Why not node:http or
// undici: on the 2-core build machine their per-request overhead alone (~210 µs and ~180 µs of
// CPU per call, measured in test/bench) exceeds Lena's whole budget of 150 µs per Streamable HTTP
// call; one socket write per request and a small incremental parser cost ~55 µs. No pipelining,
// no automatic retries (a POST may not be replayed), no proxies; TLS through node:tls. A request
// may carry an AbortSignal: aborting it closes that request's connection only.
import net from 'node:net';
import tls from 'node:tls';
import { Http1ResponseParser, type ResponseHead } from './http1-parser';

/** A response whose body is read once, by read() or discard(). */
export interface HttpResponse {
  readonly status: number;
  readonly statusText: string;
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string>>;
  /** Delivers the body; `onEnd` runs once, with an error when the body did not complete. */
  read(onData: (chunk: Buffer) => void, onEnd: (error?: Error) => void): void;
  /** Reads and drops the body, so the connection can be reused. */
  discard(): Promise<void>;
  /** Stops reading and closes the connection. */
  destroy(): void;
}

export interface Http1Options {
  /** Idle connections older than this are closed, not reused (servers often drop them at 5 s). */
  maxIdleMs?: number;
  /** Extra TLS options (a private CA in tests, say). */
  tls?: tls.ConnectionOptions;
}

type Sink = { onData(chunk: Buffer): void; onEnd(error?: Error): void };

class Response implements HttpResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Readonly<Record<string, string>>;
  private sink: Sink | undefined;
  private buffered: Buffer[] = [];
  private ended = false;
  private endError: Error | undefined;

  constructor(
    head: ResponseHead,
    private readonly close: () => void,
  ) {
    this.status = head.status;
    this.statusText = head.statusText;
    this.headers = head.headers;
  }

  read(onData: (chunk: Buffer) => void, onEnd: (error?: Error) => void): void {
    if (this.sink) throw new Error('the response body is already being read');
    this.sink = { onData, onEnd };
    const early = this.buffered;
    this.buffered = [];
    for (const chunk of early) onData(chunk);
    if (this.ended) onEnd(this.endError);
  }

  discard(): Promise<void> {
    return new Promise((done) =>
      this.read(
        () => undefined,
        () => done(),
      ),
    );
  }

  destroy(): void {
    this.end(new Error('the response was abandoned'));
    this.close();
  }

  push(chunk: Buffer): void {
    if (this.ended) return;
    if (this.sink) this.sink.onData(chunk);
    else this.buffered.push(chunk);
  }

  end(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.endError = error;
    this.sink?.onEnd(error);
  }
}

// One socket; carries one request at a time.
class Connection {
  readonly socket: net.Socket;
  idleSince = 0;
  private parser: Http1ResponseParser | undefined;
  private resolve: ((r: HttpResponse) => void) | undefined;
  private reject: ((e: Error) => void) | undefined;
  private response: Response | undefined;
  private dead = false;
  /** Removes the current request's abort listener: a connection back in the pool owes it nothing. */
  private detach: (() => void) | undefined;

  constructor(
    private readonly pool: Http1Client,
    socket: net.Socket,
  ) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (data: Buffer) => this.onData(data));
    socket.on('error', (err) => this.onGone(err));
    socket.on('close', () => this.onGone(new Error('the connection closed')));
  }

  get usable(): boolean {
    return !this.dead && !this.socket.destroyed;
  }

  send(request: string, noBody: boolean, signal?: AbortSignal): Promise<HttpResponse> {
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.response = undefined;
      if (signal) {
        // Aborting frees the socket whatever the phase: waiting for the head, or mid-body.
        const onAbort = (): void => this.fail(abortError());
        signal.addEventListener('abort', onAbort, { once: true });
        this.detach = () => signal.removeEventListener('abort', onAbort);
      }
      this.parser = new Http1ResponseParser(
        {
          onHead: (head) => {
            this.response = new Response(head, () => this.kill());
            const done = this.resolve;
            this.resolve = this.reject = undefined;
            done?.(this.response);
          },
          onData: (chunk) => this.response?.push(chunk),
          onEnd: () => this.finished(),
        },
        noBody,
      );
      this.socket.write(request);
    });
  }

  kill(): void {
    this.unlisten();
    this.dead = true;
    this.socket.destroy();
    this.pool.forget(this);
  }

  private onData(data: Buffer): void {
    const parser = this.parser;
    if (!parser) {
      this.kill(); // bytes nobody asked for
      return;
    }
    try {
      parser.push(data);
    } catch (err) {
      this.fail(err as Error);
    }
  }

  private finished(): void {
    const response = this.response;
    // Checked after the parser consumed the whole chunk: stray bytes make it unreusable.
    queueMicrotask(() => {
      const reusable = this.parser?.reusable() === true;
      this.parser = undefined;
      this.unlisten();
      response?.end();
      if (reusable && this.usable) this.pool.release(this);
      else this.kill();
    });
  }

  private onGone(err: Error): void {
    if (this.dead && !this.parser) return;
    this.dead = true;
    const parser = this.parser;
    if (parser && this.response) {
      try {
        parser.eof();
        return; // a close-delimited body ended normally
      } catch (e) {
        err = e as Error;
      }
    }
    this.fail(err);
  }

  private unlisten(): void {
    const detach = this.detach;
    this.detach = undefined;
    detach?.();
  }

  private fail(err: Error): void {
    this.unlisten();
    this.dead = true;
    this.parser = undefined;
    const reject = this.reject;
    this.resolve = this.reject = undefined;
    reject?.(err);
    this.response?.end(err);
    this.socket.destroy();
    this.pool.forget(this);
  }
}

/** Kept-alive HTTP/1.1 connections to one origin (http: or https:). */
export class Http1Client {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly host: string;
  private readonly port: number;
  private readonly hostHeader: string;
  private readonly maxIdleMs: number;
  private closed = false;

  constructor(
    private readonly origin: URL,
    private readonly options: Http1Options = {},
  ) {
    this.host = origin.hostname.replace(/^\[|\]$/g, '');
    this.port = Number(origin.port) || (origin.protocol === 'https:' ? 443 : 80);
    this.hostHeader = origin.host;
    this.maxIdleMs = options.maxIdleMs ?? 4000;
  }

  /**
   * Sends one request and resolves with the response once its head arrived. `headers` must be
   * checked by the caller (no CR or LF: see assertHeaderSafe); Host and Content-Length are added.
   * `signal` aborts this request alone: its connection is closed (never reused), the others live on.
   */
  request(
    method: string,
    path: string,
    headers: string,
    body?: string,
    signal?: AbortSignal,
  ): Promise<HttpResponse> {
    if (this.closed) return Promise.reject(new Error('the HTTP client is closed'));
    if (signal?.aborted) return Promise.reject(abortError());
    const length =
      body === undefined
        ? method === 'POST'
          ? 'Content-Length: 0\r\n'
          : ''
        : `Content-Length: ${Buffer.byteLength(body)}\r\n`;
    const text = `${method} ${path} HTTP/1.1\r\nHost: ${this.hostHeader}\r\n${headers}${length}\r\n${body ?? ''}`;
    return this.take().send(text, method === 'HEAD', signal);
  }

  /** Closes every connection, idle or busy; their responses end with an error. */
  close(): void {
    this.closed = true;
    for (const c of this.all) c.kill();
    this.all.clear();
    this.idle.length = 0;
  }

  release(c: Connection): void {
    if (this.closed) return c.kill();
    c.idleSince = performance.now();
    this.idle.push(c);
  }

  forget(c: Connection): void {
    this.all.delete(c);
    const i = this.idle.indexOf(c);
    if (i !== -1) this.idle.splice(i, 1);
  }

  private take(): Connection {
    const now = performance.now();
    while (this.idle.length > 0) {
      const c = this.idle.pop() as Connection;
      if (c.usable && now - c.idleSince < this.maxIdleMs) return c;
      c.kill();
      this.forget(c);
    }
    const socket =
      this.origin.protocol === 'https:'
        ? tls.connect({
            host: this.host,
            port: this.port,
            servername: net.isIP(this.host) ? undefined : this.host,
            ALPNProtocols: ['http/1.1'],
            ...this.options.tls,
          })
        : net.connect({ host: this.host, port: this.port });
    const c = new Connection(this, socket);
    this.all.add(c);
    return c;
  }
}

function abortError(): Error {
  const e = new Error('the request was aborted');
  e.name = 'AbortError';
  return e;
}

const UNSAFE = /[\r\n\0]/;

/** Header names and values go into the request text verbatim: refuse anything that could split it. */
export function assertHeaderSafe(name: string, value: string): void {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || UNSAFE.test(value)) {
    throw new Error(
      `The header "${name.replace(/[^\x20-\x7e]/g, '?')}" has a name or value that is not allowed in HTTP (line breaks, say); fix it in the server's configuration.`,
    );
  }
}
