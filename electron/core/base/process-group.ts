// Ending a process group, the one way for every caller (a stdio server's close, the quit
// sequence, the orphans of a crashed run). Each stdio server is spawned detached, so it leads its
// own group and one signal reaches wrappers like npx or uvx and their children; on Windows, which
// has no groups, taskkill /T walks the tree from the leader instead, and only while the caller
// still holds the leader (a pid whose process has exited may be reused: see isGroupRunning).
//
// The contract: nothing here throws for the state of the OS. A group that is already gone
// (ESRCH) is an outcome, not an error; so is a group Lena may not signal (EPERM: another user's
// process, e.g. set-uid), which Lena cannot end and reports as such. The only throw is for a pid
// that cannot be a group Lena started (not an integer, or ≤ 1): kill(0) and kill(-1) would reach
// Lena's own group or every process of the user.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isGroupRunning } from './process-info';

/** What one signal did: reached the group, found none left (ESRCH), or was refused (EPERM). */
export type SignalOutcome = 'sent' | 'gone' | 'denied';

/**
 * How ending a group went: it was already gone, it left after the polite close or SIGTERM, it
 * needed SIGKILL, or it is still there (it outlived SIGKILL, e.g. in uninterruptible sleep, or Lena
 * may not signal it). Only `survived` means something of the group may still be running.
 */
export type GroupEnd = 'gone' | 'terminated' | 'killed' | 'survived';

export interface EndGroupOptions {
  /** How long the group gets after SIGTERM before SIGKILL (default 2000 ms). */
  graceMs?: number;
  /** How long to wait after SIGKILL before reporting the group survived (default 1000 ms). */
  killWaitMs?: number;
  /** Runs before SIGTERM (close the server's stdin: the polite MCP shutdown), then waits `politeMs`. */
  polite?: () => void;
  politeMs?: number;
}

const POLL_MS = 25;

/**
 * What Windows runs for `signal` to the tree led by `pid`, or undefined when the signal has no
 * Windows meaning. SIGTERM asks politely (taskkill without /F: windows get WM_CLOSE; a console
 * program may refuse, and SIGKILL follows); SIGKILL forces the whole tree.
 */
export function windowsKillCommand(
  pid: number,
  signal: NodeJS.Signals,
): { command: string; args: string[] } | undefined {
  if (signal !== 'SIGTERM' && signal !== 'SIGKILL') return undefined;
  return {
    command: 'taskkill',
    args: ['/T', ...(signal === 'SIGKILL' ? ['/F'] : []), '/PID', String(pid)],
  };
}

/** Sends `signal` to every process in group `pgid` (on Windows: the tree led by `pgid`). */
export function signalGroup(pgid: number, signal: NodeJS.Signals): SignalOutcome {
  if (!Number.isInteger(pgid) || pgid <= 1)
    throw new RangeError(
      `Refusing to signal process group ${pgid}: it cannot be a group Lena started.`,
    );
  if (process.platform === 'win32') {
    const kill = windowsKillCommand(pgid, signal);
    // taskkill runs on its own; the caller's wait for the group tells whether it worked.
    if (kill)
      spawn(kill.command, kill.args, { stdio: 'ignore', windowsHide: true }).on(
        'error',
        () => undefined,
      );
    return 'sent';
  }
  try {
    process.kill(-pgid, signal);
    return 'sent';
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? 'denied' : 'gone';
  }
}

/** Resolves true once no live process remains in `pgid`, false after `timeoutMs`. */
export async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isGroupRunning(pgid)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Ends group `pgid`: optional polite close, SIGTERM, grace, SIGKILL. Never throws for the OS's answers. */
export async function endProcessGroup(
  pgid: number,
  options: EndGroupOptions = {},
): Promise<GroupEnd> {
  if (!isGroupRunning(pgid)) return 'gone';
  if (options.polite) {
    try {
      options.polite();
    } catch {
      // The pipe may already be closed; the signals below still apply.
    }
    if (await waitForGroupExit(pgid, options.politeMs ?? 0)) return 'terminated';
  }
  const term = signalGroup(pgid, 'SIGTERM');
  if (term === 'gone') return 'gone';
  // EPERM: no signal of Lena's will reach it; waiting for it to leave would only delay the caller.
  if (term === 'denied') return 'survived';
  if (await waitForGroupExit(pgid, options.graceMs ?? 2000)) return 'terminated';
  signalGroup(pgid, 'SIGKILL');
  return (await waitForGroupExit(pgid, options.killWaitMs ?? 1000)) ? 'killed' : 'survived';
}

/**
 * Leaves the end of group `pgid` to a detached `sh` that outlives the caller: after `graceMs` it
 * sends SIGTERM to whatever of the group is left, and SIGKILL after another `graceMs`. For a
 * one-shot process that has printed its answer and closed the server's stdin: it exits at once,
 * the server still gets its grace, and nothing of the group is left behind. False where there is
 * no `/bin/sh` or no process groups (Windows): the caller ends the group itself.
 */
export function endGroupInBackground(pgid: number, graceMs: number): boolean {
  if (!Number.isInteger(pgid) || pgid <= 1)
    throw new RangeError(
      `Refusing to hand off process group ${pgid}: it cannot be a group Lena started.`,
    );
  if (process.platform === 'win32' || !existsSync('/bin/sh')) return false;
  const seconds = (Math.max(0, graceMs) / 1000).toFixed(3);
  // `kill` fails once the group is empty: then there is nothing left to wait for.
  const script =
    'sleep "$2"; kill -TERM "-$1" 2>/dev/null || exit 0; sleep "$2"; kill -KILL "-$1" 2>/dev/null; exit 0';
  const reaper = spawn('/bin/sh', ['-c', script, 'lena-reaper', String(pgid), seconds], {
    detached: true,
    stdio: 'ignore',
  });
  reaper.on('error', () => undefined);
  reaper.unref();
  return true;
}
