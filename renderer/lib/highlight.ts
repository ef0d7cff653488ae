// A tiny tokenizer for light code highlighting (strings, numbers, keywords, comments): enough to
// read JSON and common languages at a glance without shipping a grammar library.

export type TokenKind = 'string' | 'number' | 'keyword' | 'comment' | 'key' | 'plain';
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set(
  'true false null undefined const let var function return if else for while do break continue switch case default new class extends import export from as async await def elif in not and or is None True False self fn pub use struct enum impl match mut type interface try catch finally throw raise with yield lambda echo'.split(
    ' ',
  ),
);

const RULES: [TokenKind, RegExp][] = [
  ['comment', /\/\/[^\n]*|\/\*[\s\S]*?\*\/|#[^\n]*/y],
  ['string', /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/y],
  ['number', /-?\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/y],
  ['plain', /[A-Za-z_$][\w$]*/y],
];

/** Tokens that concatenate back to exactly `code`. `#` comments only for languages that use them. */
export function tokenize(code: string, language = ''): Token[] {
  const hashComments = /^(py|python|sh|bash|shell|zsh|yaml|yml|toml|ruby|rb|r)$/i.test(language);
  const out: Token[] = [];
  let plain = '';
  let i = 0;
  const push = (kind: TokenKind, text: string) => {
    if (kind === 'plain') plain += text;
    else {
      if (plain) out.push({ kind: 'plain', text: plain });
      plain = '';
      out.push({ kind, text });
    }
  };
  outer: while (i < code.length) {
    for (const [kind, re] of RULES) {
      if (kind === 'comment' && code[i] === '#' && !hashComments) continue;
      re.lastIndex = i;
      const m = re.exec(code);
      if (m && m[0].length > 0) {
        let k = kind;
        if (kind === 'plain' && KEYWORDS.has(m[0])) k = 'keyword';
        if (kind === 'string' && /^\s*:/.test(code.slice(i + m[0].length, i + m[0].length + 4)))
          k = 'key';
        push(k, m[0]);
        i += m[0].length;
        continue outer;
      }
    }
    push('plain', code[i]);
    i++;
  }
  if (plain) out.push({ kind: 'plain', text: plain });
  return out;
}
