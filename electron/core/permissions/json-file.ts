// Small JSON files in Lena's home (pins, approvals, permissions) read safely and written atomically:
// a crash mid-write leaves the old file, and an unreadable file is kept aside, never overwritten.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface JsonReadResult {
  /** The parsed content, or `undefined` when the file is missing or unreadable. */
  value: unknown;
  /** Set when the file existed but could not be used; says where it was moved. */
  warning?: string;
}

/** Reads `path`; a corrupt file is renamed to `<path>.corrupt-<time>` and reported. */
export async function readJsonFile(path: string): Promise<JsonReadResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { value: undefined };
    throw error;
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(path, aside);
    return {
      value: undefined,
      warning: `${path} is not valid JSON (${(error as Error).message}); it was moved to ${aside} and an empty one started.`,
    };
  }
}

/** Writes to a temporary file beside `path`, flushes it, then renames it over `path` (owner-only). */
export async function writeJsonFileAtomic(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** Runs read-modify-write steps for one file one at a time within this process. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(step: () => Promise<T>): Promise<T> {
    const next = this.tail.then(step, step);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
