// JSON files Lena owns (settings.json and friends): read with errors a user can find in an editor,
// written atomically so a crash or a full disk never leaves half a file behind. The one policy for
// a file of Lena's own that is not JSON (readJsonFileOrSetAside): keep it aside under a name that
// says so, tell the user where, and start without it; never write over it, never ignore it silently.
// (settings.json is the exception: the user edits it by hand, so it is reported and left in place.)
import { promises as fs, readFileSync, renameSync } from 'node:fs';
import { parseJsonWithPosition } from '../../../shared/config/json-position';
import { writeFileAtomic, type WriteOptions } from './atomic-write';

export { writeFileAtomic, writeFileAtomicSync, type WriteOptions } from './atomic-write';

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

/** Parses `text` as JSON; on failure throws a JsonFileError naming `file`, line, column and why. */
export function parseJsonText(text: string, file: string): unknown {
  const json = parseJsonWithPosition(text);
  if (!json.ok) throw new JsonFileError(file, json.line, json.column, json.reason);
  return json.value;
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
export async function readJsonFileOrSetAside(
  file: string,
  now = new Date(),
): Promise<JsonReadResult> {
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

const asideName = (file: string, now: Date) =>
  `${file}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;

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
export async function readJsonFileTolerant(
  file: string,
  report: ReadReport = {},
): Promise<unknown> {
  try {
    const read = await readJsonFileOrSetAside(file);
    if (read.warning) report.notice?.(read.warning);
    return read.value;
  } catch (err) {
    report.log?.('warn', `Ignoring ${file}: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

/** Writes `value` as pretty JSON (two spaces, trailing newline) atomically. */
export async function writeJsonFile(
  file: string,
  value: unknown,
  options: WriteOptions = {},
): Promise<void> {
  return writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, options);
}
