// What every benchmark shares: the quick mode `npm test` runs (LENA_BENCH_QUICK=1: tiny sizes, one
// round, no goal judged, so a benchmark that no longer runs fails the test run instead of rotting)
// and the one place each writes its figures (test-results/bench/<name>.json, gathered by
// scripts/bench.mjs into summary.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Core is CommonJS where it ships (the window's main bundle, the CLI) and uses `require` (to find
 * Ajv for the schema worker); the benchmarks' ESM bundles get the same function from this banner.
 */
export const REQUIRE_BANNER =
  "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);";

/** True in `npm test`'s quick pass. */
export const QUICK = process.env.LENA_BENCH_QUICK === '1';

/** `full` in `npm run bench`, `quick` in the quick pass. */
export const sized = (full, quick) => (QUICK ? quick : full);

/** Writes a benchmark's figures (and its goals, when it has any) where the summary reads them. */
export function writeBenchReport(name, report) {
  const dir = join(process.env.LENA_ROOT ?? process.cwd(), 'test-results/bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${name}.json`),
    JSON.stringify({ quick: QUICK, ...report }, null, 2) + '\n',
  );
}

/** Records that a benchmark could not run here, with the reason (`npm test` counts it as skipped). */
export function skipBench(name, reason) {
  process.stdout.write(`${name} benchmark skipped: ${reason}\n`);
  writeBenchReport(name, { skipped: reason });
}
