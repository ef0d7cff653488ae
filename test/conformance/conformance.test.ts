// The official MCP conformance suite's client scenarios, run against Lena's real client through
// the driver in lena-client.ts (bundled whole with esbuild, oauth4webapi included, as the app ships
// it: it runs from a temporary folder without node_modules), as a matrix:
//
//   | suite          | wire                        | scenarios                    |
//   | 0.1.16         | default                     | every client scenario (26)   |
//   | 0.2.0-alpha.12 | default                     | every client scenario (48)   |
//   | 0.2.0-alpha.12 | --spec-version 2026-07-28   | the ones the runner selects  |
//
// The scenario lists come from each runner's own `list --client`, so the matrix is exactly what
// the runner selects. A scenario passes when the runner exits 0 and its checks.json holds no
// FAILURE (a WARNING is the suite's pass with a note; the sep-2640-client-* scenarios must end in
// SUCCESS: Lena lists, loads and verifies their skills). Every cell must pass: none is
// skipped or allowed to fail. Cost is bounded: the runner
// kills the driver after 10 s (the driver gives up at 8 s), two scenarios run at a time (the
// conformance config's maxConcurrency), and five timeouts abort the rest.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRE_BANNER } from '../bench/quick.mjs';

const root = resolve(__dirname, '../..');
const RUNNER_TIMEOUT_MS = 10_000;
const DRIVER_DEADLINE_MS = 8_000;
const MAX_TIMEOUTS = 5;

interface Cell {
  id: '0.1.16' | '0.2.0-alpha.12' | '0.2.0-alpha.12@2026-07-28';
  runner: string;
  args: string[];
}

const CELLS: Cell[] = [
  {
    id: '0.1.16',
    runner: 'node_modules/@modelcontextprotocol/conformance/dist/index.js',
    args: [],
  },
  {
    id: '0.2.0-alpha.12',
    runner: 'node_modules/@modelcontextprotocol/conformance-next/dist/index.js',
    args: [],
  },
  {
    id: '0.2.0-alpha.12@2026-07-28',
    runner: 'node_modules/@modelcontextprotocol/conformance-next/dist/index.js',
    args: ['--spec-version', '2026-07-28'],
  },
];

/** The client scenarios a runner selects with these arguments, from its own `list`. */
function scenariosOf(cell: Cell): string[] {
  const r = spawnSync(
    process.execPath,
    [join(root, cell.runner), 'list', '--client', ...cell.args],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`${cell.id}: "list" failed: ${r.stderr}`);
  return [...r.stdout.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
}

let dir = '';
let driver = '';
let timeouts = 0;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lena-conformance-'));
  driver = join(dir, 'lena-client.mjs');
  await build({
    entryPoints: [join(__dirname, 'lena-client.ts')],
    outfile: driver,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
    // Core ships as CommonJS (the CLI, the window's main); its CommonJS dependencies (yaml, for a
    // skill's front matter) get `require` in this ESM bundle from the same banner the benchmarks use.
    banner: { js: REQUIRE_BANNER },
  });
});

afterAll(() => {
  for (const child of running) child.kill('SIGKILL'); // only if a scenario hung past its test
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED' | string;
  errorMessage?: string;
}

/**
 * The folder the runner wrote a run's files to: `<out>/<scenario>-<time>/`, where a scenario name
 * with a slash ("auth/metadata-default") is a subfolder of its own.
 */
function runFolder(out: string): string | undefined {
  if (!existsSync(out)) return undefined;
  const files = readdirSync(out, { recursive: true, encoding: 'utf8' });
  const checks = files.find((f) => f === 'checks.json' || f.endsWith('/checks.json'));
  return checks ? join(out, checks, '..') : undefined;
}

function runScenario(
  cell: Cell,
  scenario: string,
): Promise<{ code: number | null; output: string; checks: Check[]; timedOut: boolean }> {
  const out = join(dir, cell.id, scenario.replaceAll('/', '_'));
  // The runner splits --command on spaces and appends the server URL.
  const args = [
    join(root, cell.runner),
    'client',
    '--command',
    `${process.execPath} ${driver}`,
    '--scenario',
    scenario,
    '-o',
    out,
    '--timeout',
    String(RUNNER_TIMEOUT_MS),
    ...cell.args,
  ];
  return new Promise((done, fail) => {
    const env = {
      ...process.env,
      NODE_NO_WARNINGS: '1',
      LENA_CONFORMANCE_DEADLINE_MS: String(DRIVER_DEADLINE_MS),
    };
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    running.add(child);
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.once('error', fail);
    child.once('close', (code) => {
      running.delete(child);
      const run = runFolder(out);
      const checks =
        run && existsSync(join(run, 'checks.json'))
          ? (JSON.parse(readFileSync(join(run, 'checks.json'), 'utf8')) as Check[])
          : [];
      const stderr =
        run && existsSync(join(run, 'stderr.txt'))
          ? readFileSync(join(run, 'stderr.txt'), 'utf8')
          : '';
      const timedOut = /no result within \d+ ms|timed out/i.test(stderr + output);
      done({ code, output: `${output}\n--- driver stderr ---\n${stderr}`, checks, timedOut });
    });
  });
}

for (const cell of CELLS) {
  describe.concurrent(`MCP conformance ${cell.id}`, () => {
    for (const scenario of scenariosOf(cell)) {
      it(`${scenario} passes`, async () => {
        if (timeouts >= MAX_TIMEOUTS)
          throw new Error(
            `not run: ${MAX_TIMEOUTS} scenarios timed out already, the suite is aborted`,
          );
        const { code, output, checks, timedOut } = await runScenario(cell, scenario);
        if (timedOut) timeouts += 1;
        // No checks.json is no evidence: a run that wrote none fails rather than passing vacuously.
        expect(checks.length, `no checks.json\n${output}`).toBeGreaterThan(0);
        expect(
          checks.filter((c) => c.status === 'FAILURE'),
          output,
        ).toEqual([]);
        expect(code, output).toBe(0);
        // Skills over MCP: a check the runner skips (the client never listed or loaded) is a miss.
        if (scenario.startsWith('sep-2640-client-'))
          expect(checks.filter((c) => c.status !== 'SUCCESS')).toEqual([]);
      }, 45_000);
    }
  });
}
