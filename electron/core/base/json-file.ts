// JSON files Lena owns (settings.json and friends): read with errors a user can find in an editor,
// written atomically so a crash or a full disk never leaves half a file behind. The one policy for
// a file of Lena's own that is not JSON (readJsonFileOrSetAside): keep it aside under a name that
// says so, tell the user where, and start without it; never write over it, never ignore it silently.
// (settings.json is the exception: the user edits it by hand, so it is reported and left in place.)
import { randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fs, readFileSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { findJsonErrorOffset, positionAt } from '../../../shared/config/json-offset';
import { serialisePerPath } from './path-queue';

/** A file that exists but is not valid JSON, with where it goes wrong. */
export class JsonFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(
      `${file} is not valid JSON (line ${line}, column ${column}: ${reason}). Fix the file in an editor or delete it.`,
    );
    this.name = 'JsonFileError';
  }
}

/** Parses `text` as JSON; on failure throws a JsonFileError naming `file`, line and column. */
export function parseJsonText(text: string, file: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // editors on Windows add a BOM
  try {
    return JSON.parse(body);
  } catch {
    const offset = findJsonErrorOffset(body);
    const at = offset < 0 ? body.length : offset;
    const { line, column } = positionAt(body, at);
    const reason =
      at >= body.length ? 'unexpected end of file' : `unexpected ${JSON.stringify(body[at])}`;
    throw new JsonFileError(file, line, column, reason);
  }
}

/** Reads and parses a JSON file; `undefined` when it does not exist. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return parseJsonText(text, file);
}

/** What readJsonFileOrSetAside found. */
export interface JsonReadResult {
  /** The parsed content; `undefined` when the file is missing or was moved aside. */
  value: unknown;
  /** Set when the file was not JSON: what was wrong and where it now is, for the user. */
  warning?: string;
  /** Where the bad file was moved (`<file>.corrupt-<time>`). */
  aside?: string;
}

/**
 * Reads `file`; one that is not valid JSON is renamed to `<file>.corrupt-<time>` (its content kept
 * for the user to look at or repair) and reported in `warning`, and the caller starts without it.
 * Other failures (permissions, a folder in the way) throw: moving the file would not help.
 */
export async function readJsonFileOrSetAside(file: string, now = new Date()): Promise<JsonReadResult> {
  try {
    return { value: await readJsonFile(file) };
  } catch (error) {
    if (!(error instanceof JsonFileError)) throw error;
    const aside = asideName(file, now);
    try {
      await fs.rename(file, aside);
    } catch (err) {
      // Another Lena process moved it first (both read it while it was bad): it is aside already.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: undefined };
      throw err;
    }
    return { value: undefined, aside, warning: asideWarning(error, aside) };
  }
}

/** readJsonFileOrSetAside for the few readers that must finish in a constructor (the task journal). */
export function readJsonFileOrSetAsideSync(file: string, now = new Date()): JsonReadResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: undefined };
    throw err;
  }
  try {
    return { value: parseJsonText(text, file) };
  } catch (error) {
    if (!(error instanceof JsonFileError)) throw error;
    const aside = asideName(file, now);
    try {
      renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: undefined };
      throw err;
    }
    return { value: undefined, aside, warning: asideWarning(error, aside) };
  }
}

const asideName = (file: string, now: Date) => `${file}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;

function asideWarning(error: JsonFileError, aside: string): string {
  const problem = `${error.file} is not valid JSON (line ${error.line}, column ${error.column}: ${error.reason}).`;
  return `${problem} It was moved to ${aside} (nothing in it is lost); Lena goes on without it.`;
}

/** Who hears what a tolerant read found: `notice`, a file moved aside (for the user); `log`, one not readable at all. */
export interface ReadReport {
  notice?: (message: string) => void;
  log?: (level: 'warn', message: string) => void;
}

/**
 * readJsonFileOrSetAside for the files that must never stop Lena from starting (window state,
 * recent folders, process records, secrets): both a damaged and an unreadable file give undefined.
 */
export async function readJsonFileTolerant(file: string, report: ReadReport = {}): Promise<unknown> {
  try {
    const read = await readJsonFileOrSetAside(file);
    if (read.warning) report.notice?.(read.warning);
    return read.value;
  } catch (err) {
    report.log?.('warn', `Ignoring ${file}: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

export interface WriteOptions {
  /** File mode; defaults to the existing file's mode, else 0o600 (Lena's files are private). */
  mode?: number;
  /** Creates the file's folder (owner-only) when it is missing. */
  createDir?: boolean;
}

/** Writes `data` to `file` atomically: temp file in the same folder, fsync, rename, fsync folder. */
export function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: WriteOptions = {},
): Promise<void> {
  return serialisePerPath(file, () => writeNow(file, data, options));
}

/** Writes `value` as pretty JSON (two spaces, trailing newline) atomically. */
export async function writeJsonFile(
  file: string,
  value: unknown,
  options: WriteOptions = {},
): Promise<void> {
  return writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, options);
}

async function writeNow(
  file: string,
  data: string | Uint8Array,
  options: WriteOptions,
): Promise<void> {
  const dir = dirname(file);
  if (options.createDir) await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const mode = options.mode ?? (await existingMode(file)) ?? 0o600;
  const temp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(
    temp,
    fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL,
    mode,
  );
  try {
    await handle.writeFile(data);
    // umask may have narrowed the mode at creation; the caller's mode is what must stick.
    if (process.platform !== 'win32') await handle.chmod(mode);
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await renameWithRetry(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
  await syncDirectory(dir);
}

// On Windows a virus scanner or indexer briefly holding the target makes rename fail with
// EPERM/EACCES/EBUSY; it succeeds a moment later (the same retry graceful-fs does).
async function renameWithRetry(
  from: string,
  to: string,
  platform = process.platform,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fs.rename(from, to);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const transient =
        platform === 'win32' && (code === 'EPERM' || code === 'EACCES' || code === 'EBUSY');
      if (!transient || attempt >= 10) throw err;
      await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
    }
  }
}

async function existingMode(file: string): Promise<number | undefined> {
  try {
    return (await fs.stat(file)).mode & 0o777;
  } catch {
    return undefined;
  }
}

// Without this the rename itself may not survive a power cut on ext4/xfs. Windows cannot open
// directories, and some file systems refuse fsync on them: both are fine to skip.
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}
