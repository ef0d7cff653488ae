// What the desktop shell's process hygiene costs: quitting with servers that obey stdin close,
// servers that ignore SIGTERM (SIGKILL after the grace), and ten of those in parallel under the 5 s
// bound; ending an orphan left by a crash at start-up; and a log line through redaction, against a
// bare appendFileSync of the same line. Quick pass: a 500 ms bound, 2 servers in parallel, 5 probes, 200 log lines.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RotatingLog } from '../../electron/core/base/log-file';
import {
  isGroupRunning,
  isProcessRunning,
  processStartTime,
} from '../../electron/core/base/process-info';
import { ProcessRecords } from '../../electron/core/base/process-records';
import { SERVER_SHUTDOWN_MS } from '../../electron/core/desktop/quit-sequence';
import { shutdownGroups, type RunningGroup } from '../../electron/core/desktop/shutdown-groups';
import { sized, writeBenchReport } from './quick.mjs';

const PARALLEL = sized(10, 2);
const PROBES = sized(100, 5);
const LOG_LINES = sized(10_000, 200);
// The quit bound: the app's in the full run; a tenth in the quick pass, which only checks it runs.
const BOUND_MS = sized(SERVER_SHUTDOWN_MS, SERVER_SHUTDOWN_MS / 10);

const root = process.env.LENA_ROOT ?? process.cwd();
const fixture = join(root, 'test/fixtures/desktop/stubborn-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'lena-bench-desktop-'));
let seq = 0;
const started: number[] = [];

async function server(mode: 'stubborn' | 'obey'): Promise<RunningGroup> {
  const ready = join(dir, `r${++seq}.json`);
  const child = spawn(process.execPath, [fixture, ready, mode], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  started.push(child.pid as number);
  while (!existsSync(ready)) await new Promise((r) => setTimeout(r, 10));
  return { name: `s${seq}`, pgid: child.pid as number, closeStdin: () => child.stdin.end() };
}

async function timeShutdown(groups: RunningGroup[]): Promise<number> {
  const t = performance.now();
  await shutdownGroups(groups, BOUND_MS);
  return performance.now() - t;
}

try {
  const obeyMs = await timeShutdown([await server('obey')]);
  const stubbornMs = await timeShutdown([await server('stubborn')]);
  const tenMs = await timeShutdown(
    await Promise.all(Array.from({ length: PARALLEL }, () => server('stubborn'))),
  );

  // A record as a crashed earlier Lena (a pid that no longer runs) left it.
  const orphan = await server('stubborn');
  const startTime = await processStartTime(orphan.pgid);
  writeFileSync(
    join(dir, 'processes.json'),
    JSON.stringify([
      {
        pid: orphan.pgid,
        pgid: orphan.pgid,
        startTime,
        command: 'node',
        server: 'orphan',
        lenaPid: 999_999_999,
        lenaStartTime: 1,
      },
    ]),
  );
  const t = performance.now();
  await new ProcessRecords(join(dir, 'processes.json')).cleanupOrphans();
  const orphanMs = performance.now() - t;

  const probe = performance.now();
  for (let i = 0; i < PROBES; i++) await processStartTime(process.pid);
  const startTimeMs = (performance.now() - probe) / PROBES;
  const live = await server('stubborn');
  const leaderCheck = performance.now();
  for (let i = 0; i < PROBES; i++) isGroupRunning(live.pgid);
  const leaderMs = (performance.now() - leaderCheck) / PROBES;
  // Leader gone, its child left in the group: the answer needs a /proc scan.
  process.kill(live.pgid, 'SIGKILL');
  while (isProcessRunning(live.pgid)) await new Promise((r) => setTimeout(r, 10));
  const scan = performance.now();
  for (let i = 0; i < PROBES; i++) isGroupRunning(live.pgid);
  const scanMs = (performance.now() - scan) / PROBES;

  const log = new RotatingLog({
    dir: join(dir),
    name: 'bench.log',
    secrets: () => ['secret-value-123456', 'another-secret-654321'],
  });
  const line =
    'POST https://example.com/mcp Authorization: Bearer abcdefghijklmnop status 200 in 12 ms';
  const l0 = performance.now();
  for (let i = 0; i < LOG_LINES; i++) log.info('http', line);
  const logUs = ((performance.now() - l0) / LOG_LINES) * 1000;
  log.close();
  const a0 = performance.now();
  for (let i = 0; i < LOG_LINES; i++) appendFileSync(join(dir, 'bare.log'), `${line}\n`);
  const bareUs = ((performance.now() - a0) / LOG_LINES) * 1000;

  const rows: [string, string, string][] = [
    [
      'quit: server leaves on stdin close, its child on SIGTERM (ms)',
      obeyMs.toFixed(0),
      'polite wait is 1/5 of the bound',
    ],
    [
      'quit: 1 server ignoring SIGTERM, with a child (ms)',
      stubbornMs.toFixed(0),
      `bound ${BOUND_MS} ms`,
    ],
    [
      `quit: ${PARALLEL} such servers in parallel (ms)`,
      tenMs.toFixed(0),
      `${(tenMs / stubbornMs).toFixed(2)}× one server`,
    ],
    ['start-up: end 1 orphan ignoring SIGTERM (ms)', orphanMs.toFixed(0), 'default 2 s grace'],
    ['processStartTime (ms)', startTimeMs.toFixed(3), ''],
    ['isGroupRunning, leader alive (ms)', leaderMs.toFixed(3), ''],
    ['isGroupRunning, leader gone, child left: /proc scan (ms)', scanMs.toFixed(3), ''],
    [
      'log line with redaction (µs)',
      logUs.toFixed(1),
      `${(logUs / bareUs).toFixed(2)}× a bare appendFileSync`,
    ],
  ];
  for (const [label, value, note] of rows)
    process.stdout.write(`${label.padEnd(60)} ${value.padStart(10)}  ${note}\n`);
  writeBenchReport('desktop-shutdown', {
    figures: Object.fromEntries(rows.map(([label, value]) => [label, Number(value)])),
  });
} finally {
  for (const pgid of started) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
