// `node test/bench/mcp-http.bench.mjs [rounds]`: client CPU per Streamable HTTP call, the official
// SDK versus Lena, against the same local SDK server (event-stream and JSON answers). Writes
// test-results/bench/mcp-http.json. Goal: Lena under 150 µs per call (the SDK measured ~664 µs).
// Quick pass: one round, with the worker's small call counts.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareHttpClients } from './mcp-client-http.mjs';
import { QUICK, sized, writeBenchReport } from './quick.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const rounds = Number(process.argv[2] ?? process.env.BENCH_ROUNDS ?? sized(5, 1));
const result = await compareHttpClients({
  root,
  rounds,
  kinds: ['sdk', 'lena', 'raw'],
  log: (m) => process.stderr.write(`${m}\n`),
});
// `raw` is for reference (why Lena does not sit on node:http); the JSON keeps its figures apart.
const nodeHttpFloor = result.raw;
delete result.raw;
// The two eras on one server (the SDK v2 one, dual): Lena's 2026 wire within 1.25× of its 2025
// wire, and both below the node:http keep-alive floor measured in the same run.
const eras = await compareHttpClients({
  root,
  rounds,
  modes: ['dual'],
  kinds: ['lena', 'lena2026', 'raw'],
  log: (m) => process.stderr.write(`${m}\n`),
});
const era = { lena2025: eras.lena.dual, lena2026: eras.lena2026.dual, nodeHttp: eras.raw.dual };
const report = {
  ...result,
  nodeHttpFloor,
  eras: era,
  rounds,
  node: process.version,
  at: new Date().toISOString(),
  goals: {
    lenaUnder150Us: result.lena.httpClientCpuUsPerCall < 150,
    lenaBelowSdk: result.lena.httpClientCpuUsPerCall < result.sdk.httpClientCpuUsPerCall,
    cpu2026Within1_25xOf2025: era.lena2026.cpuUsPerCall <= era.lena2025.cpuUsPerCall * 1.25,
    bothErasBelowNodeHttp:
      Math.max(era.lena2025.cpuUsPerCall, era.lena2026.cpuUsPerCall) < era.nodeHttp.cpuUsPerCall,
  },
};
if (QUICK) report.goals = null;
writeBenchReport('mcp-http', report);

const cell = (v) => String(v).padStart(12);
console.log(
  `\nStreamable HTTP client, µs per sequential tools/call (${rounds} interleaved rounds, medians)\n`,
);
const cols = [result.sdk, result.lena, nodeHttpFloor];
console.log('metric'.padEnd(28) + cell('sdk') + cell('lena') + cell('node:http'));
for (const mode of Object.keys(result.sdk).filter((k) => typeof result.sdk[k] === 'object')) {
  for (const m of ['cpuUsPerCall', 'wallUsPerCall'])
    console.log(`${mode} ${m}`.padEnd(28) + cols.map((c) => cell(c[mode][m])).join(''));
}
console.log(
  'httpClientCpuUsPerCall'.padEnd(28) + cols.map((c) => cell(c.httpClientCpuUsPerCall)).join(''),
);
console.log(
  `\nSame dual-era server (SDK v2), µs per call: ${cell('lena 2025')}${cell('lena 2026')}${cell('node:http')}`,
);
for (const m of ['cpuUsPerCall', 'wallUsPerCall'])
  console.log(
    `dual ${m}`.padEnd(28) +
      [era.lena2025, era.lena2026, era.nodeHttp].map((c) => cell(c[m])).join(''),
  );
console.log(`\ngoals: ${JSON.stringify(report.goals)}`);
