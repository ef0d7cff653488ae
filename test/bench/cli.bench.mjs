// The `lena` command line's start-up and one-shot figures, as whole processes (what a user or a
// script waits for): `lena --version` against a bare `node -e 0`, `lena mcp list` over five
// configured servers (none starts), and `lena mcp call everything echo` (server-everything over
// stdio): its total time against the moment the answer is printed, and against a bare script on
// the official SDK client that spawns the same server, calls `echo` and exits. Ratios in the same
// run, interleaved, medians; nothing here asserts a time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { QUICK, sized, writeBenchReport } from './quick.mjs';

const root = process.env.LENA_ROOT ?? process.cwd();
const cli = join(root, 'out/cli/lena.js');
const everything = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const sdkScript = join(root, 'test/bench/cli-sdk-echo.mjs');
const rounds = Number(process.env.BENCH_ROUNDS ?? sized(15, 1));

// The full run measures this checkout's sources; the quick pass runs after `npm test`'s build.
if (!QUICK || !existsSync(cli)) {
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the command line failed');
}

const home = mkdtempSync(join(tmpdir(), 'lena-cli-bench-'));
const listHome = join(home, 'list');
const callHome = join(home, 'call');
const env = (lenaHome) => ({ PATH: process.env.PATH, HOME: home, LENA_HOME: lenaHome });
const servers = (names) =>
  JSON.stringify({
    mcpServers: Object.fromEntries(
      names.map((n) => [n, { command: process.execPath, args: [everything, 'stdio'] }]),
    ),
  });
for (const [dir, names] of [
  [listHome, ['one', 'two', 'three', 'four', 'five']],
  [callHome, ['everything']],
]) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'mcp.json'), servers(names));
}

/**
 * Runs a process to its end: wall ms, and the ms until stdout first shows `marker` (when given).
 * The clock starts just before spawn, so both include Node's own start-up.
 */
function timed(args, lenaHome, marker) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answerMs = null;
    let stdout = '';
    const child = spawn(process.execPath, args, {
      cwd: home,
      env: env(lenaHome),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => {
      stdout += d;
      if (answerMs === null && marker && stdout.includes(marker))
        answerMs = performance.now() - started;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const totalMs = performance.now() - started;
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}${stdout}`));
      else if (marker && answerMs === null) reject(new Error(`no "${marker}" in: ${stdout}`));
      else resolve({ totalMs, answerMs });
    });
  });
}

const CASES = {
  node: () => timed(['-e', '0'], listHome),
  version: () => timed([cli, '--version'], listHome),
  list: () => timed([cli, 'mcp', 'list'], listHome),
  call: () =>
    timed(
      [cli, 'mcp', 'call', 'everything', 'echo', '{"message":"bench"}'],
      callHome,
      'Echo: bench',
    ),
  sdk: () => timed([sdkScript, everything], callHome, 'Echo: bench'),
};
const samples = Object.fromEntries(Object.keys(CASES).map((k) => [k, []]));
try {
  // One warm-up of each (disk caches, V8's compile cache), then interleaved rounds.
  if (!QUICK) for (const run of Object.values(CASES)) await run();
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(CASES)) samples[name].push(await run());
    process.stderr.write(`round ${round + 1}/${rounds} done\n`);
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (xs) => Math.round(median(xs) * 10) / 10;
const ratio = (a, b) => Math.round((a / b) * 100) / 100;
const figures = {
  nodeMs: ms(samples.node.map((s) => s.totalMs)),
  versionMs: ms(samples.version.map((s) => s.totalMs)),
  listMs: ms(samples.list.map((s) => s.totalMs)),
  callMs: ms(samples.call.map((s) => s.totalMs)),
  callAnswerMs: ms(samples.call.map((s) => s.answerMs)),
  sdkMs: ms(samples.sdk.map((s) => s.totalMs)),
  sdkAnswerMs: ms(samples.sdk.map((s) => s.answerMs)),
};
const ratios = {
  versionToNode: ratio(figures.versionMs, figures.nodeMs),
  listToNode: ratio(figures.listMs, figures.nodeMs),
  callToAnswer: ratio(figures.callMs, figures.callAnswerMs),
  callToSdk: ratio(figures.callMs, figures.sdkMs),
};
const goals = {
  versionWithin2_5xOfNode: ratios.versionToNode <= 2.5,
  listWithin3xOfNode: ratios.listToNode <= 3,
  callWithin1_1xOfItsAnswer: ratios.callToAnswer <= 1.1,
  callWithin1_2xOfSdkScript: ratios.callToSdk <= 1.2,
};
writeBenchReport('cli', {
  ...figures,
  ratios,
  rounds,
  node: process.version,
  at: new Date().toISOString(),
  goals: QUICK ? null : goals,
});

console.log(`\nlena command line (${rounds} interleaved rounds, whole-process medians)\n`);
for (const [k, v] of Object.entries(figures))
  console.log(`${k.padEnd(14)}${String(v).padStart(10)} ms`);
for (const [k, v] of Object.entries(ratios))
  console.log(`${k.padEnd(14)}${String(v).padStart(10)} ×`);
console.log('\ngoals:', JSON.stringify(goals));
