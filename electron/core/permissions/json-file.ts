// Small JSON files of the gate in Lena's home (pins, approvals, permissions), on top of the
// store's atomic writer. An unreadable file is moved aside and reported, never written over.
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { withLockedFile } from '../base/locked-file';
import { JsonFileError, readJsonFile, writeJsonFile } from '../base/json-file';

export interface JsonReadResult {
  /** The parsed content, or `undefined` when the file is missing or unreadable. */
  value: unknown;
  /** Set when the file existed but could not be used; says where it was moved. */
  warning?: string;
}

/** Reads `path`; a file that is not JSON is renamed to `<path>.corrupt-<time>` and reported. */
export async function readJsonFileOrSetAside(path: string): Promise<JsonReadResult> {
  try {
    return { value: await readJsonFile(path) };
  } catch (error) {
    if (!(error instanceof JsonFileError)) throw error;
    const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(path, aside);
    return { value: undefined, warning: `${error.message.replace(/ Fix the file.*$/, '')} It was moved to ${aside} and an empty one started.` };
  }
}

/** Writes atomically (owner-only), creating Lena's home if needed. */
export async function writeJsonFileAtomic(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeJsonFile(path, value);
}

/**
 * Runs a read-modify-write step holding the file's inter-process lock (the window and `lena`
 * processes edit the same files); the step re-reads the file itself.
 */
export function serialiseEdits<T>(path: string, step: () => Promise<T>): Promise<T> {
  return withLockedFile(path, step);
}
