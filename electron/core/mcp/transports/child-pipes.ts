// What the transports to a local server process share: stdout read as newline-delimited JSON-RPC,
// stderr kept as a bounded tail and handed to listeners, stdin written through a StdinWriter, the
// exit watch that lets stdout drain, and the close sequence (end stdin, wait, terminate, wait,
// kill). A transport built on it supplies only what differs: how the process starts, how its
// stdin ends, and how it is terminated and killed (a spawned command's process group, a utility
// process's kill()).
import type { Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { McpTransportError } from '../errors';
import { ERROR_CODE } from '../../../../shared/result';
import type { JsonRpcMessage } from '../jsonrpc-types';
import type { Transport, TransportCallbacks, TransportCloseInfo } from '../transport';
import { describeExit, jsonRpcLineSink, MiB, tooLargeMessage } from './jsonrpc-lines';
import { LineDecoder } from './line-decoder';
import { StderrTail } from './stderr-tail';
import { StdinWriter } from './stdin-writer';

/** How a server process ended: its exit code, or the signal that ended it. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildPipesLimits {
  /** Largest accepted message (default 64 MiB); a longer line fails the connection. */
  maxMessageBytes?: number;
  /** How much of stderr to keep (default 64 KiB). */
  stderrTailBytes?: number;
  /** Wait after ending stdin, and again after terminating, before going on (default 1500 ms). */
  shutdownGraceMs?: number;
}

/** After exit, how long stdout may still deliver answers written just before it. */
const DRAIN_AFTER_EXIT_MS = 50;

export abstract class ChildPipesTransport<
  C extends { readonly pid?: number },
> implements Transport {
  readonly channel = 'stdio' as const;
  protected child: C | undefined;
  protected callbacks: TransportCallbacks | undefined;
  /** Wait after ending stdin, and again after terminating, before the next step. */
  protected readonly graceMs: number;
  private readonly maxMessageBytes: number;
  private readonly stderr: StderrTail;
  private readonly stderrListeners: ((chunk: string) => void)[] = [];
  private readonly decoder: LineDecoder;
  private stdout: NodeJS.ReadableStream | undefined;
  private writer: StdinWriter | undefined;
  private startTime: number | undefined;
  private exitInfo: ChildExit | undefined;
  private failure: string | undefined;
  private closeRequested = false;
  private finished = false;
  private readonly exited: Promise<void>;
  private markExited!: () => void;
  private readonly done: Promise<void>;
  private markDone!: () => void;

  constructor(
    readonly description: string,
    limits: ChildPipesLimits,
  ) {
    this.graceMs = limits.shutdownGraceMs ?? 1500;
    this.maxMessageBytes = limits.maxMessageBytes ?? 64 * MiB;
    this.stderr = new StderrTail(limits.stderrTailBytes ?? 64 * 1024);
    this.decoder = new LineDecoder(
      this.maxMessageBytes,
      jsonRpcLineSink(() => this.callbacks),
      this.onOverflow,
    );
    this.exited = new Promise((r) => (this.markExited = r));
    this.done = new Promise((r) => (this.markDone = r));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }
  /** Date.now() when the process started. */
  get startedAt(): number | undefined {
    return this.startTime;
  }

  /** The last stderr output (bounded), for status lines and the Logs tab. */
  stderrTail(): string {
    return this.stderr.text();
  }

  /** Each stderr chunk as it arrives, decoded (the host's log view splits it into timed lines). */
  onStderr(listener: (chunk: string) => void): void {
    this.stderrListeners.push(listener);
  }

  /** Adds Lena's own lines about this server (a wrapper's notices) to its stderr log. */
  noteStderr(text: string): void {
    this.stderr.push(Buffer.from(text, 'utf8'));
    for (const listener of this.stderrListeners) listener(text);
  }

  abstract start(callbacks: TransportCallbacks): Promise<void>;

  send(message: JsonRpcMessage): Promise<void> {
    return this.sendSerialized(JSON.stringify(message));
  }

  sendSerialized(json: string): Promise<void> {
    if (!this.writer || this.finished || this.closeRequested || this.failure)
      return Promise.reject(this.notWritable());
    return this.writer.write(json);
  }

  /** End stdin → wait → terminate → wait → kill; then whatever the process left behind. */
  async close(): Promise<void> {
    if (!this.child) return;
    if (this.closeRequested) return this.done;
    this.closeRequested = true;
    const grace = this.graceMs;
    if (!this.exitInfo && this.endInBackground(grace)) {
      this.finish();
      return this.done;
    }
    if (!this.exitInfo) {
      this.endStdin();
      if (!(await this.waitExit(grace))) {
        this.terminate();
        if (!(await this.waitExit(grace))) {
          this.kill();
          await this.waitExit(2_000);
        }
      }
    }
    await this.afterExit(grace);
    this.finish();
    await this.done;
  }

  /** Ends the process's stdin: a well-behaved server leaves by itself. */
  protected abstract endStdin(): void;
  /** Asks the process to end (SIGTERM or its equivalent). */
  protected abstract terminate(): void;
  /** Ends the process for good (SIGKILL). */
  protected abstract kill(): void;
  /** A message outgrew the limit and stdout is paused: end the process, then finish(). */
  protected abstract endOnOverflow(): void;

  /** One-shot callers: hands the whole close to something detached; false where nothing can. */
  protected endInBackground(_grace: number): boolean {
    return false;
  }
  /** close()'s last step, the process gone or killed: ends what it may have left running. */
  protected async afterExit(_grace: number): Promise<void> {}
  /** The server ended without close() (it exited, or overflowed): ends what it may have left. */
  protected afterUnrequestedEnd(): void {}

  /** Throws when this transport was started before; else keeps `callbacks` for what follows. */
  protected beginStart(callbacks: TransportCallbacks): void {
    if (this.child)
      throw new McpTransportError(
        `${this.description} was already started; create a new transport to restart`,
      );
    this.callbacks = callbacks;
  }

  /** The process is running: records the time its uptime counts from. */
  protected markStarted(): void {
    this.startTime = Date.now();
  }

  /** The process never ran: the transport is over without a close report. */
  protected startFailed(): void {
    this.finished = true;
    this.markExited();
    this.markDone();
  }

  /** Reads `stream` as the server's messages, one JSON-RPC message per line. */
  protected readStdout(stream: NodeJS.ReadableStream | null): void {
    if (!stream) return;
    this.stdout = stream;
    stream.on('data', (chunk: Buffer) => this.decoder.push(chunk));
  }

  /** Keeps the tail of `stream` and hands each chunk, decoded, to the listeners. */
  protected readStderr(stream: NodeJS.ReadableStream | null): void {
    const text = new StringDecoder('utf8'); // a character split across chunks stays whole
    stream?.on('data', (chunk: Buffer) => {
      this.stderr.push(chunk);
      if (this.stderrListeners.length === 0) return;
      const decoded = text.write(chunk);
      for (const listener of this.stderrListeners) listener(decoded);
    });
  }

  /** Sends the client's messages to `stream` from now on. */
  protected writeStdin(stream: Writable): void {
    this.writer = new StdinWriter(stream, () => this.notWritable());
  }

  protected recordExit(exit: ChildExit): void {
    this.exitInfo = exit;
    this.markExited();
  }

  /**
   * Finishes once `untilDrained` calls back (stdout read to its end), or after a short wait:
   * answers written just before the exit may still be in the pipe.
   */
  protected finishAfterDrain(untilDrained: (drained: () => void) => void): void {
    const timer = setTimeout(() => this.finish(), DRAIN_AFTER_EXIT_MS);
    untilDrained(() => {
      clearTimeout(timer);
      this.finish();
    });
  }

  /** Resolves true once the process has exited, false after `ms` without that. */
  protected waitExit(ms: number): Promise<boolean> {
    if (this.exitInfo) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.exited.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Ends the transport once: pending writes fail and the client hears why it closed. */
  protected finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.decoder.stop();
    this.markDone();
    if (!this.closeRequested) this.afterUnrequestedEnd();
    this.writer?.fail();
    this.stdout?.removeAllListeners('data');
    const exit = this.exitInfo;
    const info: TransportCloseInfo = {
      reason: this.failure ?? (this.closeRequested ? 'closed by Lena' : describeExit(exit)),
      ...(this.failure ? { code: ERROR_CODE.connectionFailed } : {}),
      exitCode: exit?.code ?? null,
      signal: exit?.signal ?? null,
      stderrTail: this.stderr.text(),
    };
    this.callbacks?.onClose(info);
  }

  private readonly onOverflow = (bytes: number): void => {
    this.failure = tooLargeMessage(this.maxMessageBytes, bytes);
    this.stdout?.pause();
    this.endOnOverflow();
  };

  private notWritable(): McpTransportError {
    const exit = this.exitInfo;
    const why =
      this.failure ??
      (this.closeRequested
        ? 'the connection was closed'
        : exit
          ? describeExit(exit)
          : 'the server is not running');
    return new McpTransportError(`cannot write to ${this.description}: ${why}`, {
      exitCode: exit?.code,
      signal: exit?.signal,
      stderrTail: this.stderr.text(),
    });
  }
}
