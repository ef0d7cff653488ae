// `npm run bench`: runs every benchmark in test/bench/ (not part of npm test). Each prints a table
// and writes its JSON to test-results/bench/. Benchmarks report ratios against a baseline measured
// in the same run; nothing here asserts a time.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, 'test/bench');
mkdirSync(join(root, 'test-results/bench'), { recursive: true });
const only = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((f) => /\.bench\.(mjs|ts|mts)$/.test(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n▶ ${file}\n`);
  // TypeScript benchmarks import core's .ts sources: bundle them (dependencies stay external).
  let entry = join(benchDir, file);
  if (!file.endsWith('.mjs')) {
    const outfile = join(root, 'test-results/bench', file.replace(/\.(ts|mts)$/, '.mjs'));
    await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node22', packages: 'external', logLevel: 'warning' });
    entry = outfile;
  }
  const r = spawnSync(process.execPath, ['--expose-gc', entry], { cwd: root, stdio: 'inherit', env: { ...process.env, LENA_ROOT: root } });
  if (r.status !== 0) failed++;
}
if (files.length === 0) process.stdout.write('No benchmarks found in test/bench/.\n');
process.exit(failed ? 1 : 0);
