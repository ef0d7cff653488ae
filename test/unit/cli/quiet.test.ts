// A command that names one server answers with what was asked and nothing else: no "connected"
// line on stderr (it stays under --verbose); `doctor` in a terminal shows each server once.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, CLI, FIXTURES, lena, SERVERS, tempHome } from './cli-harness';

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

  it('still say why the server they name did not start', async () => {
    const r = await lena(home, ['mcp', 'call', 'missing', 'x']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Server "missing" failed: `);
  });
});

describe.skipIf(process.platform === 'win32')('lena mcp doctor in a terminal', () => {
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
    for (const name of ['scripted', 'every', 'missing'])
      expect(screen.match(new RegExp(`[✓✕•] ${name} \\[user\\]`, 'g')), screen).toHaveLength(1);
    expect(screen).toMatch(/✕ missing \[user\] failed\n {4}\S/);
    expect(screen).toMatch(/\d+ tools from 2 servers/);
  });
});
