// The stdio transport: a local server as a child process speaking newline-delimited JSON-RPC.
// It owns spawning (allow-listed env, own process group), framing, the stderr tail and the
// process-group shutdown; the client above it knows nothing of processes.
import type { ChildProcess } from 'node:child_process';
import { existsSync, statSync, type Stats } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { endGroupInBackground, endProcessGroup, signalGroup } from '../../base/process-group';
import { McpTransportError } from '../errors';
import { ERROR_CODE, type ErrorCode } from '../../../../shared/result';
import type { JsonRpcMessage } from '../jsonrpc-types';
import type { Transport, TransportCallbacks, TransportCloseInfo } from '../transport';
import { childEnvironment } from './child-env';
import { describeExit, jsonRpcLineSink, MiB, tooLargeMessage } from './jsonrpc-lines';
import { LineDecoder } from './line-decoder';
import { launchedFromDesktop, loginShellPath } from './login-shell-path';
import { StderrTail } from './stderr-tail';
import { StdinWriter } from './stdin-writer';

export interface StdioOptions {
  command: string;
  args?: string[];
  /** Added to the allow-listed base environment (never the whole process.env). */
  env?: Record<string, string>;
  cwd?: string;
  /** Largest accepted message (default 64 MiB); a longer line fails the connection. */
  maxMessageBytes?: number;
  /** How much of stderr to keep (default 64 KiB). */
  stderrTailBytes?: number;
  /** Wait after closing stdin, and again after SIGTERM, before escalating (default 1500 ms). */
  shutdownGraceMs?: number;
  /**
   * One-shot callers (the command line): close() closes stdin and leaves the grace, SIGTERM and
   * SIGKILL of the group to a detached reaper, returning at once (POSIX; Windows waits as usual).
   */
  endInBackground?: boolean;
  /** Where PATH comes from; default: the login shell when started from a desktop launcher. */
  inheritPath?: 'login-shell' | 'process';
  /** How errors name the server (default `stdio: COMMAND ARGS`); a wrapper names what it wraps. */
  description?: string;
}

/** After exit, how long stdout may still deliver answers written just before it. */
const DRAIN_AFTER_EXIT_MS = 50;

export class StdioTransport implements Transport {
  readonly description: string;
  readonly channel = 'stdio' as const;
  private child: ChildProcess | undefined;
  private callbacks: TransportCallbacks | undefined;
  private readonly stderr: StderrTail;
  private readonly stderrListeners: ((chunk: string) => void)[] = [];
  private readonly decoder: LineDecoder;
  private writer: StdinWriter | undefined;
  private startTime: number | undefined;
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private failure: string | undefined;
  private closeRequested = false;
  private finished = false;
  private readonly exited: Promise<void>;
  private markExited!: () => void;
  private readonly done: Promise<void>;
  private markDone!: () => void;

  constructor(private readonly opts: StdioOptions) {
    this.description =
      opts.description ?? `stdio: ${[opts.command, ...(opts.args ?? [])].join(' ')}`;
    this.stderr = new StderrTail(opts.stderrTailBytes ?? 64 * 1024);
    this.decoder = new LineDecoder(
      opts.maxMessageBytes ?? 64 * MiB,
      jsonRpcLineSink(() => this.callbacks),
      this.onOverflow,
    );
    this.exited = new Promise((r) => (this.markExited = r));
    this.done = new Promise((r) => (this.markDone = r));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }
  /** The process group id: the server leads its own group (POSIX); undefined on Windows. */
  get pgid(): number | undefined {
    return process.platform === 'win32' ? undefined : this.child?.pid;
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

  async start(callbacks: TransportCallbacks): Promise<void> {
    if (this.child)
      throw new McpTransportError(
        `${this.description} was already started; create a new transport to restart`,
      );
    this.callbacks = callbacks;
    const env = childEnvironment(this.opts.env, await this.baseEnv());
    const { default: spawn } = await import('cross-spawn');
    const child = spawn(this.opts.command, this.opts.args ?? [], {
      cwd: this.opts.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    this.child = child;
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
    } catch (e) {
      this.finished = true;
      this.markExited();
      this.markDone();
      const failure = spawnFailure(this.opts, env.PATH ?? env.Path, e as NodeJS.ErrnoException);
      throw new McpTransportError(failure.message, { code: failure.code }, { cause: e });
    }
    this.startTime = Date.now();
    this.writer = new StdinWriter(child.stdin!, () => this.notWritable());
    child.stdout!.on('data', (chunk: Buffer) => this.decoder.push(chunk));
    const stderrText = new StringDecoder('utf8'); // a character split across chunks stays whole
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr.push(chunk);
      if (this.stderrListeners.length === 0) return;
      const text = stderrText.write(chunk);
      for (const listener of this.stderrListeners) listener(text);
    });
    child.on('error', (e) => callbacks.onError(e));
    child.once('exit', (code, signal) => {
      this.exitInfo = { code, signal };
      this.markExited();
      const timer = setTimeout(() => this.finish(), DRAIN_AFTER_EXIT_MS);
      child.once('close', () => {
        clearTimeout(timer);
        this.finish();
      });
    });
  }

  send(message: JsonRpcMessage): Promise<void> {
    return this.sendSerialized(JSON.stringify(message));
  }

  sendSerialized(json: string): Promise<void> {
    if (!this.writer || this.finished || this.closeRequested || this.failure)
      return Promise.reject(this.notWritable());
    return this.writer.write(json);
  }

  /** close stdin → wait → SIGTERM the group → wait → SIGKILL; then whatever is left of the group. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (this.closeRequested) return this.done;
    this.closeRequested = true;
    const grace = this.opts.shutdownGraceMs ?? 1500;
    const pid = child.pid!;
    if (!this.exitInfo && this.opts.endInBackground && this.handOff(child, pid, grace)) {
      this.finish();
      return this.done;
    }
    if (!this.exitInfo) {
      child.stdin?.end();
      if (!(await this.waitExit(grace))) {
        signalGroup(pid, 'SIGTERM');
        if (!(await this.waitExit(grace))) {
          signalGroup(pid, 'SIGKILL');
          await this.waitExit(2_000);
        }
      }
    }
    // The leader is gone, but a wrapper's children may live on in its group.
    await endProcessGroup(pid, { graceMs: grace });
    this.finish();
    await this.done;
  }

  /** Closes stdin and lets a detached reaper end the group; false where there is none. */
  private handOff(child: ChildProcess, pid: number, grace: number): boolean {
    child.stdin?.end();
    if (!endGroupInBackground(pid, grace)) return false;
    // Nothing of the server keeps this process alive any more.
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.unref();
    return true;
  }

  private async baseEnv(): Promise<NodeJS.ProcessEnv> {
    const mode = this.opts.inheritPath ?? (launchedFromDesktop() ? 'login-shell' : 'process');
    if (mode === 'process') return process.env;
    const path = await loginShellPath();
    return path ? { ...process.env, PATH: path } : process.env;
  }

  private waitExit(ms: number): Promise<boolean> {
    if (this.exitInfo) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.exited.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private readonly onOverflow = (bytes: number): void => {
    const limit = this.opts.maxMessageBytes ?? 64 * MiB;
    this.failure = tooLargeMessage(limit, bytes);
    this.child?.stdout?.pause();
    const pid = this.child?.pid;
    if (pid !== undefined) void endProcessGroup(pid, { graceMs: 500 }).then(() => this.finish());
  };

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.decoder.stop();
    this.markDone();
    const child = this.child;
    const exit = this.exitInfo;
    // A crashed server may leave children behind in its group.
    if (!this.closeRequested && child?.pid !== undefined)
      void endProcessGroup(child.pid, { graceMs: 1_000 });
    this.writer?.fail();
    child?.stdout?.removeAllListeners('data');
    const info: TransportCloseInfo = {
      reason: this.failure ?? (this.closeRequested ? 'closed by Lena' : describeExit(exit)),
      ...(this.failure ? { code: ERROR_CODE.connectionFailed } : {}),
      exitCode: exit?.code ?? null,
      signal: exit?.signal ?? null,
      stderrTail: this.stderr.text(),
    };
    this.callbacks?.onClose(info);
  }

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

/** What went wrong with a spawn, in words and as the code the restart policy and hints switch on. */
function spawnFailure(
  opts: StdioOptions,
  path: string | undefined,
  e: NodeJS.ErrnoException,
): { code: ErrorCode; message: string } {
  const cmd = `\`${opts.command}\``;
  if (e.code === 'ENOENT' && opts.cwd && !existsSync(opts.cwd)) {
    return {
      code: ERROR_CODE.badCwd,
      message: `could not start ${cmd}: the working directory ${opts.cwd} does not exist; fix "cwd" in the server's configuration`,
    };
  }
  // A command with a folder in it is not looked up on PATH: say what is wrong with that path.
  const given = /[\\/]/.test(opts.command) ? resolvePath(opts.cwd ?? '.', opts.command) : undefined;
  if (given && statSafe(given)?.isDirectory())
    return { code: ERROR_CODE.badCommand, message: `${cmd} is a directory, not a program` };
  if (given && e.code === 'ENOENT' && !existsSync(given))
    return {
      code: ERROR_CODE.badCommand,
      message: `${cmd} does not exist${given === opts.command ? '' : ` (${given})`}`,
    };
  if (e.code === 'ENOENT') {
    return {
      code: ERROR_CODE.commandNotFound,
      message: `${cmd} was not found on PATH (${path ?? 'PATH is empty'}); set an absolute command path or fix PATH`,
    };
  }
  if (e.code === 'EACCES')
    return {
      code: ERROR_CODE.notExecutable,
      message: `could not start ${cmd}: permission denied; make the file executable or use another command`,
    };
  return { code: ERROR_CODE.spawnFailed, message: `could not start ${cmd}: ${e.message}` };
}

function statSafe(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
