// JSON.parse with a line and column for every syntax error. V8 gives a position for some errors
// only ("Unexpected token '}', ... is not valid JSON" has none), so a small scanner finds the
// first offending character itself and says what was expected there.

export type JsonParseResult =
  | { ok: true; value: unknown }
  | { ok: false; line: number; column: number; offset: number; reason: string };

/** Parses JSON text (a leading byte-order mark is ignored); on error, says where and why. */
export function parseJsonWithPosition(text: string): JsonParseResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (error) {
    const found = scanForError(source) ?? fromV8Message(source, error);
    return { ok: false, ...positionOf(source, found.offset), offset: found.offset, reason: found.reason };
  }
}

/** 1-based line and column of an offset, counting `\n`, `\r\n` and `\r` as line ends. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

interface Found {
  offset: number;
  reason: string;
}

function fromV8Message(text: string, error: unknown): Found {
  const message = error instanceof Error ? error.message : String(error);
  const match = /at position (\d+)/.exec(message);
  return { offset: match ? Number(match[1]) : text.length, reason: message };
}

class SyntaxFound extends Error {
  constructor(readonly found: Found) {
    super(found.reason);
  }
}

/** Walks the text as a JSON grammar; returns the first error, or undefined if none was found. */
function scanForError(text: string): Found | undefined {
  let i = 0;
  const fail = (reason: string, at = i): never => {
    throw new SyntaxFound({ offset: at, reason });
  };
  const describe = (at: number): string =>
    at >= text.length ? 'the file ends' : `found ${JSON.stringify(text[at])}`;
  const skipSpace = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };

  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('unterminated string: the closing " is missing');
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 0x20) fail('a raw control character (such as a newline or tab) inside a string: write it as \\n or \\t');
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('invalid \\u escape: expected 4 hex digits');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(`invalid escape \\${e ?? ''} in a string (a Windows path needs \\\\ for each backslash)`);
      } else i++;
    }
  };

  const number = (): void => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match || match[0] === '-' || match[0] === '') fail(`expected a value, ${describe(i)}`);
    i += match![0].length;
  };

  const value = (): void => {
    skipSpace();
    const c = text[i];
    if (c === '{') object();
    else if (c === '[') array();
    else if (c === '"') string();
    else if (c === '-' || (c >= '0' && c <= '9')) number();
    else {
      for (const word of ['true', 'false', 'null']) {
        if (text.startsWith(word, i)) {
          i += word.length;
          return;
        }
      }
      if (c === "'") fail("strings need double quotes (\"), not single quotes (')");
      fail(`expected a value (string, number, object, array, true, false or null), ${describe(i)}`);
    }
  };

  const object = (): void => {
    i++;
    skipSpace();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      skipSpace();
      if (text[i] !== '"') {
        if (text[i] === '}') fail('trailing comma before "}": remove the last comma');
        fail(`expected a property name in double quotes, ${describe(i)}`);
      }
      string();
      skipSpace();
      if (text[i] !== ':') fail(`expected ":" after the property name, ${describe(i)}`);
      i++;
      value();
      skipSpace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return;
      }
      fail(`expected "," or "}" after a property value, ${describe(i)}`);
    }
  };

  const array = (): void => {
    i++;
    skipSpace();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      skipSpace();
      if (text[i] === ']') fail('trailing comma before "]": remove the last comma');
      value();
      skipSpace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return;
      }
      fail(`expected "," or "]" after an array element, ${describe(i)}`);
    }
  };

  try {
    skipSpace();
    if (i >= text.length) fail('the file is empty: expected a JSON object such as {"mcpServers": {}}');
    value();
    skipSpace();
    if (i < text.length) fail(`unexpected text after the end of the JSON value, ${describe(i)}`);
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxFound) return error.found;
    throw error;
  }
}
