// Ending a process group with bounded patience: SIGTERM the whole group, wait, then SIGKILL. A
// server started through a wrapper (npx, a shell) has grandchildren; signalling only the leader
// would leave them running, so every signal goes to the group.
import { isGroupRunning } from './process-info';

/** How an ended group went: it was already gone, it obeyed SIGTERM, or it needed SIGKILL. */
export type GroupEnd = 'gone' | 'terminated' | 'killed' | 'survived';

export interface EndGroupOptions {
  /** How long the group gets after SIGTERM before SIGKILL. */
  graceMs?: number;
  /** How long to wait after SIGKILL before reporting the group survived (uninterruptible sleep). */
  killWaitMs?: number;
  /** Runs before SIGTERM (close the server's stdin: the polite MCP shutdown), then waits `politeMs`. */
  polite?: () => void;
  politeMs?: number;
}

const POLL_MS = 25;

/** Sends `signal` to every process in group `pgid`; false when there was none. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  if (!Number.isInteger(pgid) || pgid <= 1) throw new Error(`Refusing to signal process group ${pgid}.`);
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw err;
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

/** Ends group `pgid`: optional polite close, SIGTERM, grace, SIGKILL. Never throws for a gone group. */
export async function endProcessGroup(pgid: number, options: EndGroupOptions = {}): Promise<GroupEnd> {
  if (!isGroupRunning(pgid)) return 'gone';
  if (options.polite) {
    try {
      options.polite();
    } catch {
      // The pipe may already be closed; the signals below still apply.
    }
    if (await waitForGroupExit(pgid, options.politeMs ?? 0)) return 'terminated';
  }
  if (!signalGroup(pgid, 'SIGTERM')) return 'gone';
  if (await waitForGroupExit(pgid, options.graceMs ?? 2000)) return 'terminated';
  signalGroup(pgid, 'SIGKILL');
  return (await waitForGroupExit(pgid, options.killWaitMs ?? 1000)) ? 'killed' : 'survived';
}
