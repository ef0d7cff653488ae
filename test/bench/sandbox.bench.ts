// The sandbox's cost on one real server (server-everything from npm): time from spawn to a
// finished initialize, and a tools/call round trip, unsandboxed and sandboxed (default policy),
// interleaved in the same run, medians over rounds. Goals: start-up within 1.5× of unsandboxed,
// a round trip within 1.2×. Quick pass: one round, a few calls, goals not judged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpClient } from '../../electron/core/mcp/client';
import type { StdioLaunch } from '../../electron/core/mcp/config/expand';
import { defaultTransportFactory } from '../../electron/core/mcp/manager/transport-factory';
import { sandboxAvailability } from '../../electron/core/mcp/transports/sandbox/availability';
import { QUICK, sized, skipBench, writeBenchReport } from './quick.mjs';
import { median, time } from './timing';

const ROOT = process.env.LENA_ROOT ?? process.cwd();
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(7, 1));
const CALLS = sized(200, 5);

async function run(sandbox: boolean, box: string): Promise<{ startMs: number; callMs: number }> {
  const launch: StdioLaunch = {
    transport: 'stdio',
    command: process.execPath,
    args: [EVERYTHING, 'stdio'],
    env: { HOME: box },
    cwd: box,
    ...(sandbox ? { sandbox: true } : {}),
    requestTimeoutMs: 30_000,
    startupTimeoutMs: 30_000,
  };
  const started = performance.now();
  const transport = await defaultTransportFactory()('bench', launch);
  const client = new McpClient(transport, {});
  await client.connect();
  const startMs = performance.now() - started;
  try {
    const callMs = await time(CALLS, () => client.callTool('echo', { message: 'hi' }));
    return { startMs, callMs };
  } finally {
    await client.close();
  }
}

async function main() {
  const available = sandboxAvailability(process.env.PATH);
  if (!available.ok) return skipBench('sandbox', available.reason);
  const box = mkdtempSync(join(tmpdir(), 'lena-bench-sbx-'));
  const plain = { start: [] as number[], call: [] as number[] };
  const boxed = { start: [] as number[], call: [] as number[] };
  try {
    if (!QUICK) await run(false, box); // warm the file cache for both
    for (let round = 0; round < ROUNDS; round++) {
      for (const [sandbox, into] of [
        [false, plain],
        [true, boxed],
      ] as const) {
        const r = await run(sandbox, box);
        into.start.push(r.startMs);
        into.call.push(r.callMs);
      }
    }
  } finally {
    rmSync(box, { recursive: true, force: true });
  }
  const report = {
    rounds: ROUNDS,
    calls: CALLS,
    startMs: { plain: Math.round(median(plain.start)), sandboxed: Math.round(median(boxed.start)) },
    callMs: {
      plain: +median(plain.call).toFixed(3),
      sandboxed: +median(boxed.call).toFixed(3),
    },
    startRatio: +(median(boxed.start) / median(plain.start)).toFixed(2),
    callRatio: +(median(boxed.call) / median(plain.call)).toFixed(2),
    goal: 'startRatio <= 1.5 and callRatio <= 1.2',
  };
  console.table({
    'start-up (ms)': { plain: report.startMs.plain, sandboxed: report.startMs.sandboxed },
    'tools/call (ms)': { plain: report.callMs.plain, sandboxed: report.callMs.sandboxed },
  });
  console.log(
    `sandboxed / plain: start-up ${report.startRatio} (goal ≤ 1.5), tools/call ${report.callRatio} (goal ≤ 1.2)${QUICK ? ' (quick: not judged)' : ''}`,
  );
  writeBenchReport('sandbox', report);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
