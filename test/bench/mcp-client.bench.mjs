// `node test/bench/mcp-client.bench.mjs [rounds]`: Lena's MCP client against the official SDK
// client and a raw pipe floor, same stdio server, interleaved rounds (two noisy cores), medians.
// Lena runs twice, on the 2025-11-25 wire (lena) and the 2026-07-28 wire (lena2026), same server
// and payloads: the stateless envelope must cost at most 1.25× the session's CPU per call.
// Writes test-results/bench/mcp-client.json. Each client round runs in a fresh process. Quick pass:
// one round of each, with the worker's small call counts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleCore } from './bundle-core.mjs';
import { QUICK, sized, writeBenchReport } from './quick.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const rounds = Number(process.argv[2] ?? process.env.BENCH_ROUNDS ?? sized(7, 1));
const server = join(here, 'mcp-bench-server.mjs');
const KINDS = ['raw', 'sdk', 'lena', 'lena2026'];
const KEYS = [
  'seqP50Us',
  'seqP99Us',
  'tp64PerS',
  'clientCpuUsPerCall',
  'importMs',
  'rssMbAfter10k',
  'large10MiBMs',
  'toolsList5000Ms',
];

// The client as the app ships it: our code bundled, dependencies external (and loaded lazily).
const bundle = await bundleCore(root, 'lena-mcp-client.mjs', [
  "export { McpClient } from './electron/core/mcp/client';",
  "export { StdioTransport } from './electron/core/mcp/transports/stdio';",
]);

const samples = Object.fromEntries(KINDS.map((k) => [k, []]));
for (let round = 0; round < rounds; round += 1) {
  // Rotate the order so no client always runs first (or right after a hot one).
  const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]);
  for (const kind of order) {
    const r = spawnSync(
      process.execPath,
      [join(here, 'mcp-client-worker.mjs'), kind, server, bundle],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (r.status !== 0) throw new Error(`${kind} round ${round + 1} failed (exit ${r.status})`);
    samples[kind].push(JSON.parse(r.stdout.trim().split('\n').pop()));
    process.stderr.write(`round ${round + 1}/${rounds} ${kind} done\n`);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const result = {};
for (const kind of KINDS) {
  result[kind] = Object.fromEntries(
    KEYS.map((k) => [k, Math.round(median(samples[kind].map((s) => s[k])) * 100) / 100]),
  );
}

// Streamable HTTP belongs to the HTTP transport: its benchmark plugs in here when it exists,
// exporting measureHttpClientCpuUsPerCall(kind: 'sdk' | 'lena', { root, rounds }) → µs per call.
const httpHook = join(here, 'mcp-client-http.mjs');
for (const kind of ['sdk', 'lena']) {
  result[kind].httpClientCpuUsPerCall = null;
  if (existsSync(httpHook)) {
    const { measureHttpClientCpuUsPerCall } = await import(pathToFileURL(httpHook).href);
    result[kind].httpClientCpuUsPerCall = await measureHttpClientCpuUsPerCall(kind, {
      root,
      rounds,
    });
  }
}

// The era comparison proper: both of Lena's wires and the raw floor in one process per round.
const eraSamples = [];
for (let round = 0; round < rounds; round += 1) {
  const r = spawnSync(
    process.execPath,
    [join(here, 'mcp-client-worker.mjs'), 'eras', server, bundle],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (r.status !== 0) throw new Error(`eras round ${round + 1} failed (exit ${r.status})`);
  eraSamples.push(JSON.parse(r.stdout.trim().split('\n').pop()));
  process.stderr.write(`eras round ${round + 1}/${rounds} done\n`);
}
const eras = Object.fromEntries(
  ['rawCpuUsPerCall', 'lenaCpuUsPerCall', 'lena2026CpuUsPerCall'].map((k) => [
    k,
    Math.round(median(eraSamples.map((s) => s[k])) * 100) / 100,
  ]),
);

const { raw, sdk, lena, lena2026 } = result;
const goals = {
  cpu2026Within1_25xOf2025: eras.lena2026CpuUsPerCall <= eras.lenaCpuUsPerCall * 1.25,
  bothErasWithin1_5xOfRaw:
    Math.max(eras.lenaCpuUsPerCall, eras.lena2026CpuUsPerCall) <= eras.rawCpuUsPerCall * 1.5,
  cpuAtLeast2xBetterThanSdk: lena.clientCpuUsPerCall * 2 <= sdk.clientCpuUsPerCall,
  cpuWithin1_3xOfRaw: lena.clientCpuUsPerCall <= raw.clientCpuUsPerCall * 1.3,
  throughputAtLeastSdk: lena.tp64PerS >= sdk.tp64PerS,
  importUnder20Ms: lena.importMs < 20,
  large10MiBWithin1_3xOfRaw: lena.large10MiBMs <= raw.large10MiBMs * 1.3,
  httpCpuUnder150Us:
    lena.httpClientCpuUsPerCall === null ? null : lena.httpClientCpuUsPerCall < 150,
};
lena2026.httpClientCpuUsPerCall = null; // the HTTP era comparison is mcp-http.bench.mjs's
const report = {
  ...result,
  eras,
  rounds,
  node: process.version,
  at: new Date().toISOString(),
  goals: QUICK ? null : goals,
};
writeBenchReport('mcp-client', report);

const cell = (v) => (v === null || v === undefined ? '—' : String(v)).padStart(12);
console.log(`\nMCP client benchmark (${rounds} interleaved rounds, medians)\n`);
console.log('metric'.padEnd(24) + KINDS.map(cell).join(''));
for (const k of [...KEYS, 'httpClientCpuUsPerCall'])
  console.log(k.padEnd(24) + KINDS.map((kind) => cell(result[kind][k])).join(''));
console.log(
  `\nstdio, one process, interleaved (µs CPU per call): raw ${eras.rawCpuUsPerCall}, Lena 2025 ${eras.lenaCpuUsPerCall}, Lena 2026 ${eras.lena2026CpuUsPerCall}`,
);
console.log('\ngoals:', JSON.stringify(goals));
