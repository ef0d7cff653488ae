// Serialised writes to a server's stdin. Messages sent in the same tick go out in one write (one
// syscall for 64 pipelined calls instead of 64); while the pipe is full nothing more is written
// until 'drain', and each send resolves once its bytes were handed over.
import type { Writable } from 'node:stream';

interface Batch {
  promise: Promise<void>;
  resolve: () => void;
  reject: (e: Error) => void;
}

function batch(): Batch {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A batch nobody awaits must not turn into an unhandled rejection when the process dies.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

export class StdinWriter {
  private queue: string[] = [];
  private current: Batch | undefined;
  private blocked: Batch | undefined;
  private scheduled = false;
  private failed = false;

  constructor(
    private readonly stdin: Writable,
    private readonly error: () => Error,
  ) {
    // EPIPE and friends: the process is going away; its exit is reported through 'exit'.
    stdin.on('error', () => undefined);
  }

  write(json: string): Promise<void> {
    if (this.failed) return Promise.reject(this.error());
    this.queue.push(json);
    this.current ??= batch();
    if (!this.scheduled && !this.blocked) {
      this.scheduled = true;
      queueMicrotask(this.flush);
    }
    return this.current.promise;
  }

  /** Rejects whatever is still queued or waiting for drain. */
  fail(): void {
    if (this.failed) return;
    this.failed = true;
    const e = this.error();
    this.current?.reject(e);
    this.blocked?.reject(e);
    this.current = this.blocked = undefined;
    this.queue = [];
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    const b = this.current;
    if (this.failed || this.blocked || !b || this.queue.length === 0) return;
    const data = this.queue.length === 1 ? this.queue[0] + '\n' : this.queue.join('\n') + '\n';
    this.queue = [];
    this.current = undefined;
    let ok: boolean;
    try {
      ok = this.stdin.write(data);
    } catch (e) {
      b.reject(e as Error);
      return;
    }
    if (ok) {
      b.resolve();
      return;
    }
    this.blocked = b;
    this.stdin.once('drain', () => {
      this.blocked = undefined;
      b.resolve();
      this.flush();
    });
  };
}
