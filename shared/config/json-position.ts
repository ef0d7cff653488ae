// JSON.parse with a line and column for every syntax error, and a reason in words: the one JSON
// parser with positions, for Lena's own files (core/base/json-file.ts), the configuration files
// and the window's JSON editor. The offset comes from the scanner of json-offset.ts (V8 gives no
// position for some errors); this module explains, from the text around that offset, what was
// probably meant. Pure (no Node imports).
import { findJsonErrorOffset, positionAt } from './json-offset';

export type JsonParseResult =
  | { ok: true; value: unknown }
  | { ok: false; line: number; column: number; offset: number; reason: string };

/** Parses JSON text (a leading byte-order mark is ignored); on error, says where and why. */
export function parseJsonWithPosition(text: string): JsonParseResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch {
    const found = findJsonErrorOffset(source);
    const offset = found < 0 ? source.length : found;
    return {
      ok: false,
      ...positionAt(source, offset),
      offset,
      reason: explainJsonError(source, offset),
    };
  }
}

function previousSignificant(text: string, offset: number): string | undefined {
  for (let i = offset - 1; i >= 0; i--) if (!' \t\r\n'.includes(text[i])) return text[i];
  return undefined;
}

const LITERALS = ['true', 'false', 'null'];

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** What most likely went wrong at `offset`, phrased for someone editing the file by hand. */
export function explainJsonError(text: string, offset: number): string {
  if (text.trim() === '') return 'the file is empty: expected a JSON value such as {}';
  if (offset >= text.length)
    return 'the file ends too early: a closing "}", "]" or quote is missing';
  const char = text[offset];
  const before = previousSignificant(text, offset);
  // The scanner skips whitespace between tokens, so a control character here is inside a string.
  if (text.charCodeAt(offset) < 0x20)
    return 'a raw line break or tab inside a string: write it as \\n or \\t';
  if (text[offset - 1] === '\\')
    return `invalid escape \\${char} in a string (a Windows path needs \\\\ for each backslash)`;
  if ((char === '}' || char === ']') && before === ',')
    return `trailing comma before "${char}": remove the last comma`;
  if (isJson(text.slice(0, offset)))
    return `unexpected ${JSON.stringify(char)} after the end of the JSON value: remove it`;
  if (char === "'")
    return 'strings and property names need double quotes ("), not single quotes (\')';
  if (char === '/' && (text[offset + 1] === '/' || text[offset + 1] === '*'))
    return 'comments are not allowed in JSON';
  const wordBefore = /[A-Za-z]+$/.exec(text.slice(0, offset).trimEnd())?.[0];
  const word =
    /^[A-Za-z]+/.exec(text.slice(offset))?.[0] ??
    (wordBefore && !LITERALS.includes(wordBefore) ? wordBefore : undefined);
  if (word)
    return `${word} is not a JSON value: put text in double quotes; only true, false and null go without quotes`;
  if (char === '"' && before !== undefined && /["}\]\d]|[el]/.test(before))
    return 'a comma is missing before this';
  if (before === '"') return 'expected ":" after a property name, or "," after a value';
  return `unexpected ${JSON.stringify(char)}`;
}
