// Newline-delimited framing over a byte stream. Lines are cut on the byte 0x0A, which never occurs
// inside a multi-byte UTF-8 character, and decoded whole: a character split across chunks arrives
// intact. A partial line is kept as a list of chunks and joined once when its newline arrives, so
// a 10 MiB message costs linear time; past maxBytes the decoder gives up and holds nothing.

/** Receives one line as bytes [start, end) of `buf` (without the newline). */
export type LineSink = (buf: Buffer, start: number, end: number) => void;

export class LineDecoder {
  private parts: Buffer[] = [];
  private held = 0;
  private stopped = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onLine: LineSink,
    /** Called once when a line grows past maxBytes; the decoder then ignores all further input. */
    private readonly onOverflow: (bytes: number) => void,
  ) {}

  /** Bytes held for an incomplete line. */
  get bufferedBytes(): number {
    return this.held;
  }

  push(chunk: Buffer): void {
    if (this.stopped) return;
    let start = 0;
    let nl = chunk.indexOf(10);
    while (nl !== -1) {
      if (this.held > 0) {
        const total = this.held + nl;
        if (total > this.maxBytes) return this.overflow(total);
        this.parts.push(chunk.subarray(0, nl));
        const line = Buffer.concat(this.parts, total);
        this.parts = [];
        this.held = 0;
        this.onLine(line, 0, total);
      } else {
        if (nl - start > this.maxBytes) return this.overflow(nl - start);
        this.onLine(chunk, start, nl);
      }
      if (this.stopped) return;
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    if (start < chunk.length) {
      this.held += chunk.length - start;
      if (this.held > this.maxBytes) return this.overflow(this.held);
      this.parts.push(start === 0 ? chunk : chunk.subarray(start));
    }
  }

  /** Drops anything held and ignores further input. */
  stop(): void {
    this.stopped = true;
    this.parts = [];
    this.held = 0;
  }

  private overflow(bytes: number): void {
    this.stop();
    this.onOverflow(bytes);
  }
}
