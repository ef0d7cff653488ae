// RELIABILITY fault 35: ten `lena mcp add` processes at once, and every server is kept; a lock
// another live process keeps holding makes `add` fail, naming it, instead of writing unlocked.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCli, lena, tempHome } from './cli-harness';

let home: string;
beforeAll(() => {
  buildCli();
  home = tempHome('lena-concurrent-');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

it('ten concurrent adds leave ten servers, each reported once as added', async () => {
  const runs = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      lena(home, ['mcp', 'add', `s${i}`, '--', 'node', `${i}.js`]),
    ),
  );
  for (const r of runs) expect(r.stderr).toBe('');
  expect(runs.map((r) => r.code)).toEqual(runs.map(() => 0));
  const servers = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')).mcpServers;
  expect(Object.keys(servers).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `s${i}`).sort());
  expect(servers.s7).toEqual({ command: 'node', args: ['7.js'] });
});

it('fails after about 15 s naming the process that holds the lock, and writes nothing', async () => {
  const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  await new Promise((r) => holder.once('spawn', r));
  const file = join(home, 'mcp.json');
  const before = readFileSync(file, 'utf8');
  // The holder keeps the lock fresh as a live Lena would (its mtime is refreshed below).
  const lock = `${file}.lock`;
  writeFileSync(lock, JSON.stringify({ pid: holder.pid, host: hostname(), token: 'held' }));
  const refresh = setInterval(
    () => writeFileSync(lock, JSON.stringify({ pid: holder.pid, host: hostname(), token: 'held' })),
    2000,
  );
  try {
    const r = await lena(home, ['mcp', 'add', 'late', '--json', '--', 'node']);
    expect(r.code).toBe(4);
    expect(r.json().error).toMatchObject({
      code: 'locked',
      message: expect.stringMatching(
        new RegExp(
          `another Lena process \\(pid ${holder.pid}\\) holds the lock on mcp.json; try again`,
        ),
      ),
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
  } finally {
    clearInterval(refresh);
    holder.kill('SIGKILL');
    rmSync(lock, { force: true });
  }
}, 90_000);
