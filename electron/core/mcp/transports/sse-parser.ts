// A streaming Server-Sent Events parser (WHATWG "event stream interpretation"), shared by the
// Streamable HTTP and legacy SSE transports. Bytes arrive in arbitrary chunks: a UTF-8 character,
// a CRLF pair or a line may be split anywhere, so state survives between chunks.

/** One dispatched event. `id` is the stream's last event id at dispatch time (it persists). */
export interface SseEvent {
  event: string;
  data: string;
  id: string | undefined;
}

export interface SseParserOptions {
  onEvent(event: SseEvent): void;
  /** The server's `retry:` field, in milliseconds. */
  onRetry?(ms: number): void;
  /** Upper bound for one line or one event's data; beyond it `push` throws. */
  maxEventBytes?: number;
}

const DEFAULT_MAX_EVENT_BYTES = 64 * 1024 * 1024;

/** Thrown by `SseParser.push` when a line or an event outgrows `maxEventBytes`. */
export class SseEventTooLargeError extends Error {
  constructor(limit: number) {
    super(
      `An SSE event from the server exceeded ${limit} bytes; the stream was dropped to keep memory bounded.`,
    );
    this.name = 'SseEventTooLargeError';
  }
}

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly onEvent: (event: SseEvent) => void;
  private readonly onRetry: ((ms: number) => void) | undefined;
  private readonly maxBytes: number;
  // Unterminated tail of the last chunk (no line ending seen yet).
  private pending = '';
  // The previous chunk ended in CR: a LF opening the next chunk belongs to the same line ending.
  private skipLeadingLf = false;
  private sawFirstChunk = false;
  private data: string[] = [];
  private dataLength = 0;
  private eventType = '';
  private lastEventId: string | undefined;

  constructor(options: SseParserOptions) {
    this.onEvent = options.onEvent;
    this.onRetry = options.onRetry;
    this.maxBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
  }

  /** The id of the last event seen (what a reconnect sends as `Last-Event-ID`). */
  get lastId(): string | undefined {
    return this.lastEventId;
  }

  push(chunk: Uint8Array | string): void {
    let text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (!this.sawFirstChunk && text.length > 0) {
      this.sawFirstChunk = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.skipLeadingLf && text.length > 0) {
      this.skipLeadingLf = false;
      if (text.charCodeAt(0) === 10) text = text.slice(1);
    }
    this.scan(text);
  }

  /** The stream ended: an event without its terminating blank line is discarded (per the spec). */
  end(): void {
    const tail = this.decoder.decode();
    if (tail) this.scan(tail);
    this.pending = '';
    this.resetEvent();
  }

  private scan(text: string): void {
    let start = 0;
    const len = text.length;
    while (start < len) {
      const lf = text.indexOf('\n', start);
      const cr = text.indexOf('\r', start);
      let end: number;
      if (lf === -1 && cr === -1) {
        this.pending += text.slice(start);
        if (this.pending.length > this.maxBytes) throw new SseEventTooLargeError(this.maxBytes);
        return;
      }
      if (cr === -1 || (lf !== -1 && lf < cr)) end = lf;
      else end = cr;
      const piece = text.slice(start, end);
      const line = this.pending.length > 0 ? this.pending + piece : piece;
      this.pending = '';
      start = end + 1;
      if (end === cr) {
        if (start < len) {
          if (text.charCodeAt(start) === 10) start++;
        } else {
          this.skipLeadingLf = true;
        }
      }
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line.length === 0) {
      this.dispatch();
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ":" comment, used as keep-alive
    const colon = line.indexOf(':');
    let field: string;
    let value: string;
    if (colon === -1) {
      field = line;
      value = '';
    } else {
      field = line.slice(0, colon);
      value = line.charCodeAt(colon + 1) === 32 ? line.slice(colon + 2) : line.slice(colon + 1);
    }
    switch (field) {
      case 'data':
        this.data.push(value);
        this.dataLength += value.length + 1;
        if (this.dataLength > this.maxBytes) throw new SseEventTooLargeError(this.maxBytes);
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.onRetry?.(Number(value));
        break;
      default:
        break; // unknown fields are ignored
    }
  }

  private dispatch(): void {
    if (this.data.length === 0) {
      this.eventType = '';
      return;
    }
    const data = this.data.length === 1 ? this.data[0] : this.data.join('\n');
    const event: SseEvent = { event: this.eventType || 'message', data, id: this.lastEventId };
    this.resetEvent();
    this.onEvent(event);
  }

  private resetEvent(): void {
    this.data = [];
    this.dataLength = 0;
    this.eventType = '';
  }
}
