import { describe, expect, it } from 'vitest';
import { parseConfigWithHints } from '../../../../../electron/core/mcp/config/parse';

const FILE = '/home/u/.lena/mcp.json';
const parse = (text: string) => parseConfigWithHints(text, FILE);
const messages = (text: string) => parse(text).errors.map((e) => e.message);
const one = (entry: unknown) => messages(JSON.stringify({ mcpServers: { srv: entry } }, null, 2));

describe('parseConfigText: JSON syntax errors invalidate the whole file, with line and column', () => {
  it('missing colon', () => {
    const result = parse('{\n  "mcpServers": {\n    "a" {}\n  }\n}');
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      {
        file: FILE,
        line: 3,
        column: 9,
        message: `${FILE}: invalid JSON at line 3, column 9: expected ":" after a property name, or "," after a value`,
      },
    ]);
  });

  it('a trailing comma, which V8 reports without a position', () => {
    expect(messages('{\n  "mcpServers": {\n    "a": {"command": "x"},\n  }\n}')).toEqual([
      `${FILE}: invalid JSON at line 4, column 3: trailing comma before "}": remove the last comma`,
    ]);
  });

  it('a truncated file', () => {
    expect(messages('{"mcpServers": {"a": {"command": "x"')).toEqual([
      `${FILE}: invalid JSON at line 1, column 37: the file ends too early: a closing "}", "]" or quote is missing`,
    ]);
  });

  it('single quotes, unquoted words, raw newlines in strings, bad escapes, comments, extra text', () => {
    expect(messages("{'mcpServers': {}}")[0]).toBe(
      `${FILE}: invalid JSON at line 1, column 2: strings and property names need double quotes ("), not single quotes (')`,
    );
    expect(messages('{"a": hello}')[0]).toBe(
      `${FILE}: invalid JSON at line 1, column 7: hello is not a JSON value: put text in double quotes; only true, false and null go without quotes`,
    );
    expect(messages('{"a": tru}')[0]).toMatch(/column 10: tru is not a JSON value/);
    expect(messages('{"a": "x\ny"}')[0]).toBe(
      `${FILE}: invalid JSON at line 1, column 9: a raw line break or tab inside a string: write it as \\n or \\t`,
    );
    expect(messages('{"cwd": "C:\\Users"}')[0]).toBe(
      `${FILE}: invalid JSON at line 1, column 13: invalid escape \\U in a string (a Windows path needs \\\\ for each backslash)`,
    );
    expect(messages('{"a": 1, // note\n"b": 2}')[0]).toBe(
      `${FILE}: invalid JSON at line 1, column 10: comments are not allowed in JSON`,
    );
    expect(messages('{"a": 1}}')[0]).toBe(
      `${FILE}: invalid JSON at line 1, column 9: unexpected "}" after the end of the JSON value: remove it`,
    );
    expect(messages('{"a": 1 "b": 2}')[0]).toBe(
      `${FILE}: invalid JSON at line 1, column 9: a comma is missing before this`,
    );
  });

  it('CRLF line ends count as one line', () => {
    expect(parse('{\r\n"mcpServers": {\r\n}\r\n}}').errors[0]).toMatchObject({
      line: 4,
      column: 2,
    });
  });

  it('a byte-order mark is accepted and an empty file is an empty configuration', () => {
    expect(
      parse('\uFEFF{"mcpServers": {"a": {"command": "x"}}}').config?.servers.map((s) => s.name),
    ).toEqual(['a']);
    expect(parse('  \n').config?.servers).toEqual([]);
  });
});

describe('parseConfigText: shape of the file', () => {
  it('the top level must be an object, and mcpServers an object', () => {
    expect(messages('[]')).toEqual([
      `${FILE}: the file must contain a JSON object such as {"mcpServers": {}} (got an array)`,
    ]);
    const result = parse('{"mcpServers": []}');
    expect(result.ok).toBe(false);
    expect(result.errors[0].message).toBe(
      `${FILE}: "mcpServers" must be an object mapping server names to entries, like {"mcpServers": {"files": {"command": "npx"}}} (got an array)`,
    );
  });

  it('a file without mcpServers has no servers and keeps its other fields', () => {
    const result = parse('{"theme": "dark"}');
    expect(result.ok && result.config.servers).toEqual([]);
    expect(result.config?.document).toEqual({ theme: 'dark' });
  });
});

describe('parseConfigText: entries', () => {
  it('keeps good servers when one entry is bad, and says which and why', () => {
    const result = parse(
      JSON.stringify({
        mcpServers: {
          good: { command: 'node', args: ['s.js'] },
          bad: { command: 'node', args: 'x' },
          web: { url: 'https://h/mcp' },
        },
      }),
    );
    expect(result.ok).toBe(true);
    expect(result.config?.servers.filter((s) => s.entry).map((s) => s.name)).toEqual([
      'good',
      'web',
    ]);
    expect(result.errors).toEqual([
      {
        file: FILE,
        server: 'bad',
        field: 'args',
        line: 1,
        column: 82,
        message: `${FILE}:1:82: server "bad": "args" must be an array of strings (got "x")`,
      },
    ]);
  });

  it('wrong types name the field, the expectation and what was found', () => {
    expect(one({ command: 'node', args: ['a', 2] })).toEqual([
      `${FILE}:5:7: server "srv": "args[1]" must be a string (got a number (2))`,
    ]);
    expect(one({ command: 'node', env: { PORT: 3000 } })).toEqual([
      `${FILE}:6:9: server "srv": "env.PORT" must be a string (quote numbers and booleans) (got a number)`, // env values may be secrets: not shown
    ]);
    expect(one({ command: 'node', env: ['A=1'] })).toEqual([
      `${FILE}:5:7: server "srv": "env" must be an object of environment variables, like {"NAME": "value"} (got an array)`,
    ]);
    expect(one({ command: 'node', timeout: '30' })).toEqual([
      `${FILE}:5:7: server "srv": "timeout" must be a number of seconds (got "30")`,
    ]);
    expect(one({ command: 'node', startupTimeout: 0 })).toEqual([
      `${FILE}:5:7: server "srv": "startupTimeout" must be a positive number of seconds (got a number (0))`,
    ]);
    expect(one({ command: 'node', disabled: 'yes' })).toEqual([
      `${FILE}:5:7: server "srv": "disabled" must be true or false (got "yes")`,
    ]);
    expect(one({ command: '  ' })).toEqual([
      `${FILE}:4:7: server "srv": "command" must not be empty (expected a command, such as "npx" or an absolute path) (got "  ")`,
    ]);
    expect(one('npx server')).toEqual([
      `${FILE}:3:5: server "srv": the entry must be an object such as {"command": "npx", "args": [...]} (got "npx server")`,
    ]);
  });

  it('an unknown transport', () => {
    expect(one({ type: 'websocket', url: 'wss://h' })).toEqual([
      `${FILE}:4:7: server "srv": "type" must be "stdio", "http" or "sse" (got "websocket")`,
    ]);
  });

  it('both command and url, neither, or a type that contradicts them', () => {
    expect(one({ command: 'node', url: 'https://h' })).toEqual([
      `${FILE}:3:5: server "srv": has both "command" and "url": a server is either started locally (command) or reached remotely (url); keep one of them`,
    ]);
    expect(one({ args: ['x'] })).toEqual([
      `${FILE}:3:5: server "srv": needs "command" (to start a local server) or "url" (to reach a remote server)`,
    ]);
    expect(one({ type: 'stdio', url: 'https://h' })).toEqual([
      `${FILE}:4:7: server "srv": "type" is "stdio", which needs "command"; for a remote server at "url" use "http" or "sse"`,
    ]);
    expect(one({ type: 'sse', command: 'node' })).toEqual([
      `${FILE}:4:7: server "srv": "type" is "sse", which needs "url"; for a local server started with "command" use "stdio"`,
    ]);
  });

  it('refuses server names that cannot be part of tool names', () => {
    const result = parse(
      JSON.stringify({
        mcpServers: { 'my files': { command: 'x' }, 'ok_name-2': { command: 'x' } },
      }),
    );
    expect(result.config?.servers.filter((s) => s.entry).map((s) => s.name)).toEqual(['ok_name-2']);
    expect(result.errors.map((e) => e.message)).toEqual([
      `${FILE}:1:16: server "my files": the name "my files" is not allowed: use only letters, digits, "_" and "-", because the name becomes part of tool names such as mcp__my_files__TOOL`,
    ]);
  });

  it('reports a server name written twice (JSON keeps only the last) at the last one', () => {
    const result = parse(
      '{"mcpServers": {\n  "a": {"command": "old"},\n  "a": {"command": "new"}\n}}',
    );
    expect(result.config?.servers.map((s) => s.entry)).toEqual([{ command: 'new' }]);
    expect(result.errors).toEqual([
      {
        file: FILE,
        server: 'a',
        line: 3,
        column: 3,
        message: `${FILE}:3:3: server "a" is defined 2 times in this file; only the last definition is used: rename or remove the others`,
      },
    ]);
  });

  it('points at the nested key of a wrong value, past a byte-order mark and escaped quotes', () => {
    const text =
      '\uFEFF{"note": "a \\"quoted\\" {value}",\n "mcpServers": {\n  "x": {\n   "command": "node",\n   "env": {"OK": "1", "N": 2}}}}';
    expect(messages(text)).toEqual([
      `${FILE}:5:23: server "x": "env.N" must be a string (quote numbers and booleans) (got a number)`,
    ]);
  });

  it('keeps unknown fields of an entry', () => {
    const result = parse(
      JSON.stringify({
        mcpServers: { a: { command: 'x', alwaysAllow: ['t'], note: { by: 'me' } } },
      }),
    );
    expect(result.config?.servers[0].entry).toEqual({
      command: 'x',
      alwaysAllow: ['t'],
      note: { by: 'me' },
    });
  });
});

describe('parseConfigText: likely mistakes that would configure nothing, or be ignored', () => {
  it('a VS Code-shaped file ({"servers": …}) asks "did you mean mcpServers"', () => {
    const result = parse(JSON.stringify({ servers: { fs: { type: 'stdio', command: 'npx' } } }));
    expect(result.ok).toBe(true);
    expect(result.errors.map((e) => e.message)).toEqual([
      `${FILE}: has "servers" (VS Code's format) but no "mcpServers", so no server is configured; did you mean "mcpServers"? Rename the key to "mcpServers".`,
    ]);
  });

  it('warns of misspelt entry fields with their position, and not of other unknown fields', () => {
    const result = parse(
      JSON.stringify(
        {
          mcpServers: {
            fs: { command: 'npx', agrs: ['x'], startup_timeout: 5, Env: {}, futureField: 1 },
            db: { command: 'db', enviroment: { A: '1' }, protocl: '2025-11-25' },
          },
        },
        null,
        2,
      ),
    );
    expect(result.ok && result.errors).toEqual([]);
    const warnings = (result.warnings ?? []).map((w) => [
      w.field,
      w.line,
      /did you mean "(\w+)"/.exec(w.message)?.[1],
    ]);
    expect(warnings).toEqual([
      ['agrs', 5, 'args'],
      ['startup_timeout', 8, 'startupTimeout'],
      ['Env', 9, 'env'],
      // Known fields come from the entry schema, so a later field (protocol) is suggested too.
      ['enviroment', 14, 'env'],
      ['protocl', 17, 'protocol'],
    ]);
  });
});
