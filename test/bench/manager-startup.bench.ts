// Ten servers to ready: in parallel (the manager), one after another, and the slowest one alone,
// measured in the same run, interleaved, medians over rounds. Goal: all ten within 1.3× of the
// slowest single server. Servers are test/fixtures/manager/peer.mjs with start delays of 100 to
// 1000 ms, like real servers that load a runtime or a model list before answering initialize.
// Quick pass: three servers (50 to 150 ms), one round, the goal not judged.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpManager } from '../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../electron/core/mcp/manager/transport-factory';
import { sized, writeBenchReport } from './quick.mjs';

const ROOT = process.env.LENA_ROOT ?? process.cwd();
const PEER = join(ROOT, 'test/fixtures/manager/peer.mjs');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(5, 1));
const delays = sized(
  Array.from({ length: 10 }, (_, i) => 100 + i * 100),
  [50, 100, 150],
);
const entry = (delay: number) => ({
  command: process.execPath,
  args: [PEER],
  env: { PEER_DELAY_MS: String(delay), PEER_TOOLS: 'a,b,c' },
});

async function timeToReady(servers: Record<string, unknown>): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'lena-bench-'));
  const userFile = join(dir, 'mcp.json');
  writeFileSync(userFile, JSON.stringify({ mcpServers: servers }));
  const manager = new McpManager({
    sources: { userFile },
    createTransport: defaultTransportFactory(),
    env: { PATH: process.env.PATH },
  });
  const started = performance.now();
  await manager.start();
  const elapsed = performance.now() - started;
  const notReady = manager.statuses().filter((s) => s.status !== 'connected');
  await manager.shutdown();
  rmSync(dir, { recursive: true, force: true });
  if (notReady.length)
    throw new Error(
      `not ready: ${notReady.map((s) => `${s.name} ${s.status} ${s.error?.message}`).join('; ')}`,
    );
  return elapsed;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const results = { parallel: [] as number[], sequential: [] as number[], slowest: [] as number[] };
  const all = Object.fromEntries(delays.map((d, i) => [`s${i}`, entry(d)]));
  for (let round = 0; round < ROUNDS; round++) {
    results.slowest.push(await timeToReady({ slow: entry(Math.max(...delays)) }));
    results.parallel.push(await timeToReady(all));
    let seq = 0;
    for (const d of delays) seq += await timeToReady({ one: entry(d) });
    results.sequential.push(seq);
  }
  const report = {
    servers: delays.length,
    startDelaysMs: delays,
    rounds: ROUNDS,
    slowestSingleMs: Math.round(median(results.slowest)),
    parallelMs: Math.round(median(results.parallel)),
    sequentialMs: Math.round(median(results.sequential)),
    parallelOverSlowest: +(median(results.parallel) / median(results.slowest)).toFixed(2),
    sequentialOverParallel: +(median(results.sequential) / median(results.parallel)).toFixed(2),
    goal: 'parallelOverSlowest <= 1.3',
  };
  console.table({
    'slowest single': report.slowestSingleMs,
    'ten in parallel': report.parallelMs,
    'ten one after another': report.sequentialMs,
  });
  console.log(
    `ten in parallel / slowest single = ${report.parallelOverSlowest} (goal ≤ 1.3); sequential / parallel = ${report.sequentialOverParallel}`,
  );
  writeBenchReport('manager-startup', report);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
