// The last N bytes of a stream (a server's stderr), in one fixed buffer: draining a chatty server
// costs a copy per chunk and constant memory, whatever it writes.

export class ByteRing {
  private readonly buf: Buffer;
  private end = 0;
  private full = false;
  private total = 0;

  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(Math.max(1, capacity));
  }

  /** Bytes ever written, kept or not. */
  get totalBytes(): number {
    return this.total;
  }

  push(chunk: Buffer): void {
    const cap = this.buf.length;
    this.total += chunk.length;
    if (chunk.length >= cap) {
      chunk.copy(this.buf, 0, chunk.length - cap);
      this.end = 0;
      this.full = true;
      return;
    }
    const first = Math.min(chunk.length, cap - this.end);
    chunk.copy(this.buf, this.end, 0, first);
    if (first < chunk.length) {
      chunk.copy(this.buf, 0, first);
      this.full = true;
    }
    const next = this.end + chunk.length;
    if (next >= cap) this.full = true;
    this.end = next % cap;
  }

  /** The kept bytes as text; a character cut at the start of the window is dropped. */
  text(): string {
    const bytes = this.full
      ? Buffer.concat([this.buf.subarray(this.end), this.buf.subarray(0, this.end)])
      : this.buf.subarray(0, this.end);
    const s = bytes.toString('utf8');
    return this.full ? s.replace(/^\uFFFD+/, '') : s;
  }
}
