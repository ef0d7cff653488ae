// Globs of argument rules: `*` and `?` stay within one `/` segment, `**` crosses them, `{a,b}`
// is either, a backslash escapes the next character. Compiled once per pattern text.
const compiled = new Map<string, RegExp>();
const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A glob as a regular expression, compiled once per pattern text. */
export function globRegex(glob: string): RegExp {
  let re = compiled.get(glob);
  if (!re) {
    if (compiled.size > 5000) compiled.clear();
    re = new RegExp(`^${globSource(glob)}$`, 's');
    compiled.set(glob, re);
  }
  return re;
}

function globSource(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') out += escape(glob[++i] ?? '\\');
    else if (c === '?') out += '[^/]';
    else if (c === '*' && glob[i + 1] === '*') {
      const segmentStart = i === 0 || glob[i - 1] === '/';
      i++;
      if (segmentStart && glob[i + 1] === '/') {
        out += '(?:.*/)?'; // `**/` is any number of folders, none included
        i++;
      } else if (segmentStart && i === glob.length - 1 && out.endsWith('/')) {
        out = `${out.slice(0, -1)}(?:/.*)?`; // `dir/**` is the folder and everything in it
      } else out += '.*';
    } else if (c === '*') out += '[^/]*';
    else if (c === '{') {
      const close = glob.indexOf('}', i);
      if (close < 0) out += escape(c);
      else {
        out += `(?:${glob
          .slice(i + 1, close)
          .split(',')
          .map(globSource)
          .join('|')})`;
        i = close;
      }
    } else out += escape(c);
  }
  return out;
}
