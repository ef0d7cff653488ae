// Validates server configuration typed in the JSON editor with the very rules core applies when it
// reads the file (its JSON scanner and entry schema are pure modules shared here), so the editor
// and the loader never disagree about what is valid.
import type { ServerEntry } from '../../shared/server-config';
import { parseJsonWithPosition } from '../../shared/config/json-position';
import { validateServerEntry } from '../../shared/config/server-entry-schema';

export interface EditorIssue {
  /** 1-based line the problem is shown at. */
  line: number;
  column: number;
  message: string;
}

export type EntryTextResult = { ok: true; entry: ServerEntry } | { ok: false; issues: EditorIssue[] };
export type FileTextResult = { ok: true; servers: Record<string, ServerEntry> } | { ok: false; issues: EditorIssue[] };

/** The line where `"key":` first appears (after `from`), so an entry error points at its field. */
export function lineOfKey(text: string, key: string, from = 0): number {
  const at = text.indexOf(JSON.stringify(key), from);
  if (at < 0) return 1;
  return text.slice(0, at).split(/\r\n|\r|\n/).length;
}

function syntax(text: string): { ok: true; value: unknown } | { ok: false; issues: EditorIssue[] } {
  const json = parseJsonWithPosition(text);
  if (json.ok) return json;
  // A trailing comma is reported where the parser stopped (the closing bracket, often a line
  // later); the mistake is the comma, so it is marked on the comma's line.
  const before = text.slice(0, json.offset).replace(/\s+$/, '');
  if (before.endsWith(',') && /^[}\]]/.test(text.slice(json.offset).trimStart())) {
    const lines = before.split(/\r\n|\r|\n/);
    const line = lines.length;
    const column = lines[lines.length - 1].length;
    return { ok: false, issues: [{ line, column, message: `Invalid JSON at line ${line}, column ${column}: trailing comma (JSON allows no comma before a closing bracket; remove it).` }] };
  }
  return { ok: false, issues: [{ line: json.line, column: json.column, message: `Invalid JSON at line ${json.line}, column ${json.column}: ${json.reason}` }] };
}

function entryIssues(text: string, name: string, raw: unknown, file: string, from: number): EditorIssue[] {
  const v = validateServerEntry(file, name, raw);
  if (v.ok) return [];
  return v.issues.map((issue) => {
    const top = issue.field?.split(/[.[]/)[0];
    const line = top ? lineOfKey(text, top, from) : lineOfKey(text, name, 0);
    return { line, column: 1, message: issue.message.replace(`${file}: `, '') };
  });
}

/** One server's entry as typed in the editor: JSON syntax first, then the entry's shape. */
export function validateEntryText(text: string, name: string): EntryTextResult {
  const parsed = syntax(text);
  if (!parsed.ok) return parsed;
  const issues = entryIssues(text, name, parsed.value, 'entry', 0);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, entry: parsed.value as ServerEntry };
}

/** A whole `{"mcpServers": {...}}` file as typed: syntax, the top level, then every entry. */
export function validateFileText(text: string): FileTextResult {
  if (text.trim() === '') return { ok: true, servers: {} };
  const parsed = syntax(text);
  if (!parsed.ok) return parsed;
  const doc = parsed.value;
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return { ok: false, issues: [{ line: 1, column: 1, message: 'The file must contain a JSON object such as {"mcpServers": {}}.' }] };
  }
  const servers = (doc as Record<string, unknown>).mcpServers;
  if (servers === undefined) return { ok: true, servers: {} };
  if (servers === null || typeof servers !== 'object' || Array.isArray(servers)) {
    return { ok: false, issues: [{ line: lineOfKey(text, 'mcpServers'), column: 1, message: '"mcpServers" must be an object of named servers.' }] };
  }
  const issues: EditorIssue[] = [];
  for (const [name, raw] of Object.entries(servers as Record<string, unknown>)) {
    const at = text.indexOf(JSON.stringify(name));
    issues.push(...entryIssues(text, name, raw, 'file', Math.max(0, at)));
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, servers: servers as Record<string, ServerEntry> };
}
