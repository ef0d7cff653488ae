// Ending a server and everything it started. Each stdio server leads its own process group
// (spawned detached), so one signal to the group reaches wrappers like npx or uvx and their
// children; on Windows, taskkill /T walks the tree instead.
import { spawn } from 'node:child_process';

const POLL_MS = 25;

/** Sends `signal` to the whole group; false when no process of the group is left. */
export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    if (process.platform === 'win32') {
      if (signal === 'SIGKILL' || signal === 'SIGTERM') {
        spawn('taskkill', ['/pid', String(pid), '/T', ...(signal === 'SIGKILL' ? ['/F'] : [])], { stdio: 'ignore', windowsHide: true }).on('error', () => undefined);
      }
      return true;
    }
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** True while some process of the group (led by `pid`) still exists. */
export function groupAlive(pid: number): boolean {
  if (process.platform === 'win32') return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits until the group is empty or `ms` pass; true when it is empty. */
export async function waitGroupGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (groupAlive(pid)) {
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return true;
}

/** SIGTERM to what is left of the group, then SIGKILL after `graceMs`. */
export async function terminateGroup(pid: number, graceMs: number): Promise<void> {
  if (!groupAlive(pid)) return;
  signalGroup(pid, 'SIGTERM');
  if (await waitGroupGone(pid, graceMs)) return;
  signalGroup(pid, 'SIGKILL');
  await waitGroupGone(pid, 1_000);
}
