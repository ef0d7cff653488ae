// A server's stderr as shown under a failure: the last bytes (ByteRing) plus the first line that
// names an error. A server that logs "Error: cannot find module x" and then pages of stack
// traces or retries would otherwise show only the noise after the cause.
import { isErrorLine } from '../../../../shared/stderr-lines';
import { ByteRing } from './ring-buffer';
const MAX_LINE = 500;

export class StderrTail {
  private readonly ring: ByteRing;
  /** The first error line and the byte count at which it ended. */
  private first: { line: string; endsAt: number } | undefined;
  private partial = '';
  private seen = 0;

  constructor(capacity: number) {
    this.ring = new ByteRing(capacity);
  }

  push(chunk: Buffer): void {
    this.ring.push(chunk);
    this.seen += chunk.length;
    if (this.first) return;
    const lines = (this.partial + chunk.toString('utf8')).split('\n');
    this.partial = (lines.pop() ?? '').slice(-MAX_LINE);
    const found = lines.find(isErrorLine);
    if (found) this.first = { line: found.trimEnd().slice(0, MAX_LINE), endsAt: this.seen };
  }

  /** The tail; when the first error line has scrolled out of it, that line first, then a gap marker. */
  text(): string {
    const tail = this.ring.text();
    const first = this.first;
    if (!first || this.ring.totalBytes - first.endsAt < tail.length) return tail;
    return `${first.line}\n[… ${this.ring.totalBytes - first.endsAt - tail.length} bytes of stderr not kept …]\n${tail}`;
  }
}
