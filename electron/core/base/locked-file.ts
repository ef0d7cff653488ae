// The one way to change a file in Lena's home: tasks of this process queue per file, then the task
// holds the inter-process lock `<file>.lock` while it re-reads the file and writes it atomically.
// Every writer of mcp.json, settings.json, approvals, pins, secrets and process records uses it,
// so ten `lena mcp add` at once (or the window and the command line together) lose nothing.
import { basename, resolve } from 'node:path';
import { withFileLock, type FileLockOptions } from './file-lock';
import { serialisePerPath } from './path-queue';

/**
 * Runs `task` holding `file`'s lock. `task` must read the file itself (inside, never before) and
 * must not call withLockedFile for the same file again (the lock is not re-entrant).
 */
export function withLockedFile<T>(
  file: string,
  task: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const path = resolve(file);
  return serialisePerPath(`${path}\0locked`, () =>
    withFileLock(`${path}.lock`, task, { what: basename(path), ...options }),
  );
}
