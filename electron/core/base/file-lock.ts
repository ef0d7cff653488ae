// An inter-process lock on a file in Lena's home: the window and every `lena` process edit the
// same mcp.json, settings.json, approvals, pins, secrets and process records. A write never runs
// without the lock. The lock is a file created atomically (hard link of a complete temp file, so
// no reader ever sees it empty) holding the owner's pid, host and a token; the owner refreshes its
// mtime while it holds it. A lock whose owner is gone (same host, pid not alive), or whose mtime
// stopped moving for `staleMs`, is taken over — by one waiter at a time, under a short "break"
// lock, so two waiters can never both remove it and each think they own it.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { ERROR_CODE, LenaError } from '../../../shared/result';

export interface FileLockOptions {
  /** Fail after waiting this long for another holder (default 15 s). */
  waitMs?: number;
  /** A lock whose mtime has not moved for this long is stale whatever its pid (default 30 s). */
  staleMs?: number;
  /** What the lock protects, for the error message (default: the lock file's name without ".lock"). */
  what?: string;
}

/** Another process held the lock for longer than the caller would wait (code `locked`). */
export class FileLockBusyError extends LenaError {
  constructor(
    readonly lockFile: string,
    readonly pid: number | null,
    what: string,
  ) {
    super(
      ERROR_CODE.locked,
      `another Lena process${pid ? ` (pid ${pid})` : ''} holds the lock on ${what}; try again` +
        ` (if no other Lena is running, delete ${lockFile})`,
    );
    this.name = 'FileLockBusyError';
  }
}

interface Owner {
  pid: number;
  host?: string;
  token?: string;
}

const POLL_MS = 25;
const BREAK_STALE_MS = 5000;

/** Runs `task` while holding `lockFile`; waits for another holder up to `waitMs`, then throws. */
export async function withFileLock<T>(
  lockFile: string,
  task: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const staleMs = options.staleMs ?? 30_000;
  const token = await acquire(
    lockFile,
    options.waitMs ?? 15_000,
    staleMs,
    options.what ?? lockFile.replace(/\.lock$/, ''),
  );
  // Keeps the lock fresh during a long task, so waiters do not judge it stale.
  const heartbeat = setInterval(
    () => void fs.utimes(lockFile, new Date(), new Date()).catch(() => undefined),
    Math.max(50, staleMs / 3),
  );
  heartbeat.unref();
  try {
    return await task();
  } finally {
    clearInterval(heartbeat);
    await release(lockFile, token);
  }
}

async function acquire(
  lockFile: string,
  waitMs: number,
  staleMs: number,
  what: string,
): Promise<string> {
  const deadline = Date.now() + waitMs;
  const token = `${process.pid}-${randomBytes(8).toString('hex')}`;
  const content = JSON.stringify({ pid: process.pid, host: hostname(), token } satisfies Owner);
  for (;;) {
    if (await tryCreate(lockFile, content)) return token;
    const owner = await readOwner(lockFile);
    if (owner === 'gone') continue;
    if (await isStale(lockFile, owner, staleMs)) {
      await breakLock(lockFile, owner);
      continue;
    }
    if (Date.now() >= deadline) throw new FileLockBusyError(lockFile, owner?.pid ?? null, what);
    await new Promise((r) => setTimeout(r, POLL_MS + Math.random() * POLL_MS));
  }
}

/** Creates the lock with its content in one step; false when it already exists. */
async function tryCreate(lockFile: string, content: string): Promise<boolean> {
  const temp = `${lockFile}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  // The file's folder may not exist yet (a first write creates Lena's home): private, like the home.
  await fs.mkdir(dirname(lockFile), { recursive: true, mode: 0o700 });
  await fs.writeFile(temp, content, { mode: 0o600 });
  try {
    await fs.link(temp, lockFile);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // File systems without hard links: exclusive create, then the content (a reader may see
    // the file empty for a moment; it counts as held until its mtime goes stale).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EXDEV')
      return createExclusive(lockFile, content);
    throw err;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

async function createExclusive(lockFile: string, content: string): Promise<boolean> {
  try {
    const handle = await fs.open(lockFile, 'wx', 0o600);
    await handle.writeFile(content);
    await handle.close();
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** The lock's owner; null when unreadable or empty (still being written); 'gone' when released. */
async function readOwner(lockFile: string): Promise<Owner | null | 'gone'> {
  let text: string;
  try {
    text = await fs.readFile(lockFile, 'utf8');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : null;
  }
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()) }; // earlier versions wrote the pid alone
  try {
    const owner = JSON.parse(text) as Partial<Owner>;
    return Number.isInteger(owner.pid) ? (owner as Owner) : null;
  } catch {
    return null;
  }
}

async function isStale(lockFile: string, owner: Owner | null, staleMs: number): Promise<boolean> {
  try {
    if (Date.now() - (await fs.stat(lockFile)).mtimeMs > staleMs) return true;
  } catch {
    return false; // released meanwhile: the next attempt takes it
  }
  if (!owner || (owner.host !== undefined && owner.host !== hostname())) return false;
  return !isAlive(owner.pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's process.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Removes a stale lock, unless someone else broke it and took it meanwhile. */
async function breakLock(lockFile: string, judged: Owner | null): Promise<void> {
  const breaker = `${lockFile}.break`;
  if (!(await createExclusive(breaker, String(process.pid)))) {
    // Another waiter is breaking it; a breaker left by a crash mid-break is removed once old.
    const age = await fs.stat(breaker).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > BREAK_STALE_MS) await fs.rm(breaker, { force: true });
    await new Promise((r) => setTimeout(r, POLL_MS));
    return;
  }
  try {
    const now = await readOwner(lockFile);
    const same = now !== 'gone' && (now?.token ?? now?.pid) === (judged?.token ?? judged?.pid);
    if (same) await fs.rm(lockFile, { force: true });
  } finally {
    await fs.rm(breaker, { force: true });
  }
}

/** Removes the lock only if it is still ours (a holder judged stale may have lost it). */
async function release(lockFile: string, token: string): Promise<void> {
  const owner = await readOwner(lockFile);
  if (owner !== 'gone' && owner?.token === token) await fs.rm(lockFile, { force: true });
}
