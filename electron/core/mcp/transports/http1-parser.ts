// An incremental HTTP/1.1 response parser (RFC 9112) for http1-client.ts: status line and headers,
// then a body framed by Content-Length, chunked transfer coding, or the end of the connection.
// Bytes arrive in arbitrary pieces; 1xx interim responses are skipped.

export interface ResponseHead {
  status: number;
  statusText: string;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The connection may carry another request once this response ends. */
  keepAlive: boolean;
}

export interface ParserEvents {
  onHead(head: ResponseHead): void;
  onData(chunk: Buffer): void;
  onEnd(): void;
}

const MAX_HEAD_BYTES = 64 * 1024;
const CRLFCRLF = Buffer.from('\r\n\r\n');

type State =
  'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-crlf' | 'trailers' | 'close' | 'done';

/** Thrown by push() on bytes that are not an HTTP/1.x response. */
export class HttpParseError extends Error {
  constructor(message: string) {
    super(`The server's HTTP response is malformed: ${message}.`);
    this.name = 'HttpParseError';
  }
}

export class Http1ResponseParser {
  private state: State = 'head';
  private pending: Buffer | undefined; // unconsumed bytes of a head, a chunk-size line or trailers
  private remaining = 0;
  private keepAlive = false;

  constructor(
    private readonly events: ParserEvents,
    private readonly noBody = false,
  ) {}

  /** True once the response ended; bytes after that mean the connection cannot be reused. */
  get done(): boolean {
    return this.state === 'done';
  }

  push(data: Buffer): void {
    let buf = this.pending ? Buffer.concat([this.pending, data]) : data;
    this.pending = undefined;
    while (buf.length > 0) {
      switch (this.state) {
        case 'head':
          buf = this.head(buf);
          break;
        case 'length': {
          const take = Math.min(this.remaining, buf.length);
          this.remaining -= take;
          const piece = take === buf.length ? buf : buf.subarray(0, take);
          buf = buf.subarray(take);
          this.events.onData(piece);
          if (this.remaining === 0) this.finish();
          break;
        }
        case 'chunk-size':
          buf = this.chunkSize(buf);
          break;
        case 'chunk-data': {
          const take = Math.min(this.remaining, buf.length);
          this.remaining -= take;
          this.events.onData(buf.subarray(0, take));
          buf = buf.subarray(take);
          if (this.remaining === 0) {
            this.state = 'chunk-crlf';
            this.remaining = 2;
          }
          break;
        }
        case 'chunk-crlf': {
          const take = Math.min(this.remaining, buf.length);
          this.remaining -= take;
          buf = buf.subarray(take);
          if (this.remaining === 0) this.state = 'chunk-size';
          break;
        }
        case 'trailers':
          buf = this.trailers(buf);
          break;
        case 'close':
          this.events.onData(buf);
          return;
        case 'done':
          // Bytes after the end of a response (we never pipeline): the connection is not reusable.
          this.keepAlive = false;
          return;
      }
    }
  }

  /** The connection ended: fine for a close-delimited body, an error anywhere else. */
  eof(): void {
    if (this.state === 'close') {
      this.finish();
      return;
    }
    if (this.state !== 'done') throw new Error('the connection closed before the response ended');
  }

  /** Whether the connection may be reused now that the response ended. */
  reusable(): boolean {
    return this.state === 'done' && this.keepAlive && this.pending === undefined;
  }

  private head(buf: Buffer): Buffer {
    const end = buf.indexOf(CRLFCRLF);
    if (end === -1) {
      if (buf.length > MAX_HEAD_BYTES) throw new HttpParseError('the headers exceed 64 KiB');
      this.pending = buf;
      return buf.subarray(buf.length);
    }
    const lines = buf.toString('latin1', 0, end).split('\r\n');
    const m = /^HTTP\/1\.([01]) (\d{3})(?: (.*))?$/.exec(lines[0]);
    if (!m) throw new HttpParseError(`unexpected status line "${lines[0].slice(0, 40)}"`);
    const status = Number(m[2]);
    const headers: Record<string, string> = {};
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      const colon = line.indexOf(':');
      if (colon <= 0) throw new HttpParseError('a header line has no name');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const rest = buf.subarray(end + 4);
    if (status >= 100 && status < 200) return rest; // interim (100 Continue, 103 Early Hints)
    const connection = (headers.connection ?? '').toLowerCase();
    this.keepAlive =
      m[1] === '1' ? !connection.includes('close') : connection.includes('keep-alive');
    this.events.onHead({ status, statusText: m[3] ?? '', headers, keepAlive: this.keepAlive });
    const te = headers['transfer-encoding'];
    const length = headers['content-length'];
    if (this.noBody || status === 204 || status === 304) this.finish();
    else if (te !== undefined && te.toLowerCase().includes('chunked')) this.state = 'chunk-size';
    else if (length !== undefined) {
      if (!/^\d+$/.test(length))
        throw new HttpParseError(`invalid Content-Length "${length.slice(0, 20)}"`);
      this.remaining = Number(length);
      if (this.remaining === 0) this.finish();
      else this.state = 'length';
    } else {
      this.state = 'close';
      this.keepAlive = false;
    }
    return rest;
  }

  private chunkSize(buf: Buffer): Buffer {
    const eol = buf.indexOf('\r\n');
    if (eol === -1) {
      if (buf.length > 1024) throw new HttpParseError('a chunk-size line is too long');
      this.pending = buf;
      return buf.subarray(buf.length);
    }
    const line = buf.toString('latin1', 0, eol);
    const hex = line.split(';', 1)[0].trim();
    if (!/^[0-9a-fA-F]+$/.test(hex))
      throw new HttpParseError(`invalid chunk size "${hex.slice(0, 20)}"`);
    const size = parseInt(hex, 16);
    if (size === 0) this.state = 'trailers';
    else {
      this.state = 'chunk-data';
      this.remaining = size;
    }
    return buf.subarray(eol + 2);
  }

  // After the last chunk: trailer fields (ignored), then an empty line.
  private trailers(buf: Buffer): Buffer {
    let at = 0;
    for (;;) {
      const eol = buf.indexOf('\r\n', at);
      if (eol === -1) {
        if (buf.length - at > MAX_HEAD_BYTES)
          throw new HttpParseError('the trailers exceed 64 KiB');
        this.pending = buf.subarray(at);
        return buf.subarray(buf.length);
      }
      if (eol === at) {
        this.finish();
        return buf.subarray(eol + 2);
      }
      at = eol + 2;
    }
  }

  private finish(): void {
    this.state = 'done';
    this.events.onEnd();
  }
}
