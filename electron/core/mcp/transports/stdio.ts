// The stdio transport: a local server as a child process speaking newline-delimited JSON-RPC.
// It owns spawning (allow-listed env, own process group) and what the shutdown does to the group;
// framing, the stderr tail, the exit drain and the order of the close steps are child-pipes.ts's.
// The client above it knows nothing of processes.
import type { ChildProcess } from 'node:child_process';
import { existsSync, statSync, type Stats } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { endGroupInBackground, endProcessGroup, signalGroup } from '../../base/process-group';
import { McpTransportError } from '../errors';
import { ERROR_CODE, type ErrorCode } from '../../../../shared/result';
import type { TransportCallbacks } from '../transport';
import { childEnvironment } from './child-env';
import { ChildPipesTransport } from './child-pipes';
import { baseEnvironment, launchedFromDesktop } from './login-shell-path';

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

/** A spawned command: it leads its own process group, and every signal goes to that group. */
export class StdioTransport extends ChildPipesTransport<ChildProcess> {
  constructor(private readonly opts: StdioOptions) {
    super(opts.description ?? `stdio: ${[opts.command, ...(opts.args ?? [])].join(' ')}`, opts);
  }

  /** The process group id: the server leads its own group (POSIX); undefined on Windows. */
  get pgid(): number | undefined {
    return process.platform === 'win32' ? undefined : this.child?.pid;
  }

  async start(callbacks: TransportCallbacks): Promise<void> {
    this.beginStart(callbacks);
    const env = childEnvironment(
      this.opts.env,
      await baseEnvironment(
        this.opts.inheritPath ?? (launchedFromDesktop() ? 'login-shell' : 'process'),
      ),
    );
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
      this.startFailed();
      const failure = spawnFailure(this.opts, env.PATH ?? env.Path, e as NodeJS.ErrnoException);
      throw new McpTransportError(failure.message, { code: failure.code }, { cause: e });
    }
    this.markStarted();
    this.writeStdin(child.stdin!);
    this.readStdout(child.stdout);
    this.readStderr(child.stderr);
    child.on('error', (e) => callbacks.onError(e));
    child.once('exit', (code, signal) => {
      this.recordExit({ code, signal });
      this.finishAfterDrain((drained) => child.once('close', drained));
    });
  }

  protected endStdin(): void {
    this.child!.stdin?.end();
  }
  /** SIGTERM to the whole group: a wrapper (npx, a shell) passes nothing on by itself. */
  protected terminate(): void {
    signalGroup(this.child!.pid!, 'SIGTERM');
  }
  protected kill(): void {
    signalGroup(this.child!.pid!, 'SIGKILL');
  }

  /** Closes stdin and lets a detached reaper end the group; false where there is none. */
  protected override endInBackground(grace: number): boolean {
    if (!this.opts.endInBackground) return false;
    const child = this.child!;
    child.stdin?.end();
    if (!endGroupInBackground(child.pid!, grace)) return false;
    // Nothing of the server keeps this process alive any more.
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.unref();
    return true;
  }

  /** The leader is gone, but a wrapper's children may live on in its group. */
  protected override async afterExit(grace: number): Promise<void> {
    await endProcessGroup(this.child!.pid!, { graceMs: grace });
  }

  /** A crashed server may leave children behind in its group. */
  protected override afterUnrequestedEnd(): void {
    const pid = this.child?.pid;
    if (pid !== undefined) void endProcessGroup(pid, { graceMs: 1_000 });
  }

  protected endOnOverflow(): void {
    const pid = this.child?.pid;
    if (pid !== undefined) void endProcessGroup(pid, { graceMs: 500 }).then(() => this.finish());
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
