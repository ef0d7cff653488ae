// How a tool call's arguments read in the permission dialog: the JSON pretty-printed with long and
// multi-line strings folded to their first line (each shown in full below it as a text block, so
// a file's content reads like a file), and for write-like tools (a path plus content or edits) a
// preview of what will be written or a diff of the edits. Pure, so it is unit-tested.

/** Strings longer than this, or with a newline, are folded in the JSON and shown as text blocks. */
export const FOLD_CHARS = 160;

export interface TextBlock {
  /** Where the value sits in the arguments: `content`, `edits[0].newText`… */
  path: string;
  text: string;
  lines: number;
}

export interface DiffLine {
  kind: 'del' | 'add';
  text: string;
}

export interface ArgumentsLayout {
  /** The JSON with folded strings shown as `"first line…" ⟨N lines, below⟩`. */
  json: string;
  blocks: TextBlock[];
  /** A write-like tool: the file it writes and, for edits, the diff (content blocks show the rest). */
  write: { path: string; diff: DiffLine[] | null } | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const lineCount = (s: string) => s.split('\n').length;
const SENTINEL = (n: number) => `@@lena-fold-${n}@@`;

function collect(value: unknown, path: string, blocks: TextBlock[]): unknown {
  if (typeof value === 'string' && (value.includes('\n') || value.length > FOLD_CHARS)) {
    blocks.push({ path, text: value, lines: lineCount(value) });
    return SENTINEL(blocks.length - 1);
  }
  if (Array.isArray(value)) return value.map((v, i) => collect(v, `${path}[${i}]`, blocks));
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, collect(v, path ? `${path}.${k}` : k, blocks)]),
    );
  return value;
}

function diffOf(edits: unknown): DiffLine[] | null {
  if (!Array.isArray(edits) || edits.length === 0) return null;
  const lines: DiffLine[] = [];
  for (const e of edits) {
    if (!isRecord(e)) return null;
    const before = e.oldText ?? e.old_text ?? e.old_string ?? e.search;
    const after = e.newText ?? e.new_text ?? e.new_string ?? e.replace;
    if (typeof before !== 'string' || typeof after !== 'string') return null;
    for (const l of before.split('\n')) lines.push({ kind: 'del', text: l });
    for (const l of after.split('\n')) lines.push({ kind: 'add', text: l });
  }
  return lines;
}

/** Lays out `argumentsText` (pretty JSON from core, invisible characters already marked); null when it is not a JSON object. */
export function layoutArguments(argumentsText: string): ArgumentsLayout | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const blocks: TextBlock[] = [];
  const folded = collect(parsed, '', blocks);
  const json = JSON.stringify(folded, null, 2).replace(/"@@lena-fold-(\d+)@@"/g, (_, n: string) => {
    const b = blocks[Number(n)];
    const first = b.text.split('\n')[0];
    const shown = JSON.stringify(first.length > 60 ? first.slice(0, 60) : first).slice(0, -1);
    return `${shown}…" ⟨${b.lines > 1 ? `${b.lines} lines` : `${b.text.length} characters`}, shown below⟩`;
  });
  const path =
    typeof parsed.path === 'string'
      ? parsed.path
      : typeof parsed.file_path === 'string'
        ? parsed.file_path
        : null;
  const writes =
    path !== null && (typeof parsed.content === 'string' || Array.isArray(parsed.edits));
  return { json, blocks, write: writes ? { path, diff: diffOf(parsed.edits) } : null };
}
