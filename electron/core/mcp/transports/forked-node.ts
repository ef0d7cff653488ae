// A `node` MCP bundle run by the Node inside Lena instead of a `node` found on PATH. In the app
// that is one of Electron's utility processes (the way Electron runs Node code out of the main
// process; the RunAsNode fuse stays off). Its stdout and stderr are pipes, but it cannot be given a
// stdin: the writes go as messages to a small shim (electron/main/node-bundle-shim.cjs), which
// turns them back into process.stdin for the bundle. Electron stays out of core: the app passes
// the fork function in (electron/main/utility-node.ts); tests pass child_process.fork.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { McpTransportError } from '../errors';
import { ERROR_CODE, type ErrorCode } from '../../../../shared/result';
import type { JsonRpcMessage } from '../jsonrpc-types';
import type { Transport, TransportCallbacks, TransportCloseInfo } from '../transport';
import { childEnvironment } from './child-env';
import { describeExit, jsonRpcLineSink, MiB, tooLargeMessage } from './jsonrpc-lines';
import { LineDecoder } from './line-decoder';
import { loginShellPath } from './login-shell-path';
import { StderrTail } from './stderr-tail';
import { StdinWriter } from './stdin-writer';

/** What the transport sends the shim: stdin's text, then its end. */
export type NodeShimMessage = { lena: 'stdin'; chunk: string } | { lena: 'stdin-end' };

/** The part of Electron's UtilityProcess the transport uses. */
export interface ForkedNode {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  postMessage(message: NodeShimMessage): void;
  /** Ends the process (SIGTERM on POSIX). */
  kill(): boolean;
  once(event: 'spawn', listener: () => void): unknown;
  once(event: 'exit', listener: (code: number) => void): unknown;
}

export interface ForkNodeOptions {
  execArgv: string[];
  cwd?: string;
  env: Record<string, string>;
  /** The process's name in the system's task list. */
  serviceName: string;
}

/** Starts `modulePath` with `args` in a Node process whose stdout and stderr are pipes. */
export type ForkNode = (modulePath: string, args: string[], options: ForkNodeOptions) => ForkedNode;

/** `node [FLAGS…] SCRIPT [ARGS…]` as its parts; undefined when no script is named. */
export function nodeScriptOf(
  args: readonly string[],
): { execArgv: string[]; script: string; args: string[] } | undefined {
  const at = args.findIndex((a) => !a.startsWith('-'));
  if (at < 0) return undefined;
  return { execArgv: args.slice(0, at), script: args[at], args: args.slice(at + 1) };
}

export interface ForkedNodeOptions {
  fork: ForkNode;
  /** The shim the process starts with (it then loads `script`). */
  shim: string;
  script: string;
  args?: string[];
  execArgv?: string[];
  /** Added to the allow-listed base environment, as for any stdio server. */
  env?: Record<string, string>;
  cwd?: string;
  maxMessageBytes?: number;
  stderrTailBytes?: number;
  /** Wait after ending stdin, and again after kill(), before the next step (default 1500 ms). */
  shutdownGraceMs?: number;
  inheritPath?: 'login-shell' | 'process';
  /** The process's name in the task list (default "MCP server (node bundle)"). */
  serviceName?: string;
}

/** After exit, how long stdout may still deliver answers written just before it. */
const DRAIN_AFTER_EXIT_MS = 50;

export class ForkedNodeTransport implements Transport {
  readonly description: string;
  readonly channel = 'stdio' as const;
  private child: ForkedNode | undefined;
  private callbacks: TransportCallbacks | undefined;
  private readonly stderr: StderrTail;
  private readonly stderrListeners: ((chunk: string) => void)[] = [];
  private readonly decoder: LineDecoder;
  private writer: StdinWriter | undefined;
  private startTime: number | undefined;
  private exitCode: number | undefined;
  private failure: string | undefined;
  private closeRequested = false;
  private finished = false;
  private stdoutEnded = false;
  private readonly exited: Promise<void>;
  private markExited!: () => void;
  private readonly done: Promise<void>;
  private markDone!: () => void;

  constructor(private readonly opts: ForkedNodeOptions) {
    this.description = `node (Lena's own): ${[opts.script, ...(opts.args ?? [])].join(' ')}`;
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
  /**
   * None: a utility process stays in Electron's own process group, so the manager must not record
   * (and a later start must not end) "its" group. Chromium ends its utility processes with the app.
   */
  get pgid(): undefined {
    return undefined;
  }
  get startedAt(): number | undefined {
    return this.startTime;
  }

  stderrTail(): string {
    return this.stderr.text();
  }

  onStderr(listener: (chunk: string) => void): void {
    this.stderrListeners.push(listener);
  }

  // Long: one start, from the checks a spawn would have made to the pipes and the exit watch.
  async start(callbacks: TransportCallbacks): Promise<void> {
    if (this.child)
      throw new McpTransportError(
        `${this.description} was already started; create a new transport to restart`,
      );
    this.callbacks = callbacks;
    const { cwd } = this.opts;
    const script = isAbsolute(this.opts.script)
      ? this.opts.script
      : resolve(cwd ?? '.', this.opts.script);
    // The checks a spawn makes by itself: a utility process would only exit with code 1.
    if (cwd && !existsSync(cwd))
      this.refuse(
        ERROR_CODE.badCwd,
        `the working directory ${cwd} does not exist; install the bundle again`,
      );
    if (!existsSync(script))
      this.refuse(
        ERROR_CODE.badCommand,
        `the bundle's entry ${script} does not exist; install the bundle again`,
      );
    const env = childEnvironment(this.opts.env, await this.baseEnv());
    let child: ForkedNode;
    try {
      child = this.opts.fork(this.opts.shim, [script, ...(this.opts.args ?? [])], {
        execArgv: this.opts.execArgv ?? [],
        cwd,
        env,
        serviceName: this.opts.serviceName ?? 'MCP server (node bundle)',
      });
    } catch (e) {
      this.refuse(
        ERROR_CODE.spawnFailed,
        `could not start Lena's Node: ${(e as Error).message}`,
        e,
      );
    }
    this.child = child;
    const stdout = child.stdout;
    stdout?.on('data', (chunk: Buffer) => this.decoder.push(chunk));
    stdout?.once('end', () => (this.stdoutEnded = true));
    const stderrText = new StringDecoder('utf8'); // a character split across chunks stays whole
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr.push(chunk);
      if (this.stderrListeners.length === 0) return;
      const text = stderrText.write(chunk);
      for (const listener of this.stderrListeners) listener(text);
    });
    const spawned = await new Promise<boolean>((resolveSpawn) => {
      child.once('spawn', () => {
        this.startTime = Date.now();
        resolveSpawn(true);
      });
      child.once('exit', (code) => {
        this.exitCode = code;
        this.markExited();
        resolveSpawn(false);
        if (this.startTime === undefined) return;
        // Answers written just before the exit may still be in the pipe.
        if (this.stdoutEnded || !stdout) return this.finish();
        const timer = setTimeout(() => this.finish(), DRAIN_AFTER_EXIT_MS);
        stdout.once('end', () => {
          clearTimeout(timer);
          this.finish();
        });
      });
    });
    if (!spawned) {
      this.finished = true;
      this.markDone();
      this.refuse(
        ERROR_CODE.spawnFailed,
        `could not start Lena's Node for ${script}: ${describeExit({ code: this.exitCode ?? null, signal: null })}`,
      );
    }
    const post = (message: NodeShimMessage) => child.postMessage(message);
    const stdin = new Writable({
      decodeStrings: false,
      write(chunk: string, _encoding, done) {
        try {
          post({ lena: 'stdin', chunk });
          done();
        } catch (e) {
          done(e as Error);
        }
      },
    });
    this.writer = new StdinWriter(stdin, () => this.notWritable());
  }

  send(message: JsonRpcMessage): Promise<void> {
    return this.sendSerialized(JSON.stringify(message));
  }

  sendSerialized(json: string): Promise<void> {
    if (!this.writer || this.finished || this.closeRequested || this.failure)
      return Promise.reject(this.notWritable());
    return this.writer.write(json);
  }

  /** End stdin → wait → kill() → wait → SIGKILL: the same steps a spawned server gets. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (this.closeRequested) return this.done;
    this.closeRequested = true;
    const grace = this.opts.shutdownGraceMs ?? 1500;
    if (this.exitCode === undefined) {
      try {
        child.postMessage({ lena: 'stdin-end' });
      } catch {
        // The channel is gone with the process: its exit follows.
      }
      if (!(await this.waitExit(grace))) {
        child.kill();
        if (!(await this.waitExit(grace))) {
          if (child.pid !== undefined) killHard(child.pid);
          await this.waitExit(2_000);
        }
      }
    }
    this.finish();
    await this.done;
  }

  private refuse(code: ErrorCode, why: string, cause?: unknown): never {
    throw new McpTransportError(why, { code }, cause === undefined ? undefined : { cause });
  }

  private async baseEnv(): Promise<NodeJS.ProcessEnv> {
    if (this.opts.inheritPath !== 'login-shell') return process.env;
    const path = await loginShellPath();
    return path ? { ...process.env, PATH: path } : process.env;
  }

  private waitExit(ms: number): Promise<boolean> {
    if (this.exitCode !== undefined) return Promise.resolve(true);
    return new Promise((resolveWait) => {
      const timer = setTimeout(() => resolveWait(false), ms);
      void this.exited.then(() => {
        clearTimeout(timer);
        resolveWait(true);
      });
    });
  }

  private readonly onOverflow = (bytes: number): void => {
    this.failure = tooLargeMessage(this.opts.maxMessageBytes ?? 64 * MiB, bytes);
    this.child?.stdout?.pause();
    this.child?.kill();
    void this.waitExit(1_000).then(() => this.finish());
  };

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.decoder.stop();
    this.markDone();
    this.writer?.fail();
    this.child?.stdout?.removeAllListeners('data');
    const exit = this.exitCode === undefined ? undefined : { code: this.exitCode, signal: null };
    const info: TransportCloseInfo = {
      reason: this.failure ?? (this.closeRequested ? 'closed by Lena' : describeExit(exit)),
      ...(this.failure ? { code: ERROR_CODE.connectionFailed } : {}),
      exitCode: exit?.code ?? null,
      signal: null,
      stderrTail: this.stderr.text(),
    };
    this.callbacks?.onClose(info);
  }

  private notWritable(): McpTransportError {
    const exit = this.exitCode === undefined ? undefined : { code: this.exitCode, signal: null };
    const why =
      this.failure ??
      (this.closeRequested
        ? 'the connection was closed'
        : exit
          ? describeExit(exit)
          : 'the server is not running');
    return new McpTransportError(`cannot write to ${this.description}: ${why}`, {
      exitCode: exit?.code,
      stderrTail: this.stderr.text(),
    });
  }
}

function killHard(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
