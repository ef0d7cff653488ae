// `npm test`: type check, lint, build, unit + integration tests, end-to-end tests. Ends with one
// line "N passed, N failed, N skipped" summed over every suite, and exits non-zero on any failure
// or when a suite could not run. Checks (typecheck, lint, build) count as one test each.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const bin = (name) => join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`

const totals = { passed: 0, failed: 0, skipped: 0 };
// Wall-time budgets per suite (seconds): a suite that passes its budget fails, so CI stays within
// its 30 minutes on 2 cores. LENA_TEST_BUDGET_SCALE scales them (e.g. 2 on a slower machine).
const scale = Number(process.env.LENA_TEST_BUDGET_SCALE ?? 1) || 1;
const budgets = { unit: 8 * 60, e2e: 12 * 60, conformance: 6 * 60, bench: 60 };
const problems = [];

function run(label, cmd, args, env = {}) {
  process.stdout.write(
    `\n▶ ${label}: ${[cmd, ...args].map((a) => a.replace(root + '/', '')).join(' ')}\n`,
  );
  const started = Date.now();
  const budget = budgets[label] === undefined ? undefined : budgets[label] * scale;
  // A suite far over its budget is stopped (its report is then missing: a failure), so a hang
  // cannot eat CI's time; one just over it still reports its counts and fails on the budget.
  const hardStop = budget === undefined ? undefined : budget * 1250;
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    timeout: hardStop,
    killSignal: 'SIGKILL',
  });
  const seconds = (Date.now() - started) / 1000;
  process.stdout
    .write(`  ${label} finished in ${seconds.toFixed(1)} s${budget ? ` (budget ${budget} s)` : ''} (exit ${r.status ?? r.signal})
`);
  if (budget !== undefined && seconds > budget) {
    totals.failed += 1;
    problems.push(`${label} took ${seconds.toFixed(0)} s, over its budget of ${budget} s`);
  }
  return r.status === 0;
}

function check(label, cmd, args) {
  if (only.length && !only.includes(label)) return;
  if (run(label, cmd, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    problems.push(`${label} failed`);
  }
}

function vitest(label, config) {
  if (only.length && !only.includes(label)) return;
  const out = join(results, `vitest-${label}.json`);
  rmSync(out, { force: true });
  const ok = run(label, bin('vitest'), [
    'run',
    '--config',
    config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (!existsSync(out)) {
    totals.failed += 1;
    problems.push(`${label}: the suite could not run (no report written)`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that failed to load has no failed test but a failed suite.
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).every((a) => a.status !== 'failed'),
  );
  for (const f of brokenFiles) {
    totals.failed += 1;
    problems.push(
      `${label}: ${f.name.replace(root + '/', '')} could not run: ${(f.message ?? '').split('\n')[0]}`,
    );
  }
  if (!ok && report.numFailedTests === 0 && brokenFiles.length === 0) {
    totals.failed += 1;
    problems.push(`${label}: vitest exited non-zero`);
  }
}

// Every benchmark once in its quick mode (tiny sizes, goals not judged), each counted as a test, so
// one that no longer runs fails here instead of rotting until someone runs `npm run bench`.
function benchmarks() {
  const label = 'bench';
  if (only.length && !only.includes(label)) return;
  const summaryFile = join(results, 'bench/summary.json');
  rmSync(summaryFile, { force: true });
  const ok = run(label, 'node', [join(root, 'scripts/bench.mjs'), '--quick']);
  if (!existsSync(summaryFile)) {
    totals.failed += 1;
    problems.push('bench: the quick benchmarks could not run (no summary written)');
    return;
  }
  const { benchmarks: all } = JSON.parse(readFileSync(summaryFile, 'utf8'));
  for (const [name, b] of Object.entries(all)) {
    totals[b.status] += 1;
    if (b.status === 'failed') problems.push(`bench: ${name} failed (exit ${b.exit})`);
    if (b.status === 'skipped') problems.push(`bench: ${name} skipped: ${b.skipped}`);
  }
  if (!ok && Object.values(all).every((b) => b.status !== 'failed')) {
    totals.failed += 1;
    problems.push('bench: the quick run exited non-zero');
  }
}

// One project per process (tsconfig.json references them); `-b` checks each, re-checking only what changed.
check('typecheck', bin('tsc'), ['-b']);
check('lint', 'npm', ['run', '--silent', 'lint']); // eslint, then prettier --check
check('build', 'npm', ['run', '--silent', 'build']);
vitest('unit', 'vitest.config.mts');
vitest('conformance', 'vitest.conformance.config.mts');
vitest('e2e', 'vitest.e2e.config.mts');
benchmarks();

// Under CI nothing may skip: the allowed reasons to skip (test/skip-reasons.ts: no browser found
// on a developer's machine, and the like) never apply there, so a skip means something is wrong.
if (process.env.CI === 'true' && totals.skipped > 0) {
  totals.failed += 1;
  problems.push(`${totals.skipped} tests skipped under CI=true, where nothing may skip`);
}
if (problems.length)
  process.stdout.write(`\nProblems:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
process.stdout.write(
  `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
process.exit(totals.failed > 0 ? 1 : 0);
