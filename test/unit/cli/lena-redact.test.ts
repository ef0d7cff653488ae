// Issue 12 item 8: `lena mcp list` printed literal `--token` arguments and `?api_key=` values.
// The built command line in a temporary LENA_HOME: list, add --json and doctor show the entries
// with credential values redacted, and the file itself keeps them (nothing is lost).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'out/cli/lena.js');
const TOKEN = 'ghp_abcdefghijklmnopqrstuvwxyz012345';
const PASSWORD = 'hunter2-correct-horse';
const QUERY_KEY = 'k-9f8e7d6c5b4a';
let home: string;

function lena(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH!, HOME: home, LENA_HOME: home },
  });
  return { code: r.status, out: r.stdout + r.stderr, stdout: r.stdout };
}

beforeAll(() => {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
  home = mkdtempSync(join(tmpdir(), 'lena-redact-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('entries as the command line shows them', () => {
  it('list and add --json redact --token, --password= and URL query values; mcp.json keeps them', () => {
    const added = lena([
      'mcp',
      'add',
      'gh',
      '--json',
      '--',
      'lena-no-such-binary',
      '--token',
      TOKEN,
      `--password=${PASSWORD}`,
      '--verbose',
    ]);
    expect(added.code).toBe(0);
    expect(
      lena([
        'mcp',
        'add',
        '--transport',
        'http',
        'docs',
        `https://mcp.example.com/mcp?api_key=${QUERY_KEY}&team=core`,
      ]).code,
    ).toBe(0);
    for (const out of [added.out, lena(['mcp', 'list']).out, lena(['mcp', 'list', '--json']).out]) {
      expect(out).not.toContain(TOKEN);
      expect(out).not.toContain(PASSWORD);
      expect(out).not.toContain(QUERY_KEY);
    }
    const listed = lena(['mcp', 'list']).stdout;
    expect(listed).toContain(
      'lena-no-such-binary --token [redacted] --password=[redacted] --verbose',
    );
    expect(listed).toContain('https://mcp.example.com/mcp?api_key=[redacted]&team=[redacted]');
    const stored = readFileSync(join(home, 'mcp.json'), 'utf8');
    expect(stored).toContain(TOKEN);
    expect(stored).toContain(QUERY_KEY);
  });

  it('doctor names the failing command without its credentials', () => {
    const r = lena(['mcp', 'doctor']);
    expect(r.out).toContain('gh');
    expect(r.out).not.toContain(TOKEN);
    expect(r.out).not.toContain(PASSWORD);
  });
});
