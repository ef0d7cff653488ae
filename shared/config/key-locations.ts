// Where each key of a (valid) JSON text is, so that a problem in a server entry can point at its
// line, and a server name written twice in one file (JSON.parse silently keeps the last) can be
// reported. Pure (no Node imports).

export interface KeyLocation {
  /** Keys from the top, e.g. ["mcpServers", "files", "args"]. */
  path: string[];
  /** Offset of the key's opening quote. */
  offset: number;
}

/** Every object key down to `maxDepth` levels, in text order. Assumes `text` parses as JSON. */
export function locateKeys(text: string, maxDepth = 3): KeyLocation[] {
  const found: KeyLocation[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const skipSpace = (): void => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  };
  const skipString = (): string => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return text.slice(start, i);
  };
  const value = (path: string[]): void => {
    skipSpace();
    const c = text[i];
    if (c === '{') {
      i++;
      for (;;) {
        skipSpace();
        if (text[i] === '}') break;
        if (text[i] === ',') {
          i++;
          continue;
        }
        const offset = i;
        const key = JSON.parse(skipString()) as string;
        const keyPath = [...path, key];
        if (keyPath.length <= maxDepth) found.push({ path: keyPath, offset });
        skipSpace();
        i++; // ':'
        value(keyPath);
      }
      i++;
    } else if (c === '[') {
      i++;
      for (let index = 0; ; index++) {
        skipSpace();
        if (text[i] === ']') break;
        if (text[i] === ',') i++;
        value([...path, String(index)]);
      }
      i++;
    } else if (c === '"') skipString();
    else while (i < text.length && !',}] \t\r\n'.includes(text[i])) i++;
  };
  value([]);
  return found;
}
