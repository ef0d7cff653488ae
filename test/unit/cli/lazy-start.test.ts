// One engine, started only as far as needed: a call, `tools NAME` and an unknown name start only
// what they name, so a server that never answers delays nothing else; doctor starts all with a
// progress line per server; the servers the CLI starts are recorded in processes.json and end
// on Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCli, CLI, lena, ROOT, SERVERS, tempHome } from './cli-harness';

let home: string;
let marker: string;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(() => {
  buildCli();
  home = tempHome('lena-lazy-');
  marker = join(home, 'hang.pid');
  // Writes its pid when started, prints nothing, never answers initialize.
  const hang = {
    command: process.execPath,
    args: [
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(marker)}, String(process.pid)); setInterval(() => {}, 1000)`,
    ],
    startupTimeout: 86_400,
  };
  const fs = {
    command: process.execPath,
    args: [join(SERVERS, 'server-filesystem/dist/index.js'), home],
  };
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { hang, fs } }));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

it('call, tools NAME and an unknown name do not start the server that never answers', async () => {
  // The hanging server's startupTimeout is a day: if any of these waited for it, the test would time out.
  const call = await lena(home, ['mcp', 'call', 'fs', 'list_allowed_directories']);
  expect(call.code).toBe(0);
  expect(call.stdout).toContain(home);
  const qualified = await lena(home, [
    'mcp',
    'call',
    'mcp__fs__list_allowed_directories',
    '{}',
    '--json',
  ]);
  expect(qualified.json().isError).toBe(false);
  const tools = await lena(home, ['mcp', 'tools', 'fs', '--json']);
  expect(tools.json().tools.length).toBeGreaterThan(5);
  const unknown = await lena(home, ['mcp', 'call', 'ghost', 'x']);
  expect(unknown.code).toBe(2);
  expect(existsSync(marker)).toBe(false);
});

it('doctor starts all in parallel, prints each server on stderr as it settles, and says a silent start printed nothing', async () => {
  const file = join(home, 'quick.json');
  const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8'));
  config.mcpServers.hang.startupTimeout = 3;
  writeFileSync(file, JSON.stringify(config));
  const r = await lena(home, ['mcp', 'doctor', '--config', file]);
  expect(r.code).toBe(1);
  const progress = r.stderr.split('\n').filter((l) => /^ {2}[✓✕•] /.test(l));
  expect(progress.map((l) => l.split(' ')[3])).toEqual(['fs', 'hang']);
  expect(r.stdout).toMatch(
    /✕ hang \[explicit\] failed\n {4}Start timed out after 3 s[^\n]*\(The server printed nothing on stderr\. Run it by hand \(.*node -e .*\) to see what it does/,
  );
  expect(r.stdout.match(/startupTimeout/g)).toHaveLength(1); // the advice is given once
  rmSync(marker, { force: true });
});

it('records the servers it starts in processes.json, ends them on Ctrl-C and reports nothing after', async () => {
  const child = spawn(process.execPath, [CLI, 'mcp', 'doctor'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH!, HOME: home, LENA_HOME: home },
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.on('data', (d) => (stdout += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  await expect.poll(() => existsSync(marker), { timeout: 30_000 }).toBe(true);
  const pid = Number(readFileSync(marker, 'utf8'));
  await expect
    .poll(
      () =>
        existsSync(join(home, 'processes.json'))
          ? readFileSync(join(home, 'processes.json'), 'utf8')
          : '',
      { timeout: 30_000 },
    )
    .toContain(`"lenaPid": ${child.pid}`);
  const records = JSON.parse(readFileSync(join(home, 'processes.json'), 'utf8')) as {
    pid: number;
    server: string;
  }[];
  expect(records.find((r) => r.server === 'hang')?.pid).toBe(pid);
  child.kill('SIGINT');
  expect(await exited).toBe(130);
  expect(stderr).toMatch(/interrupted; ending the servers this command started/);
  // The servers it ended are not reported as its findings ("0 tools from 0 servers").
  expect(stdout).not.toMatch(/tools? from/);
  await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
  expect(JSON.parse(readFileSync(join(home, 'processes.json'), 'utf8'))).toEqual([]);
}, 60_000);
