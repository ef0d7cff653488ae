// Paths in tool arguments, compared as paths: `~` expanded, `..` resolved, the symlinks of the
// part that exists resolved (realpath), case folded where the file system folds it, a relative
// path resolved against the server's one root. The platform is injected so that case folding and
// Windows paths are tested on a machine that has neither.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What path comparison needs to know about the machine. */
export interface PathPlatform {
  /** `win32` paths have drive letters and `\`; `darwin` and `win32` fold case. */
  os: 'linux' | 'darwin' | 'win32';
  home: string;
  /** The real path of an existing path; throws (ENOENT…) when it does not exist. */
  realpath(path: string): string;
}

/** This machine. */
export function hostPathPlatform(): PathPlatform {
  const os =
    process.platform === 'win32' || process.platform === 'darwin' ? process.platform : 'linux';
  return { os, home: homedir(), realpath: (p) => realpathSync.native(p) };
}

/** What a call's paths are resolved with: the platform and the server's roots (absolute paths). */
export interface PathContext {
  platform: PathPlatform;
  roots: readonly string[];
}

const DRIVE = /^[A-Za-z]:[\\/]/;

/** Whether a string value reads as a path: `/`, `~`, `./`, `../`, a drive letter or `file:`. */
export function looksLikePath(value: string): boolean {
  return /^(?:\/|~(?:[\\/]|$)|\.\.?[\\/]|file:)/.test(value) || DRIVE.test(value);
}

/** Whether a parameter is a path by its name or its schema. */
export function isPathParam(name: string, schema: unknown): boolean {
  if (/(?:path|file|dir|paths|files|dirs|directory|folder)$/i.test(name)) return true;
  const format = (schema as { format?: unknown } | undefined)?.format;
  return format === 'uri' || format === 'path' || format === 'file-path';
}

/**
 * The absolute forms a path argument may take, or null when it cannot be known (a relative path
 * with no single root). Two forms when they differ: `a/link/..` resolved by the kernel (the link
 * first) and lexically (as most servers do before their own realpath).
 */
export function normalisePath(value: string, context: PathContext): string[] | null {
  const absolute = absoluteOf(value, context);
  if (absolute === null) return null;
  const { platform } = context;
  const lib = platform.os === 'win32' ? win32 : posix;
  const forms = new Set([
    realOfExisting(absolute, platform),
    realOfExisting(lib.resolve(absolute), platform),
  ]);
  return [...forms].map((p) => comparable(p, platform));
}

/** A path pattern's literal folder part made real and comparable, its glob part kept. */
export function normalisePathPattern(pattern: string, platform: PathPlatform): string {
  const lib = platform.os === 'win32' ? win32 : posix;
  let text = pattern;
  // Patterns are written with `/` (a `\` escapes the glob character after it), so is the home.
  if (text === '~' || text.startsWith('~/'))
    text = platform.home.replace(/\\/g, '/') + text.slice(1);
  if (!lib.isAbsolute(text)) return caseOf(text, platform);
  const segments = text.split('/');
  const firstGlob = segments.findIndex((s) => /[*?[{\\]/.test(s));
  const literal = firstGlob < 0 ? segments : segments.slice(0, firstGlob);
  const rest = firstGlob < 0 ? [] : segments.slice(firstGlob);
  const base = literal.join('/') || '/';
  const real = comparable(realOfExisting(lib.resolve(base), platform), platform);
  return rest.length ? `${real.replace(/\/$/, '')}/${caseOf(rest.join('/'), platform)}` : real;
}

function absoluteOf(value: string, { platform, roots }: PathContext): string | null {
  const lib = platform.os === 'win32' ? win32 : posix;
  let text = value;
  if (text.startsWith('file:')) {
    try {
      text = fileURLToPath(text, { windows: platform.os === 'win32' });
    } catch {
      return null;
    }
  }
  if (text === '~' || /^~[\\/]/.test(text)) text = platform.home + text.slice(1);
  if (lib.isAbsolute(text) && (platform.os !== 'win32' || DRIVE.test(text))) return text;
  if (roots.length !== 1) return null;
  return lib.join(roots[0], text);
}

/**
 * The path with the longest existing prefix replaced by its real path. The prefix is taken from
 * the path as written, so the kernel resolves `link/..` the way the server's open() will.
 */
function realOfExisting(path: string, platform: PathPlatform): string {
  const lib = platform.os === 'win32' ? win32 : posix;
  const rest: string[] = [];
  let current = path;
  for (;;) {
    try {
      const real = platform.realpath(current);
      return lib.resolve(real, ...rest.reverse());
    } catch {
      const parent = lib.dirname(current);
      if (parent === current) return lib.resolve(path);
      rest.push(lib.basename(current));
      current = parent;
    }
  }
}

/** Forward slashes everywhere; lower case where the file system folds case. */
function comparable(path: string, platform: PathPlatform): string {
  return caseOf(platform.os === 'win32' ? path.replace(/\\/g, '/') : path, platform);
}

const caseOf = (text: string, platform: PathPlatform) =>
  platform.os === 'linux' ? text : text.toLowerCase();
