// A skill's files: listed and hashed when found, read only on demand, and only inside the skill's
// own folder. A path with `..`, an absolute path, or a symbolic link that resolves outside the
// folder is refused before anything is opened.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { sha256Hex } from '../base/stable-json';

/** One file of a skill, as listed to the user and the model. */
export interface SkillFile {
  /** Relative to the skill folder, with `/`. */
  path: string;
  size: number;
  /** Scripts are listed, never run by Lena. */
  kind: 'script' | 'reference' | 'asset' | 'other';
  /** Set for a symbolic link that resolves outside the skill folder: never read. */
  outside?: boolean;
}

const MAX_FILES = 500;
const MAX_DEPTH = 6;
/** Files above this size are hashed by size only (they are not read when the skill is listed). */
const HASH_READ_MAX = 5 * 1024 * 1024;

/** What a file inside a skill is, by the folder the Skills format puts it in. */
export const kindOf = (path: string): SkillFile['kind'] =>
  path.startsWith('scripts/')
    ? 'script'
    : path.startsWith('references/')
      ? 'reference'
      : path.startsWith('assets/')
        ? 'asset'
        : 'other';

/** True when `inner` is `outer` or lies inside it (both real paths). */
export function isInside(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface ListedFiles {
  files: SkillFile[];
  /** Per file, a hash of its content ("outside" for a link out, `size:N` for a very large file). */
  hashes: Record<string, string>;
}

/**
 * Lists the files under `folder` (SKILL.md excluded from `files`, included in `hashes`). Contents
 * are hashed only when `hash` is set (a project's skills, whose approval is bound to them), so the
 * catalog of each request does not read every file of the user's own skills.
 */
export function listSkillFiles(folder: string, hash = true): ListedFiles {
  const root = realpathSync.native(folder);
  const files: SkillFile[] = [];
  const hashes: Record<string, string> = {};
  const walk = (dir: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (files.length >= MAX_FILES) return;
      const full = join(dir, name);
      const rel = relative(folder, full).split(sep).join('/');
      let st = lstatSync(full);
      if (st.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync.native(full);
        } catch {
          continue; // a dangling link names nothing to read
        }
        if (!isInside(root, target)) {
          files.push({ path: rel, size: 0, kind: kindOf(rel), outside: true });
          hashes[rel] = 'outside';
          continue;
        }
        st = statSync(full);
      }
      if (st.isDirectory()) {
        if (depth < MAX_DEPTH && name !== '.git' && name !== 'node_modules') walk(full, depth + 1);
        continue;
      }
      if (!st.isFile()) continue;
      if (hash)
        hashes[rel] =
          st.size > HASH_READ_MAX ? `size:${st.size}` : sha256Hex(readFileSync(full, 'latin1'));
      if (rel !== 'SKILL.md') files.push({ path: rel, size: st.size, kind: kindOf(rel) });
    }
  };
  walk(folder, 0);
  return { files, hashes };
}

/** One hash over every file of the skill: approval is bound to it. */
export function skillHash(hashes: Record<string, string>): string {
  const lines = Object.keys(hashes)
    .sort()
    .map((k) => `${k}\0${hashes[k]}`);
  return sha256Hex(lines.join('\n'));
}

/**
 * Reads `path` of the skill in `folder`, refusing anything that leaves the folder. Over `maxBytes`
 * is refused with the size (the same limit as tool results).
 */
export function readSkillFile(folder: string, path: string, maxBytes: number): string {
  const clean = path.replace(/\\/g, '/').replace(/^\.\//, '');
  if (clean === '' || isAbsolute(path) || clean.startsWith('/') || clean.split('/').includes('..'))
    throw new LenaError(
      ERROR_CODE.forbidden,
      `"${path}" is not a path inside the skill's folder; give a relative path such as references/guide.md`,
    );
  const full = join(folder, ...clean.split('/'));
  let real: string;
  try {
    real = realpathSync.native(full);
  } catch {
    throw new LenaError(ERROR_CODE.notFound, `The skill has no file "${clean}"`);
  }
  if (!isInside(realpathSync.native(folder), real))
    throw new LenaError(
      ERROR_CODE.forbidden,
      `"${clean}" is a link that leads outside the skill's folder; it is not read`,
    );
  const st = statSync(real);
  if (!st.isFile())
    throw new LenaError(ERROR_CODE.invalidArguments, `"${clean}" is a folder, not a file`);
  if (st.size > maxBytes)
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `"${clean}" has ${st.size} bytes, over the ${maxBytes}-byte limit for a file read`,
    );
  return readFileSync(real, 'utf8');
}
