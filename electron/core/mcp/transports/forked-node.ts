// A `node` MCP bundle run by the Node inside Lena instead of a `node` found on PATH. In the app
// that is one of Electron's utility processes (the way Electron runs Node code out of the main
// process; the RunAsNode fuse stays off). Its stdout and stderr are pipes, but it cannot be given a
// stdin: the writes go as messages to a small shim (electron/main/node-bundle-shim.cjs), which
// turns them back into process.stdin for the bundle. Electron stays out of core: the app passes
// the fork function in (electron/main/utility-node.ts); tests pass child_process.fork.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { McpTransportError } from '../errors';
import { ERROR_CODE, type ErrorCode } from '../../../../shared/result';
import type { TransportCallbacks } from '../transport';
import { childEnvironment } from './child-env';
import { ChildPipesTransport, type ChildExit } from './child-pipes';
import { describeExit } from './jsonrpc-lines';
import { baseEnvironment } from './login-shell-path';

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

/**
 * The pipes, exit drain and close steps are a spawned server's (child-pipes.ts); stdin goes through
 * the shim, and the process is ended with kill(), never through a process group.
 */
export class ForkedNodeTransport extends ChildPipesTransport<ForkedNode> {
  constructor(private readonly opts: ForkedNodeOptions) {
    super(`node (Lena's own): ${[opts.script, ...(opts.args ?? [])].join(' ')}`, opts);
  }

  /**
   * None: a utility process stays in Electron's own process group, so the manager must not record
   * (and a later start must not end) "its" group. Chromium ends its utility processes with the app.
   */
  get pgid(): undefined {
    return undefined;
  }

  // Long: one start, from the checks a spawn would have made to the pipes and the exit watch.
  async start(callbacks: TransportCallbacks): Promise<void> {
    this.beginStart(callbacks);
    const { cwd } = this.opts;
    const script = isAbsolute(this.opts.script)
      ? this.opts.script
      : resolve(cwd ?? '.', this.opts.script);
    // The checks a spawn makes by itself: a utility process would only exit with code 1.
    if (cwd && !existsSync(cwd))
      refuse(
        ERROR_CODE.badCwd,
        `the working directory ${cwd} does not exist; install the bundle again`,
      );
    if (!existsSync(script))
      refuse(
        ERROR_CODE.badCommand,
        `the bundle's entry ${script} does not exist; install the bundle again`,
      );
    const env = childEnvironment(
      this.opts.env,
      await baseEnvironment(this.opts.inheritPath ?? 'process'),
    );
    let child: ForkedNode;
    try {
      child = this.opts.fork(this.opts.shim, [script, ...(this.opts.args ?? [])], {
        execArgv: this.opts.execArgv ?? [],
        cwd,
        env,
        serviceName: this.opts.serviceName ?? 'MCP server (node bundle)',
      });
    } catch (e) {
      refuse(ERROR_CODE.spawnFailed, `could not start Lena's Node: ${(e as Error).message}`, e);
    }
    this.child = child;
    const stdout = child.stdout;
    let stdoutEnded = false;
    this.readStdout(stdout);
    stdout?.once('end', () => (stdoutEnded = true));
    this.readStderr(child.stderr);
    const exitBeforeSpawn = await new Promise<ChildExit | undefined>((settle) => {
      child.once('spawn', () => {
        this.markStarted();
        settle(undefined);
      });
      child.once('exit', (code) => {
        const exit = { code, signal: null };
        this.recordExit(exit);
        settle(exit);
        if (this.startedAt === undefined) return;
        this.finishAfterDrain((drained) =>
          stdoutEnded || !stdout ? drained() : stdout.once('end', drained),
        );
      });
    });
    if (exitBeforeSpawn) {
      this.startFailed();
      refuse(
        ERROR_CODE.spawnFailed,
        `could not start Lena's Node for ${script}: ${describeExit(exitBeforeSpawn)}`,
      );
    }
    const post = (message: NodeShimMessage) => child.postMessage(message);
    this.writeStdin(
      new Writable({
        decodeStrings: false,
        write(chunk: string, _encoding, done) {
          try {
            post({ lena: 'stdin', chunk });
            done();
          } catch (e) {
            done(e as Error);
          }
        },
      }),
    );
  }

  protected endStdin(): void {
    try {
      this.child!.postMessage({ lena: 'stdin-end' });
    } catch {
      // The channel is gone with the process: its exit follows.
    }
  }
  protected terminate(): void {
    this.child!.kill();
  }
  protected kill(): void {
    const pid = this.child!.pid;
    if (pid === undefined) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }

  protected endOnOverflow(): void {
    this.child?.kill();
    void this.waitExit(1_000).then(() => this.finish());
  }
}

function refuse(code: ErrorCode, why: string, cause?: unknown): never {
  throw new McpTransportError(why, { code }, cause === undefined ? undefined : { cause });
}
