// A lock file shared between processes (the window and the `lena` command line both record
// server processes in processes.json): created exclusively, holding the owner's pid; a lock whose
// owner is gone, or that is older than any real critical section, is taken over.
import { promises as fs } from 'node:fs';

export interface FileLockOptions {
  /** Give up waiting after this long and run anyway (a stuck lock must not stop Lena). */
  waitMs?: number;
  /** A lock older than this is stale whatever its pid says. */
  staleMs?: number;
}

const POLL_MS = 20;

/** Runs `task` while holding `lockFile`; waits for another holder up to `waitMs`. */
export async function withFileLock<T>(lockFile: string, task: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const acquired = await acquire(lockFile, options.waitMs ?? 3000, options.staleMs ?? 30_000);
  try {
    return await task();
  } finally {
    if (acquired) await fs.rm(lockFile, { force: true });
  }
}

async function acquire(lockFile: string, waitMs: number, staleMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await fs.open(lockFile, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return false;
    }
    if (await isStale(lockFile, staleMs)) {
      await fs.rm(lockFile, { force: true });
      continue;
    }
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function isStale(lockFile: string, staleMs: number): Promise<boolean> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(lockFile, 'utf8'), fs.stat(lockFile)]);
    if (Date.now() - stat.mtimeMs > staleMs) return true;
    const pid = Number(text);
    // An empty file is a holder between open and write: not stale yet.
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return false;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ESRCH';
  }
}
