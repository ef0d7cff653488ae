// Reads one `.mcp.json`-style file into servers. A JSON syntax error (or a top level that is not
// `{"mcpServers": {...}}`) invalidates the whole file; a bad server entry is reported and the
// other servers are kept.
import { readFile, stat } from 'node:fs/promises';
import type { ConfigIssue, ServerEntry } from '../../../../shared/server-config';
import { positionAt } from '../../../../shared/config/json-offset';
import { parseJsonWithPosition } from '../../../../shared/config/json-position';
import { locateKeys } from './key-locations';
import { misspeltFields } from './field-names';
import { describeValue, validateServerEntry, type EntryLocator } from '../../../../shared/config/server-entry-schema';

/** One entry of `mcpServers`: `entry` when valid, otherwise the issues that explain why not. */
export interface ParsedServer {
  name: string;
  entry?: ServerEntry;
  issues: ConfigIssue[];
}

export interface ParsedConfig {
  file: string;
  /** The whole document, kept so that rewrites preserve unknown top-level fields. */
  document: Record<string, unknown>;
  /** Every entry of `mcpServers`, in file order, valid or not. */
  servers: ParsedServer[];
}

/**
 * `ok` is false only when the file as a whole cannot be used (then `config` is absent); with
 * `ok` true, `errors` lists the entries that were dropped and server names written twice.
 */
export type ConfigParseResult =
  | { ok: true; config: ParsedConfig; errors: ConfigIssue[]; warnings?: ConfigIssue[] }
  | { ok: false; config?: undefined; errors: ConfigIssue[]; warnings?: ConfigIssue[] };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const SEP = '\u0000';

/** Positions of the keys under `mcpServers`, and server names written more than once. */
function keyIndex(text: string): { locatorFor: (server: string) => EntryLocator; duplicates: Map<string, number> } {
  const last = new Map<string, number>();
  const duplicates = new Map<string, number>();
  for (const { path, offset } of locateKeys(text, 4)) {
    if (path[0] !== 'mcpServers' || path.length < 2) continue;
    const key = path.join(SEP);
    if (path.length === 2 && last.has(key)) duplicates.set(path[1], (duplicates.get(path[1]) ?? 1) + 1);
    last.set(key, offset);
  }
  const locatorFor =
    (server: string): EntryLocator =>
    (field) => {
      const parts = field === undefined ? [] : field.split(/[.[\]]/).filter(Boolean);
      for (let n = parts.length; n >= 0; n--) {
        const offset = last.get(['mcpServers', server, ...parts.slice(0, n)].join(SEP));
        if (offset !== undefined) return positionAt(text, offset);
      }
      return undefined;
    };
  return { locatorFor, duplicates };
}

/** Parses file text; an empty (or whitespace-only) file is an empty configuration. */
export function parseConfigText(text: string, file: string): ConfigParseResult {
  const body = text.replace(/^\uFEFF/, ''); // editors on Windows may add a byte-order mark
  if (body.trim() === '') {
    return { ok: true, config: { file, document: {}, servers: [] }, errors: [] };
  }
  const json = parseJsonWithPosition(body);
  if (!json.ok) {
    const message = `${file}: invalid JSON at line ${json.line}, column ${json.column}: ${json.reason}`;
    return { ok: false, errors: [{ file, line: json.line, column: json.column, message }] };
  }
  const document = json.value;
  if (!isPlainObject(document)) {
    const message = `${file}: the file must contain a JSON object such as {"mcpServers": {}} (got ${describeValue(document)})`;
    return { ok: false, errors: [{ file, message }] };
  }
  const rawServers = document.mcpServers;
  if (rawServers === undefined) return { ok: true, config: { file, document, servers: [] }, errors: otherShapeHint(file, document) };
  if (!isPlainObject(rawServers)) {
    const message = `${file}: "mcpServers" must be an object mapping server names to entries, like {"mcpServers": {"files": {"command": "npx"}}} (got ${describeValue(rawServers)})`;
    return { ok: false, errors: [{ file, field: 'mcpServers', message }] };
  }
  const servers: ParsedServer[] = [];
  const errors: ConfigIssue[] = [];
  const { locatorFor, duplicates } = keyIndex(body);
  for (const [name, count] of duplicates) {
    const at = locatorFor(name)();
    errors.push({
      file,
      server: name,
      ...(at ?? {}),
      message: `${file}${at ? `:${at.line}:${at.column}` : ''}: server "${name}" is defined ${count} times in this file; only the last definition is used: rename or remove the others`,
    });
  }
  const warnings: ConfigIssue[] = [];
  for (const [name, raw] of Object.entries(rawServers)) {
    warnings.push(...misspeltFields(file, name, raw, locatorFor(name)));
    const checked = validateServerEntry(file, name, raw, locatorFor(name));
    if (checked.ok) servers.push({ name, entry: checked.entry, issues: [] });
    else {
      servers.push({ name, issues: checked.issues });
      errors.push(...checked.issues);
    }
  }
  return { ok: true, config: { file, document, servers }, errors, warnings };
}

/** A file in another app's shape (VS Code's `{"servers": …}`) would silently configure nothing. */
function otherShapeHint(file: string, document: Record<string, unknown>): ConfigIssue[] {
  if (!isPlainObject(document.servers)) return [];
  return [{ file, field: 'servers', message: `${file}: has "servers" (VS Code's format) but no "mcpServers", so no server is configured; did you mean "mcpServers"? Rename the key to "mcpServers".` }];
}

/** Larger files are refused unread: a configuration is a few kilobytes, and the window edits it whole. */
export const MAX_CONFIG_BYTES = 5_000_000;

/** What reading a file found: missing is not an error (the scope is simply empty). */
export type ConfigFileRead =
  | { state: 'missing'; file: string }
  | { state: 'unreadable'; file: string; errors: ConfigIssue[] }
  | ({ state: 'parsed'; file: string } & ConfigParseResult);

/** Reads and parses a file; never throws. */
export async function readConfigFile(file: string): Promise<ConfigFileRead> {
  let text: string;
  try {
    const { size } = await stat(file);
    if (size > MAX_CONFIG_BYTES) {
      const message = `${file}: is ${size} bytes, too large for a server configuration (at most ${MAX_CONFIG_BYTES}); is this the right file?`;
      return { state: 'unreadable', file, errors: [{ file, message }] };
    }
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { state: 'missing', file };
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied; check the file permissions' : code === 'EISDIR' ? 'it is a directory, not a file' : (error as Error).message;
    return { state: 'unreadable', file, errors: [{ file, message: `${file}: cannot be read: ${why}` }] };
  }
  return { state: 'parsed', file, ...parseConfigText(text, file) };
}
