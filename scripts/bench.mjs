// `npm run bench [names…]`: runs every benchmark in test/bench/. Each prints a table and writes its
// figures to test-results/bench/<name>.json; this gathers them, with each one's wall time and exit,
// into test-results/bench/summary.json. Benchmarks report ratios against a baseline measured in
// the same run; nothing here asserts a time.
// `--quick` (what `npm test` runs): every benchmark once at tiny sizes, goals not judged, so a
// benchmark that stopped running fails the test run. Ends with "N passed, N failed, N skipped".
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REQUIRE_BANNER } from '../test/bench/quick.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, 'test/bench');
const outDir = join(root, 'test-results/bench');
mkdirSync(outDir, { recursive: true });
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.filter((a) => a !== '--quick');
const files = readdirSync(benchDir)
  .filter((f) => /\.bench\.(mjs|ts|mts)$/.test(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const summary = { quick, node: process.version, at: new Date().toISOString(), benchmarks: {} };
const counts = { passed: 0, failed: 0, skipped: 0 };
for (const file of files) {
  const name = file.replace(/\.bench\.(mjs|ts|mts)$/, '');
  process.stdout.write(`\n▶ ${file}${quick ? ' (quick)' : ''}\n`);
  const report = join(outDir, `${name}.json`);
  rmSync(report, { force: true });
  const started = Date.now();
  // TypeScript benchmarks import core's .ts sources: bundle them (dependencies stay external).
  let entry = join(benchDir, file);
  if (!file.endsWith('.mjs')) {
    const outfile = join(outDir, file.replace(/\.(ts|mts)$/, '.mjs'));
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      logLevel: 'warning',
      banner: { js: REQUIRE_BANNER },
    });
    entry = outfile;
  }
  const env = { ...process.env, LENA_ROOT: root, ...(quick ? { LENA_BENCH_QUICK: '1' } : {}) };
  const r = spawnSync(process.execPath, ['--expose-gc', entry], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  const seconds = (Date.now() - started) / 1000;
  const figures = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
  let status = r.status === 0 ? 'passed' : 'failed';
  if (status === 'passed' && figures === null) status = 'failed'; // it ran but reported nothing
  if (status === 'passed' && typeof figures.skipped === 'string') status = 'skipped';
  counts[status] += 1;
  summary.benchmarks[name] = { status, seconds, exit: r.status ?? r.signal, ...(figures ?? {}) };
  process.stdout.write(
    `  ${name}: ${status} in ${seconds.toFixed(1)} s${figures === null ? ' (no figures written)' : ''}\n`,
  );
}
writeFileSync(join(outDir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
if (files.length === 0) process.stdout.write('No benchmarks found in test/bench/.\n');
process.stdout.write(
  `\nSummary: test-results/bench/summary.json\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
);
process.exit(counts.failed || files.length === 0 ? 1 : 0);
