// Serialised writes to a server's stdin. The first message of a tick is written at once (the
// server starts on it); the rest of that tick's messages go out together in one more write (one
// syscall for 63 pipelined calls instead of 63). While the pipe is full nothing more is written
// until 'drain'; each send resolves once its bytes were handed to the stream.
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

const WRITTEN = Promise.resolve();

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
    if (!this.scheduled && !this.blocked) {
      this.scheduled = true;
      queueMicrotask(this.flush);
      return this.writeNow(json + '\n', undefined);
    }
    this.queue.push(json);
    this.current ??= batch();
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

  private writeNow(data: string, b: Batch | undefined): Promise<void> {
    let ok: boolean;
    try {
      ok = this.stdin.write(data);
    } catch (e) {
      b?.reject(e as Error);
      return Promise.reject(e as Error);
    }
    if (ok) {
      b?.resolve();
      return WRITTEN;
    }
    const waiting = b ?? batch();
    this.blocked = waiting;
    this.stdin.once('drain', () => {
      this.blocked = undefined;
      waiting.resolve();
      this.flush();
    });
    return waiting.promise;
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    const b = this.current;
    if (this.failed || this.blocked || !b || this.queue.length === 0) return;
    const data = this.queue.length === 1 ? this.queue[0] + '\n' : this.queue.join('\n') + '\n';
    this.queue = [];
    this.current = undefined;
    void this.writeNow(data, b);
  };
}
