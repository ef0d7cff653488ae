// The command line as a one-shot tool: `--version` and help come from the small executable alone
// (no bundle, no dependency), arguments are checked before any server starts, and once the answer
// is out the command exits while a detached reaper gives the server a short grace and ends it.
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpClient } from '../../../electron/core/mcp/client';
import type { StdioLaunch } from '../../../electron/core/mcp/config/expand';
import { defaultTransportFactory } from '../../../electron/core/mcp/manager/transport-factory';
import { buildCli, CLI, FIXTURES, lenaSync, tempHome } from './cli-harness';

const SCRIPTED = join(FIXTURES, 'mcp/scripted-server.mjs');
let home: string;
let marker: string;
let flushed: string;

beforeAll(() => {
  buildCli();
  home = tempHome('lena-one-shot-');
  marker = join(home, 'spawned');
  flushed = join(home, 'flushed');
  const config = {
    mcpServers: {
      // Writes a marker as soon as it is started: proof that a command started it.
      marked: {
        command: process.execPath,
        args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`],
      },
      slow: { command: process.execPath, args: [SCRIPTED, 'slow-flush', flushed] },
    },
  };
  writeFileSync(join(home, 'mcp.json'), JSON.stringify(config, null, 2));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Whether a process whose command line names `arg` is alive (Linux: /proc). */
function running(arg: string): boolean {
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmd.includes(arg) && state !== 'Z') return true;
    } catch {
      // The process ended while being read.
    }
  }
  return false;
}

describe('the lena executable', () => {
  it('answers --version and help by itself, with no bundle beside it', () => {
    const alone = mkdtempSync(join(tmpdir(), 'lena-alone-'));
    try {
      copyFileSync(CLI, join(alone, 'lena.js'));
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [join(alone, 'lena.js'), ...args], {
          encoding: 'utf8',
          env: { PATH: process.env.PATH!, HOME: home, LENA_HOME: home },
        });
      const version = run('--version');
      expect(version.status).toBe(0);
      expect(version.stdout).toMatch(/^Lena \d+\.\d+\.\d+/);
      expect(JSON.parse(run('--version', '--json').stdout)).toMatchObject({ name: 'Lena' });
      const call = run('help', 'mcp', 'call');
      expect(call.status).toBe(0);
      expect(call.stdout).toContain('Usage:\n  lena mcp call SERVER TOOL');
      expect(run('mcp', 'add', '--help').stdout).toContain('lena mcp add');
      expect(run('mcp').stdout).toContain('lena mcp doctor');
      // Anything else needs the bundle, and says so rather than answering wrongly.
      const list = run('mcp', 'list');
      expect(list.status).not.toBe(0);
      expect(list.stderr).toContain('lena-main.js');
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it('takes "lena mcp help [COMMAND]" like "lena help mcp [COMMAND]"', () => {
    const group = lenaSync(home, ['mcp', 'help']);
    expect(group.code).toBe(0);
    expect(group.stdout).toBe(lenaSync(home, ['help', 'mcp']).stdout);
    const call = lenaSync(home, ['mcp', 'help', 'call']);
    expect(call.code).toBe(0);
    expect(call.stdout).toContain('lena mcp call SERVER TOOL');
  });
});

describe('lena mcp call', () => {
  it('checks its arguments before any server starts', () => {
    for (const args of [
      ['marked', 'echo', '{"text": '],
      ['marked', 'echo', '[1, 2]'],
      ['marked', 'echo', `@${join(home, 'missing.json')}`],
      ['mcp__marked__echo', 'not json'],
    ]) {
      const r = lenaSync(home, ['mcp', 'call', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/JSON|cannot read the arguments file/);
      expect(existsSync(marker), `${args.join(' ')} started the server`).toBe(false);
    }
    const empty = lenaSync(home, ['mcp', 'call', 'marked', 'echo', '-'], { input: '{' });
    expect(empty.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
  });

  it('exits once the answer is out; its server is ended after a short grace, nothing left', async () => {
    rmSync(flushed, { force: true });
    const r = lenaSync(home, ['mcp', 'call', 'slow', 'echo', '{"text": "hello"}']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('hello');
    // The server wanted a second after stdin closed; the detached reaper ended it before that.
    await expect.poll(() => running(flushed), { timeout: 5_000 }).toBe(false);
    await new Promise((done) => setTimeout(done, 1_200));
    expect(existsSync(flushed)).toBe(false);
    expect(running(flushed)).toBe(false);
  });

  it('while the window gives a server its grace to flush', async () => {
    rmSync(flushed, { force: true });
    const launch: StdioLaunch = {
      transport: 'stdio',
      command: process.execPath,
      args: [SCRIPTED, 'slow-flush', flushed],
      env: {},
      requestTimeoutMs: 10_000,
      startupTimeoutMs: 10_000,
    };
    const transport = await defaultTransportFactory()('slow', launch);
    const client = new McpClient(transport);
    await client.connect();
    await client.close();
    expect(existsSync(flushed)).toBe(true);
  });
});
