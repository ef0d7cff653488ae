// RELIABILITY fault 44: `--help` on any `lena` subcommand shows help and does nothing else. Lena's
// home stays byte-identical (no approval forgotten, no mcp.json written, no server started), and
// flags or arguments a command does not take are errors that name them.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, lenaSync, tempHome } from './cli-harness';

let home: string;
let marker: string;
let env: Record<string, string>;

/** Every file under `dir` with its bytes, so any change shows. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) {
        out[`${path}/`] = '';
        walk(path);
      } else out[path] = readFileSync(path, 'base64');
    }
  };
  walk(dir);
  return out;
}

/** The subcommands `lena mcp` lists (so a new one is covered without touching this test). */
function subcommands(): string[] {
  const r = lenaSync(home, ['mcp'], { env });
  return [...r.stdout.matchAll(/^ {2}lena mcp (\S+)/gm)].map((m) => m[1]);
}

beforeAll(() => {
  buildCli();
  home = tempHome('lena-help-');
  marker = join(home, 'started');
  const server = {
    command: process.execPath,
    args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`],
  };
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { fs: server } }, null, 2));
  writeFileSync(
    join(home, 'approvals.json'),
    JSON.stringify({ '/some/project': { db: { hash: 'abc', decision: 'approved', at: 1 } } }),
  );
  // A Claude Desktop configuration that import-claude-desktop would copy.
  const xdg = join(home, 'xdg');
  mkdirSync(join(xdg, 'Claude'), { recursive: true });
  writeFileSync(
    join(xdg, 'Claude', 'claude_desktop_config.json'),
    JSON.stringify({ mcpServers: { fromDesktop: { command: 'node' } } }),
  );
  env = { XDG_CONFIG_HOME: xdg };
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('help', () => {
  it('lena mcp alone and lena mcp --help list every subcommand', () => {
    const bare = lenaSync(home, ['mcp'], { env });
    expect(bare.code).toBe(0);
    const names = subcommands();
    expect(names).toEqual(
      expect.arrayContaining([
        'list',
        'doctor',
        'tools',
        'call',
        'add',
        'remove',
        'import-claude-desktop',
        'approve',
        'reset-approvals',
      ]),
    );
    expect(lenaSync(home, ['mcp', '--help'], { env }).stdout).toBe(bare.stdout);
  });

  it('--help, -h and `lena help mcp X` on every subcommand print its usage, flags and an example, and change nothing in Lena’s home', () => {
    const before = snapshot(home);
    for (const sub of subcommands()) {
      // With the arguments a real use would have: help wins over them all.
      const realistic: Record<string, string[]> = {
        call: ['fs', 'write_file', '{}'],
        add: ['x', '--', 'node', 'x.js'],
        remove: ['fs'],
        approve: ['db', '--project', home],
        tools: ['fs'],
      };
      for (const argv of [
        // (for add, before "--": after it, --help belongs to the server's own command)
        [
          'mcp',
          sub,
          ...(realistic[sub] ?? []).filter((a) => a !== '--' && a !== 'node' && a !== 'x.js'),
          '--help',
          ...(sub === 'add' ? ['--', 'node', 'x.js'] : []),
        ],
        ['mcp', sub, '-h', ...(realistic[sub] ?? [])],
        ['help', 'mcp', sub],
      ]) {
        const r = lenaSync(home, argv, { env });
        expect(r.code, argv.join(' ')).toBe(0);
        expect(r.stdout, argv.join(' ')).toMatch(
          new RegExp(
            `Usage:\\n {2}lena mcp ${sub}[\\s\\S]*Flags:[\\s\\S]*--help[\\s\\S]*Examples:\\n {2}lena mcp ${sub}`,
          ),
        );
        expect(r.stderr, argv.join(' ')).toBe('');
      }
    }
    for (const argv of [
      ['chat', '-p', 'hello', '--help'],
      ['help', 'chat'],
      ['help'],
      ['--help'],
      ['home', '--help'],
    ]) {
      expect(lenaSync(home, argv, { env }).code, argv.join(' ')).toBe(0);
    }
    expect(snapshot(home)).toEqual(before);
    expect(existsSync(marker)).toBe(false);
  }, 240_000);

  it('lena help documents the exit codes and the server environment', () => {
    const text = lenaSync(home, ['help'], { env }).stdout;
    expect(text).toMatch(
      /Exit status:\n {2}0 +success\n {2}1 [^\n]*\n {2}2 [^\n]*usage[^\n]*\n {2}3 [^\n]*configuration/,
    );
    for (const name of [
      'HTTPS_PROXY',
      'NO_PROXY',
      'NODE_EXTRA_CA_CERTS',
      'SSL_CERT_FILE',
      'REQUESTS_CA_BUNDLE',
      'LANG',
      'LC_*',
      'TMPDIR',
      'SYSTEMROOT',
    ])
      expect(text).toContain(name);
  });

  it('an unknown flag is an error that names it (no silent --jsno), and so is an extra argument', () => {
    const flag = lenaSync(home, ['mcp', 'list', '--jsno'], { env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/unknown flag "--jsno" for "lena mcp list"; did you mean --json\?/);
    const extra = lenaSync(home, ['mcp', 'doctor', 'fs'], { env });
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(/unexpected argument "fs" for "lena mcp doctor"/);
    expect(lenaSync(home, ['mcp', 'remove'], { env }).stderr).toMatch(/needs NAME/);
    expect(lenaSync(home, ['help', 'mcp', 'frobnicate'], { env }).code).toBe(2);
    expect(existsSync(marker)).toBe(false);
  });
});
