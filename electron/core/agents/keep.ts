// Artifacts past the inline limit kept as files in Lena's home
// (attachments/delegations/<taskId>/<name>, owner-only), so what Claude sees in part the user can
// save or find whole. Names are sanitised (no path parts, no leading dots), and an artifact larger
// than the keep cap (agentLimits.keepBytes) is not kept at all: a file cut at the cap would pass
// for the whole artifact.
import { appendFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { ERROR_CODE, LenaError } from '../../../shared/result';

/** The largest artifact kept as a file by default (100 MB); agentLimits.keepBytes sets it. */
export const DEFAULT_KEPT_BYTES = 100 * 1024 * 1024;

/** Where the artifact went: its file, or not kept because it passed `limit` bytes. */
export type KeepResult = { path: string } | { dropped: number };

export interface ArtifactKeeper {
  /**
   * Writes (or, with `append`, adds to) the artifact's file. Null when it could not be written;
   * `dropped` (and no file left behind) when the artifact passes the cap.
   */
  keep(taskId: string | null, name: string, text: string, append: boolean): KeepResult | null;
}

/** A file or folder name from an agent's words: letters, digits, `.`, `_`, `-` only. */
export function safeName(raw: string, fallback: string): string {
  const name = raw
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return name || fallback;
}

/** A name that reads as a path out of its folder: a `..` part, a root, a drive, a NUL. */
const climbs = (raw: string): boolean =>
  raw.includes('\0') || /^([\\/]|[A-Za-z]:)/.test(raw) || /(^|[\\/])\.\.([\\/]|$)/.test(raw);

/**
 * The file kept for artifact `name` of task `taskId`, as the keeper names it. A task id or an
 * artifact name that tries to leave its folder is refused, never mapped somewhere else.
 */
export function keptFile(dir: string, taskId: string | null, name: string): string {
  for (const [what, raw] of [
    ['task id', taskId ?? ''],
    ['artifact name', name],
  ] as const) {
    if (climbs(raw))
      throw new LenaError(
        ERROR_CODE.forbidden,
        `Lena opens only the files it kept for a delegation's artifacts: the ${what} "${raw.replace(/\0/g, '\\0')}" points outside its task's folder.`,
      );
  }
  const file = join(dir, safeName(taskId ?? '', 'task'), safeName(name, 'artifact'));
  const rel = relative(dir, file);
  if (isAbsolute(rel) || rel.startsWith('..') || rel.split(sep).length !== 2)
    throw new LenaError(ERROR_CODE.forbidden, `${file} is not a kept artifact's file.`);
  return file;
}

export function artifactKeeper(
  dir: string,
  maxBytes: () => number = () => DEFAULT_KEPT_BYTES,
): ArtifactKeeper {
  return {
    keep(taskId, name, text, append) {
      // An agent's names are sanitised here, never refused: the artifact is the agent's.
      const file = keptFile(dir, safeName(taskId ?? '', 'task'), safeName(name, 'artifact'));
      try {
        const limit = maxBytes();
        const body = Buffer.from(text);
        if ((append ? sizeOf(file) : 0) + body.length > limit) {
          rmSync(file, { force: true });
          return { dropped: limit };
        }
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        if (append) appendFileSync(file, body, { mode: 0o600 });
        else writeFileSync(file, body, { mode: 0o600 });
        return { path: file };
      } catch {
        return null;
      }
    },
  };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
