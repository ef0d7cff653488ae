// A command that names one server answers with what was asked and nothing else: no "connected"
// line on stderr (it stays under --verbose); `doctor` in a terminal shows each server once.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, CLI, FIXTURES, lena, SERVERS, tempHome } from './cli-harness';
import { skipWhen } from '../../skip-reasons';

let home: string;

beforeAll(() => {
  buildCli();
  home = tempHome('lena-quiet-');
  const config = {
    mcpServers: {
      scripted: { command: process.execPath, args: [join(FIXTURES, 'mcp/scripted-server.mjs')] },
      every: {
        command: process.execPath,
        args: [join(SERVERS, 'server-everything/dist/index.js'), 'stdio'],
      },
      missing: { command: join(home, 'no-such-server') },
      // Names its problem first, then buries it under a long trace.
      buried: {
        command: process.execPath,
        args: [
          '-e',
          "console.error('Error: cannot open the database /srv/db.sqlite'); for (let i = 0; i < 30; i++) console.error('    at frame ' + i); process.exit(1)",
        ],
      },
    },
  };
  writeFileSync(join(home, 'mcp.json'), JSON.stringify(config, null, 2));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const DOC = 'demo://resource/static/document/architecture.md';

describe('commands that name one server', () => {
  it('print no server line on stderr; --verbose prints it', async () => {
    const runs = await Promise.all([
      lena(home, ['mcp', 'call', 'scripted', 'echo', '{"text": "hi"}']),
      lena(home, ['mcp', 'tools', 'scripted']),
      lena(home, ['mcp', 'resources', 'every']),
      lena(home, ['mcp', 'read', 'every', DOC]),
    ]);
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    const verbose = await Promise.all([
      lena(home, ['mcp', 'call', 'scripted', 'echo', '{"text": "hi"}', '--verbose']),
      lena(home, ['mcp', 'read', 'every', DOC, '--verbose']),
    ]);
    expect(verbose[0].stderr).toMatch(/✓ scripted \[user\] connected/);
    expect(verbose[1].stderr).toMatch(/✓ every \[user\] connected/);
  }, 60_000);

  it('read names the server, not its command line, when a read fails', async () => {
    const r = await lena(home, ['mcp', 'read', 'every', 'bogus://nothing']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^lena: "every" could not read bogus:\/\/nothing: /);
    expect(r.stderr).not.toContain('server-everything');
  });

  it('still say why the server they name did not start', async () => {
    const r = await lena(home, ['mcp', 'call', 'missing', 'x']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Server "missing" failed: `);
  });
});

describe.skipIf(skipWhen('not-posix'))('lena mcp doctor in a terminal', () => {
  it('shows each server once, with its problem', () => {
    // script(1) gives the command a terminal for stdout and stderr, as a user's shell does.
    const command = [process.execPath, CLI, 'mcp', 'doctor']
      .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
      .join(' ');
    const r = spawnSync('script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH!, HOME: home, LENA_HOME: home },
      timeout: 60_000,
    });
    const screen = r.stdout.replace(/\r/g, '');
    for (const name of ['scripted', 'every', 'missing', 'buried'])
      expect(screen.match(new RegExp(`[✓✕•] ${name} \\[user\\]`, 'g')), screen).toHaveLength(1);
    expect(screen).toMatch(/✕ missing \[user\] failed\n {4}\S/);
    expect(screen).toMatch(/\d+ tools from 2 servers/);
  });

  it('shows the stderr line that names the cause, above the last lines', async () => {
    const r = await lena(home, ['mcp', 'doctor']);
    expect(r.stdout).toMatch(
      /✕ buried \[user\] failed[\s\S]*stderr:\n {8}Error: cannot open the database \/srv\/db\.sqlite\n {8}…\n {12}at frame 15\n/,
    );
    expect(r.stdout).toContain('at frame 29');
    expect(r.stdout).not.toContain('at frame 14\n');
  });
});
