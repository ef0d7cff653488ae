// The official MCP conformance suite's client scenarios, run against Lena's client through the
// driver in lena-client.ts (bundled with esbuild, as the app ships it). A scenario passes when
// the runner exits 0, its checks.json holds no FAILURE, and the scenario's own checks are there.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const runner = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
let dir = '';
let driver = '';
const running = new Set<ChildProcess>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lena-conformance-'));
  driver = join(dir, 'lena-client.mjs');
  await build({ entryPoints: [join(__dirname, 'lena-client.ts')], outfile: driver, bundle: true, platform: 'node', format: 'esm', target: 'node22', packages: 'external', logLevel: 'warning' });
});

afterAll(() => {
  for (const child of running) child.kill('SIGKILL'); // only if a scenario hung past its test
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string;
  errorMessage?: string;
}

function runScenario(scenario: string): Promise<{ code: number | null; output: string; checks: Check[] }> {
  const out = join(dir, scenario);
  // The runner splits --command on spaces and appends the server URL.
  const args = [runner, 'client', '--command', `${process.execPath} ${driver}`, '--scenario', scenario, '-o', out, '--timeout', '30000'];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    running.add(child);
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.once('error', fail);
    child.once('close', (code) => {
      running.delete(child);
      const runs = readdirSync(out).filter((d) => d.startsWith(scenario));
      const checks = runs.length ? (JSON.parse(readFileSync(join(out, runs[0], 'checks.json'), 'utf8')) as Check[]) : [];
      done({ code, output, checks });
    });
  });
}

describe('MCP conformance suite, client scenarios', () => {
  it.each([
    ['initialize', ['mcp-client-initialization']],
    ['tools_call', ['tool-add-numbers']],
    ['sse-retry', ['client-sse-graceful-reconnect', 'client-sse-retry-timing', 'client-sse-last-event-id']],
  ])('%s passes', async (scenario, required) => {
    const { code, output, checks } = await runScenario(scenario);
    expect(checks.filter((c) => c.status === 'FAILURE'), output).toEqual([]);
    // A WARNING (say, a reconnect a little late on a loaded machine) is the suite's pass with a note.
    for (const id of required) expect(['SUCCESS', 'WARNING'], `${id}\n${output}`).toContain(checks.find((c) => c.id === id)?.status);
    expect(code, output).toBe(0);
  }, 60_000);
});
