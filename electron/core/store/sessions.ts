// Each process that writes conversations registers a session; what it leaves half-done is
// recovered only once that process is gone. Without this, the window opening while `lena chat`
// streams would mark the command line's answer as interrupted.
import { randomUUID } from 'node:crypto';
import { uptime } from 'node:os';
import type { LenaDatabase } from './database';

/**
 * Registers this process as a writer; returns the session id to stamp rows with. Uses the real
 * clock, not a store's injected one: sessions are compared with the boot time.
 */
export function startSession(db: LenaDatabase, now = Date.now()): string {
  const id = randomUUID();
  db.run('INSERT INTO sessions (id, pid, started_at) VALUES (?, ?, ?)', id, process.pid, now);
  return id;
}

export function endSession(db: LenaDatabase, id: string): void {
  db.run('DELETE FROM sessions WHERE id = ?', id);
}

/** Whether a process with this pid exists (EPERM means it exists but belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Deletes the sessions whose process is gone: not running, or started before the last boot (its
 * pid may belong to someone else now). Another store in this very process counts as alive.
 */
export function forgetDeadSessions(
  db: LenaDatabase,
  ownSession: string,
  now = Date.now(),
  alive: (pid: number) => boolean = processAlive,
): number {
  const bootedAt = now - uptime() * 1000;
  const sessions = db.prepare('SELECT id, pid, started_at FROM sessions').all() as {
    id: string;
    pid: number;
    started_at: number;
  }[];
  const dead = sessions.filter(
    (s) => s.id !== ownSession && (s.started_at < bootedAt || !alive(s.pid)),
  );
  for (const s of dead) endSession(db, s.id);
  return dead.length;
}

/** SQL condition: the row's writer is no longer a registered session. */
export const ORPHANED = '(session_id IS NULL OR session_id NOT IN (SELECT id FROM sessions))';
