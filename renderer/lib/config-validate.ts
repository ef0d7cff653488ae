// Validates server configuration typed in the JSON editor with the very parser core loads the file
// with (shared/config/parse-text.ts: JSON scanner, key locator, entry schema), so the editor and
// the loader never disagree about what is valid or where a problem is.
import type { ConfigIssue, ServerEntry } from '../../shared/server-config';
import { parseJsonWithPosition } from '../../shared/config/json-position';
import { entryLocator, parseConfigText } from '../../shared/config/parse-text';
import { validateServerEntry } from '../../shared/config/server-entry-schema';

export interface EditorIssue {
  /** 1-based line the problem is shown at. */
  line: number;
  column: number;
  message: string;
}

export type EntryTextResult =
  { ok: true; entry: ServerEntry } | { ok: false; issues: EditorIssue[] };
export type FileTextResult =
  { ok: true; servers: Record<string, ServerEntry> } | { ok: false; issues: EditorIssue[] };

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
    return {
      ok: false,
      issues: [
        {
          line,
          column,
          message: `Invalid JSON at line ${line}, column ${column}: trailing comma (JSON allows no comma before a closing bracket; remove it).`,
        },
      ],
    };
  }
  return {
    ok: false,
    issues: [
      {
        line: json.line,
        column: json.column,
        message: `Invalid JSON at line ${json.line}, column ${json.column}: ${json.reason}`,
      },
    ],
  };
}

/** A core issue as the editor marks it: at its line (the entry's start when it has none), without the file name. */
const asEditorIssue =
  (file: string) =>
  (issue: ConfigIssue): EditorIssue => ({
    line: issue.line ?? 1,
    column: issue.column ?? 1,
    message: issue.message.replace(new RegExp(`^${file}(:\\d+:\\d+)?: `), ''),
  });

/** One server's entry as typed in the editor: JSON syntax first, then the entry's shape. */
export function validateEntryText(text: string, name: string): EntryTextResult {
  const parsed = syntax(text);
  if (!parsed.ok) return parsed;
  const v = validateServerEntry('entry', name, parsed.value, entryLocator(text));
  return v.ok
    ? { ok: true, entry: parsed.value as ServerEntry }
    : { ok: false, issues: v.issues.map(asEditorIssue('entry')) };
}

/** A whole `{"mcpServers": {...}}` file as typed: syntax, the top level, then every entry. */
export function validateFileText(text: string): FileTextResult {
  const parsed = syntax(text);
  if (!parsed.ok && text.trim() !== '') return parsed;
  const r = parseConfigText(text, 'file');
  if (!r.ok || r.errors.length > 0)
    return { ok: false, issues: r.errors.map(asEditorIssue('file')) };
  return {
    ok: true,
    servers: Object.fromEntries(r.config.servers.map((s) => [s.name, s.entry as ServerEntry])),
  };
}
