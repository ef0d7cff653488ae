// What `lena` says when something is wrong: --json prints one object, also for usage errors; a
// broken configuration stops every command that reads it with file, line, column and the fix; a
// server that would be skipped says why.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCli, lenaSync, SERVERS, tempHome } from './cli-harness';

let home: string;
const MEMORY = join(SERVERS, 'server-memory/dist/index.js');
const config = (value: unknown) =>
  writeFileSync(
    join(home, 'mcp.json'),
    typeof value === 'string' ? value : JSON.stringify(value, null, 2),
  );

beforeAll(() => {
  buildCli();
  home = tempHome('lena-errors-');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('--json always prints one JSON object', () => {
  beforeEach(() =>
    config({
      mcpServers: {
        memory: {
          command: process.execPath,
          args: [MEMORY],
          env: { MEMORY_FILE_PATH: join(home, 'm.jsonl') },
        },
      },
    }),
  );

  it.each([
    [
      ['mcp', 'call', 'ghost', 'tool', '{}'],
      'unknown-server',
      /No server named "ghost" is configured \(configured: memory\)/,
    ],
    [['mcp', 'call', 'memory', 'read_graph', 'not json'], 'invalid-json', /not valid JSON/],
    [['mcp', 'frobnicate'], 'unknown-command', /unknown command "lena mcp frobnicate"/],
    [['mcp', 'list', '--jsno'], 'unknown-flag', /--jsno/],
    [['mcp', 'tools', 'memory', 'extra'], 'extra-argument', /"extra"/],
    [['nonsense'], 'unknown-command', /unknown command "nonsense"/],
    [['mcp', 'add', 'bad', '--transport', 'http', 'not a url'], 'invalid-url', /is not a URL/],
  ])('lena %j --json', (argv, code, message) => {
    const r = lenaSync(home, [...argv, '--json']);
    expect(r.code).toBe(2);
    const out = r.json();
    expect(Object.keys(out)).toEqual(['error']);
    expect(out.error.code).toBe(code);
    expect(out.error.message).toMatch(message);
  });

  it('a failing call is an error object too, with a non-zero exit', () => {
    const r = lenaSync(home, ['mcp', 'call', 'memory', 'no_such_tool', '{}', '--json']);
    expect(r.code).toBe(2);
    expect(r.json().error).toMatchObject({
      code: 'unknown-tool',
      message: expect.stringMatching(
        /"memory" has no tool "no_such_tool"; its tools: .*read_graph/,
      ),
    });
  });
});

describe('a broken configuration is reported by every command', () => {
  it('a syntax error: file, line, column and the fix, exit 3, for list, tools, call, doctor, chat and add', () => {
    config('{\n  "mcpServers": {\n    "memory": { "command": "node", }\n  }\n}\n');
    const file = join(home, 'mcp.json');
    for (const argv of [
      ['mcp', 'list'],
      ['mcp', 'tools'],
      ['mcp', 'call', 'memory', 'read_graph'],
      ['mcp', 'doctor'],
      ['chat', '-p', 'hi'],
    ]) {
      const r = lenaSync(home, argv, { env: { ANTHROPIC_API_KEY: 'sk-ant-x' } });
      expect(r.code, argv.join(' ')).toBe(3);
      expect(r.stderr, argv.join(' ')).toContain(
        `${file}: invalid JSON at line 3, column 36: trailing comma`,
      );
      expect(r.stderr, argv.join(' ')).toMatch(/Fix the file in an editor at that line and column/);
    }
    const add = lenaSync(home, ['mcp', 'add', 'other', '--', 'node']);
    expect(add.code).toBe(3);
    expect(add.stderr).toMatch(/line 3, column 36[\s\S]*Nothing was changed/);
    const json = lenaSync(home, ['mcp', 'tools', '--json']);
    expect(json.code).toBe(3);
    expect(json.json().error).toMatchObject({
      code: 'config',
      errors: [{ file, line: 3, column: 36 }],
    });
  });

  it('a VS Code-shaped file asks "did you mean mcpServers"; a misspelt field gets a warning', () => {
    config({ servers: { memory: { command: 'node' } } });
    const vscode = lenaSync(home, ['mcp', 'list']);
    expect(vscode.code).toBe(1);
    expect(vscode.stderr).toMatch(
      /has "servers" \(VS Code's format\) but no "mcpServers".*did you mean "mcpServers"\?/,
    );
    config({
      mcpServers: {
        memory: { command: process.execPath, args: [MEMORY], evn: { MEMORY_FILE_PATH: 'x' } },
      },
    });
    const typo = lenaSync(home, ['mcp', 'list']);
    expect(typo.stderr).toMatch(
      /warning: .*mcp\.json:\d+:\d+: server "memory" has a field "evn", which Lena ignores; did you mean "env"\?/,
    );
  });

  it('a server with an unset ${VAR} says why it is skipped in list and tools', () => {
    config({
      mcpServers: {
        gh: {
          command: process.execPath,
          args: [MEMORY],
          env: { TOKEN: '${LENA_TEST_UNSET_TOKEN}' },
        },
      },
    });
    const list = lenaSync(home, ['mcp', 'list']);
    expect(list.stdout).toMatch(/gh +user +stdio +skipped/);
    expect(list.stdout).toMatch(
      /gh: skipped: missing environment variables: LENA_TEST_UNSET_TOKEN/,
    );
    const tools = lenaSync(home, ['mcp', 'tools']);
    expect(tools.stderr).toMatch(
      /gh: skipped: missing environment variables: LENA_TEST_UNSET_TOKEN/,
    );
    expect(lenaSync(home, ['mcp', 'list', '--json']).json().servers[0]).toMatchObject({
      name: 'gh',
      state: 'skipped',
      reason: expect.stringMatching(/LENA_TEST_UNSET_TOKEN/),
    });
  });
});
