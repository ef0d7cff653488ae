// Reads the text of one `.mcp.json`-style file into servers, with every problem at its line and
// column. A JSON syntax error (or a top level that is not `{"mcpServers": {...}}`) invalidates the
// whole file; a bad server entry is reported and the other servers are kept. Pure (no Node
// imports): core's loader (electron/core/mcp/config/parse.ts) and the window's JSON editor both
// parse with this, so what the editor accepts is what Lena loads.
import type { ConfigIssue, ServerEntry } from '../server-config';
import { positionAt } from './json-offset';
import { parseJsonWithPosition } from './json-position';
import { locateKeys } from './key-locations';
import { describeValue, validateServerEntry, type EntryLocator } from './server-entry-schema';

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

/** Extra warnings for one entry (core adds its "did you mean" hints for misspelt fields). */
export type EntryCheck = (
  file: string,
  server: string,
  raw: unknown,
  locate: EntryLocator,
) => ConfigIssue[];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const SEP = '\u0000';

/**
 * Positions of the keys under `prefix` (e.g. `["mcpServers"]`), and names written more than once
 * directly under it (JSON.parse silently keeps the last).
 */
export function keyIndex(
  text: string,
  prefix: string[],
): { locatorFor: (name: string) => EntryLocator; duplicates: Map<string, number> } {
  const last = new Map<string, number>();
  const duplicates = new Map<string, number>();
  for (const { path, offset } of locateKeys(text, prefix.length + 3)) {
    if (path.length <= prefix.length || prefix.some((p, i) => path[i] !== p)) continue;
    const key = path.join(SEP);
    if (path.length === prefix.length + 1 && last.has(key))
      duplicates.set(path[prefix.length], (duplicates.get(path[prefix.length]) ?? 1) + 1);
    last.set(key, offset);
  }
  const locatorFor =
    (name: string): EntryLocator =>
    (field) => {
      const parts = field === undefined ? [] : field.split(/[.[\]]/).filter(Boolean);
      for (let n = parts.length; n >= 0; n--) {
        const offset = last.get([...prefix, name, ...parts.slice(0, n)].join(SEP));
        if (offset !== undefined) return positionAt(text, offset);
      }
      return undefined;
    };
  return { locatorFor, duplicates };
}

/** Locates the fields of one entry written on its own (`{"command": …}`, as the editor shows it). */
export function entryLocator(text: string): EntryLocator {
  const { locatorFor } = keyIndex(`{"":${text}}`, []);
  const shift = 4; // the wrapper's `{"":` sits on the first line only
  return (field) => {
    const at = locatorFor('')(field);
    if (!at || field === undefined) return undefined;
    return at.line === 1 ? { line: 1, column: at.column - shift } : at;
  };
}

/** Parses file text; an empty (or whitespace-only) file is an empty configuration. */
export function parseConfigText(text: string, file: string, check?: EntryCheck): ConfigParseResult {
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
  if (rawServers === undefined)
    return {
      ok: true,
      config: { file, document, servers: [] },
      errors: otherShapeHint(file, document),
    };
  if (!isPlainObject(rawServers)) {
    const at = keyIndex(body, []).locatorFor('mcpServers')();
    const message = `${file}: "mcpServers" must be an object mapping server names to entries, like {"mcpServers": {"files": {"command": "npx"}}} (got ${describeValue(rawServers)})`;
    return { ok: false, errors: [{ file, field: 'mcpServers', ...(at ?? {}), message }] };
  }
  const servers: ParsedServer[] = [];
  const errors: ConfigIssue[] = [];
  const { locatorFor, duplicates } = keyIndex(body, ['mcpServers']);
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
    if (check) warnings.push(...check(file, name, raw, locatorFor(name)));
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
  return [
    {
      file,
      field: 'servers',
      message: `${file}: has "servers" (VS Code's format) but no "mcpServers", so no server is configured; did you mean "mcpServers"? Rename the key to "mcpServers".`,
    },
  ];
}
