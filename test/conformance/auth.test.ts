// The official MCP conformance suite's auth/* client scenarios (0.1.16), run against Lena's OAuth
// provider through lena-auth-client.ts, bundled whole (oauth4webapi included: it runs from a
// temporary folder without node_modules). The extension scenarios (client credentials, cross-app
// access) belong to issue 21. A scenario passes when the runner exits 0, checks.json holds no
// FAILURE, and the scenario's own check succeeded. Two run at a time.
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
  dir = mkdtempSync(join(tmpdir(), 'lena-conformance-auth-'));
  driver = join(dir, 'lena-auth-client.mjs');
  await build({ entryPoints: [join(__dirname, 'lena-auth-client.ts')], outfile: driver, bundle: true, platform: 'node', format: 'esm', target: 'node22', logLevel: 'warning' });
});

afterAll(() => {
  for (const child of running) child.kill('SIGKILL'); // only if a scenario hung past its test
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Two scenarios at a time: each starts two servers and a client on a shared 2-core machine.
let slots = 2;
const queue: (() => void)[] = [];
async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  if (slots === 0) await new Promise<void>((r) => queue.push(r));
  else slots--;
  try {
    return await task();
  } finally {
    const next = queue.shift();
    if (next) next();
    else slots++;
  }
}

interface Check {
  id: string;
  status: string;
  description?: string;
}

function runScenario(scenario: string): Promise<{ code: number | null; output: string; checks: Check[] }> {
  const out = join(dir, scenario.replace('/', '_'));
  const args = [runner, 'client', '--command', `${process.execPath} ${driver}`, '--scenario', scenario, '-o', out, '--timeout', '10000'];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    running.add(child);
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.once('error', fail);
    child.once('close', (code) => {
      running.delete(child);
      const base = join(out, 'auth');
      const runs = readdirSync(base, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
      const checks = runs.length ? (JSON.parse(readFileSync(join(base, runs[0], 'checks.json'), 'utf8')) as Check[]) : [];
      done({ code, output, checks });
    });
  });
}

// Each scenario with the check that proves its point (beyond "no FAILURE").
const SCENARIOS: [string, string][] = [
  ['auth/metadata-default', 'prm-pathbased-requested'],
  ['auth/metadata-var1', 'authorization-server-metadata'],
  ['auth/metadata-var2', 'authorization-server-metadata'],
  ['auth/metadata-var3', 'authorization-server-metadata'],
  ['auth/basic-cimd', 'cimd-client-id-used'],
  ['auth/scope-from-www-authenticate', 'scope-from-www-authenticate'],
  ['auth/scope-from-scopes-supported', 'scope-from-scopes-supported'],
  ['auth/scope-omitted-when-undefined', 'scope-omitted-when-undefined'],
  ['auth/scope-step-up', 'scope-step-up-escalation'],
  ['auth/scope-retry-limit', 'scope-retry-limit'],
  ['auth/token-endpoint-auth-basic', 'token-endpoint-auth-method'],
  ['auth/token-endpoint-auth-post', 'token-endpoint-auth-method'],
  ['auth/token-endpoint-auth-none', 'token-endpoint-auth-method'],
  ['auth/pre-registration', 'pre-registration-auth'],
  ['auth/2025-03-26-oauth-metadata-backcompat', 'token-request'],
  ['auth/2025-03-26-oauth-endpoint-fallback', 'token-request'],
  ['auth/resource-mismatch', 'resource-mismatch-rejected'],
  ['auth/offline-access-scope', 'sep-2207-offline-access-requested'],
  ['auth/offline-access-not-supported', 'sep-2207-offline-access-not-requested'],
];

describe('MCP conformance suite 0.1.16, auth client scenarios', () => {
  it.concurrent.each(SCENARIOS)('%s passes', async (scenario, required) => {
    const { code, output, checks } = await withSlot(() => runScenario(scenario));
    expect(checks.filter((c) => c.status === 'FAILURE'), output).toEqual([]);
    expect(checks.find((c) => c.id === required)?.status, `${required}\n${output}`).toBe('SUCCESS');
    expect(code, output).toBe(0);
  }, 60_000);
});
