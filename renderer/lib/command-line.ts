// Splits a pasted command line into a command and its arguments the way a POSIX shell would for
// plain words and quotes (no expansion): `npx -y "@scope/pkg" '/a b'` → npx, -y, @scope/pkg, /a b.

export type SplitResult = { ok: true; words: string[] } | { ok: false; error: string };

/** Words of a command line; single quotes are literal, double quotes allow \" and \\. */
export function splitCommandLine(text: string): SplitResult {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else current += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) current += text[++i];
      else current += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length && text[i + 1] !== '\n') {
      current += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (quote)
    return {
      ok: false,
      error: `The command line has an unclosed ${quote === '"' ? 'double' : 'single'} quote.`,
    };
  if (inWord) words.push(current);
  return { ok: true, words };
}

/** Whether pasted text looks like a whole command line rather than a single path or word. */
export function looksLikeCommandLine(text: string): boolean {
  const r = splitCommandLine(text.trim());
  return r.ok && r.words.length > 1 && !text.includes('\n');
}

/** Joins words back into a line a user can read and paste again (quotes only where needed). */
export function joinCommandLine(words: readonly string[]): string {
  return words
    .map((w) => (w === '' ? "''" : /[\s"'\\$`]/.test(w) ? `'${w.replace(/'/g, `'\\''`)}'` : w))
    .join(' ');
}
