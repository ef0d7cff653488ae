// `lena mcp …` as a user runs it: the built command line in a temporary LENA_HOME, against the
// reference MCP servers from npm and a server that fails at start.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'out/cli/lena.js');
const SERVERS = join(ROOT, 'node_modules/@modelcontextprotocol');
let home: string;
let files: string;

export function lena(args: string[], env: Record<string, string> = {}, cwd = ROOT) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH!, HOME: home, LENA_HOME: home, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout) };
}

beforeAll(() => {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
  home = mkdtempSync(join(tmpdir(), 'lena-cli-'));
  files = join(home, 'files');
  mkdirSync(files);
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('lena mcp', () => {
  it('prints its version', () => {
    const r = lena(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Lena \d+\.\d+\.\d+/);
  });

  it('adds servers with -e and lists them without starting anything', () => {
    expect(
      lena([
        'mcp',
        'add',
        'fs',
        '--',
        process.execPath,
        join(SERVERS, 'server-filesystem/dist/index.js'),
        files,
      ]).code,
    ).toBe(0);
    expect(
      lena([
        'mcp',
        'add',
        'memory',
        '-e',
        `MEMORY_FILE_PATH=${join(home, 'memory.jsonl')}`,
        '--',
        process.execPath,
        join(SERVERS, 'server-memory/dist/index.js'),
      ]).code,
    ).toBe(0);
    expect(
      lena([
        'mcp',
        'add',
        'everything',
        '--',
        process.execPath,
        join(SERVERS, 'server-everything/dist/index.js'),
        'stdio',
      ]).code,
    ).toBe(0);
    const stored = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8'));
    expect(stored.mcpServers.memory.env).toEqual({ MEMORY_FILE_PATH: join(home, 'memory.jsonl') });
    const list = lena(['mcp', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(list.json().servers.map((s: { name: string }) => s.name)).toEqual([
      'fs',
      'memory',
      'everything',
    ]);
  });

  it('adds a remote server with --transport and -H headers, and refuses a bad transport', () => {
    const r = lena([
      'mcp',
      'add',
      '--transport',
      'http',
      'docs',
      'https://example.invalid/mcp',
      '-H',
      'Authorization: Bearer ${DOCS_TOKEN}',
      '-H',
      'X-Team: core',
    ]);
    expect(r.code).toBe(0);
    const stored = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8'));
    expect(stored.mcpServers.docs).toEqual({
      type: 'http',
      url: 'https://example.invalid/mcp',
      headers: { Authorization: 'Bearer ${DOCS_TOKEN}', 'X-Team': 'core' },
    });
    const bad = lena(['mcp', 'add', '--transport', 'ftp', 'x', 'ftp://x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--transport must be http or sse/);
    expect(lena(['mcp', 'remove', 'docs']).code).toBe(0);
  });

  it('refuses a bad server name with the reason', () => {
    const r = lena(['mcp', 'add', 'my.server', '--', 'node']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/letters, digits/);
  });

  it('doctor connects every server and counts their tools', () => {
    const r = lena(['mcp', 'doctor', '--json']);
    expect(r.code).toBe(0);
    const report = r.json();
    const by = Object.fromEntries(report.servers.map((s: { name: string }) => [s.name, s]));
    expect(by.fs).toMatchObject({
      status: 'connected',
      scope: 'user',
      protocolVersion: expect.any(String),
      serverInfo: { name: expect.any(String) },
    });
    expect(by.memory.status).toBe('connected');
    expect(by.everything.status).toBe('connected');
    expect(report.toolCount).toBe(by.fs.toolCount + by.memory.toolCount + by.everything.toolCount);
    const text = lena(['mcp', 'doctor']);
    expect(text.stdout.trim().split('\n').pop()).toBe(`${report.toolCount} tools from 3 servers`);
  });

  it('doctor shows a failing server’s hint and stderr tail and exits non-zero', () => {
    lena([
      'mcp',
      'add',
      'broken',
      '--',
      process.execPath,
      '-e',
      "console.error('config file /etc/x.toml missing'); process.exit(2)",
    ]);
    lena(['mcp', 'add', 'nosuch', '--', 'lena-no-such-binary']);
    const r = lena(['mcp', 'doctor', '--json']);
    expect(r.code).toBe(1);
    const by = Object.fromEntries(r.json().servers.map((s: { name: string }) => [s.name, s]));
    expect(by.broken.status).toBe('failed');
    expect(by.broken.stderrTail).toMatch(/config file \/etc\/x.toml missing/);
    expect(by.broken.error).toMatch(/exited with code 2/);
    expect(by.nosuch.error).toMatch(/`lena-no-such-binary` was not found on PATH.*absolute path/s);
    lena(['mcp', 'remove', 'broken']);
    lena(['mcp', 'remove', 'nosuch']);
  });

  it('lists tools by qualified name and calls them: a write then a read round-trips', () => {
    const tools = lena(['mcp', 'tools', 'fs', '--json']);
    expect(tools.code).toBe(0);
    const names = tools.json().tools.map((t: { qualifiedName: string }) => t.qualifiedName);
    expect(names).toContain('mcp__fs__write_file');
    expect(names).toContain('mcp__fs__read_text_file');
    const path = join(files, 'note.txt');
    const write = lena([
      'mcp',
      'call',
      'fs',
      'write_file',
      JSON.stringify({ path, content: 'héllo ✓' }),
      '--json',
    ]);
    expect(write.code).toBe(0);
    expect(write.json()).toMatchObject({ isError: false, durationMs: expect.any(Number) });
    const read = lena([
      'mcp',
      'call',
      'mcp__fs__read_text_file',
      JSON.stringify({ path }),
      '--json',
    ]);
    expect(read.json().content).toEqual([{ type: 'text', text: 'héllo ✓' }]);
  });

  it('reports a call error as {"error":{"message"}} with a non-zero exit', () => {
    const r = lena(['mcp', 'call', 'ghost', 'tool', '{}', '--json']);
    expect(r.code).not.toBe(0);
    const bad = lena(['mcp', 'call', 'fs', 'read_text_file', 'not json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not valid JSON/);
    const toolError = lena([
      'mcp',
      'call',
      'fs',
      'read_text_file',
      JSON.stringify({ path: '/etc/passwd' }),
      '--json',
    ]);
    expect(toolError.code).toBe(1);
    expect(toolError.json().isError).toBe(true);
  });

  it('uses --config FILE as the only configuration', () => {
    const file = join(home, 'only.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          solo: {
            command: process.execPath,
            args: [join(SERVERS, 'server-memory/dist/index.js')],
            env: { MEMORY_FILE_PATH: join(home, 'm2.jsonl') },
          },
        },
      }),
    );
    const r = lena(['mcp', 'doctor', '--config', file, '--json']);
    expect(r.json().servers.map((s: { name: string }) => s.name)).toEqual(['solo']);
  });

  it('holds a project server until `lena mcp approve` and asks again when its command changes', () => {
    const project = join(home, 'project');
    mkdirSync(project);
    const entry = {
      command: process.execPath,
      args: [join(SERVERS, 'server-memory/dist/index.js')],
      env: { MEMORY_FILE_PATH: join(home, 'm3.jsonl') },
    };
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { proj: entry } }));
    const before = lena(['mcp', 'doctor', '--project', project, '--json']).json();
    expect(before.servers.find((s: { name: string }) => s.name === 'proj')).toMatchObject({
      status: 'needs-approval',
      scope: 'project',
    });
    const approve = lena(['mcp', 'approve', 'proj', '--project', project, '--yes']);
    expect(approve.code).toBe(0);
    expect(approve.stdout).toContain(join(SERVERS, 'server-memory/dist/index.js'));
    expect(approve.stdout).toMatch(/MEMORY_FILE_PATH/);
    expect(
      lena(['mcp', 'doctor', '--project', project, '--json'])
        .json()
        .servers.find((s: { name: string }) => s.name === 'proj').status,
    ).toBe('connected');
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({ mcpServers: { proj: { ...entry, args: [...entry.args, '--extra'] } } }),
    );
    expect(
      lena(['mcp', 'doctor', '--project', project, '--json'])
        .json()
        .servers.find((s: { name: string }) => s.name === 'proj').status,
    ).toBe('needs-approval');
    // Asked again, it says what changed since the approval, before the whole entry.
    const again = lena(['mcp', 'approve', 'proj', '--project', project, '--yes']);
    expect(again.stdout).toMatch(
      /You approved an earlier version of this entry on \d{4}-\d\d-\d\d/,
    );
    expect(again.stdout).toContain('args[1]: added "--extra"');
    expect(lena(['mcp', 'reset-approvals', '--project', project]).stdout).toMatch(
      /Forgot 1 approval/,
    );
  });
});
