// Artifacts past the inline limit kept as files in Lena's home
// (attachments/delegations/<taskId>/<name>, owner-only), so what Claude sees in part the user can
// open whole. Names are sanitised (no path parts, no leading dots) and each file is capped.
import { appendFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The largest file one artifact may fill (100 MB); past it the file ends where the cap is. */
export const DEFAULT_KEPT_BYTES = 100 * 1024 * 1024;

export interface ArtifactKeeper {
  /**
   * Writes (or, with `append`, adds to) the artifact's file; the file's path, or null when it
   * could not be written.
   */
  keep(taskId: string | null, name: string, text: string, append: boolean): string | null;
}

/** A file or folder name from an agent's words: letters, digits, `.`, `_`, `-` only. */
export function safeName(raw: string, fallback: string): string {
  const name = raw
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return name || fallback;
}

export function artifactKeeper(dir: string, maxBytes = DEFAULT_KEPT_BYTES): ArtifactKeeper {
  return {
    keep(taskId, name, text, append) {
      const folder = join(dir, safeName(taskId ?? '', 'task'));
      const file = join(folder, safeName(name, 'artifact'));
      try {
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        const had = append ? sizeOf(file) : 0;
        const room = Math.max(0, maxBytes - had);
        const body = Buffer.from(text);
        const part = body.length > room ? body.subarray(0, room) : body;
        if (append) appendFileSync(file, part, { mode: 0o600 });
        else writeFileSync(file, part, { mode: 0o600 });
        return file;
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
