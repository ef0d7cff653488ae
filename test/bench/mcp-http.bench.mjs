// `node test/bench/mcp-http.bench.mjs [rounds]`: client CPU per Streamable HTTP call, the official
// SDK versus Lena, against the same local SDK server (event-stream and JSON answers). Writes
// test-results/bench/mcp-http.json. Goal: Lena under 150 µs per call (the SDK measured ~664 µs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareHttpClients } from './mcp-client-http.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const rounds = Number(process.argv[2] ?? process.env.BENCH_ROUNDS ?? 5);
const result = await compareHttpClients({ root, rounds, log: (m) => process.stderr.write(`${m}\n`) });
const report = {
  ...result,
  rounds,
  node: process.version,
  at: new Date().toISOString(),
  goals: { lenaUnder150Us: result.lena.httpClientCpuUsPerCall < 150, lenaBelowSdk: result.lena.httpClientCpuUsPerCall < result.sdk.httpClientCpuUsPerCall },
};
const outDir = join(root, 'test-results/bench');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'mcp-http.json'), JSON.stringify(report, null, 2) + '\n');

const cell = (v) => String(v).padStart(12);
console.log(`\nStreamable HTTP client, µs per sequential tools/call (${rounds} interleaved rounds, medians)\n`);
console.log('metric'.padEnd(28) + cell('sdk') + cell('lena'));
for (const mode of Object.keys(result.sdk).filter((k) => typeof result.sdk[k] === 'object')) {
  for (const m of ['cpuUsPerCall', 'wallUsPerCall']) console.log(`${mode} ${m}`.padEnd(28) + cell(result.sdk[mode][m]) + cell(result.lena[mode][m]));
}
console.log('httpClientCpuUsPerCall'.padEnd(28) + cell(result.sdk.httpClientCpuUsPerCall) + cell(result.lena.httpClientCpuUsPerCall));
console.log(`\ngoals: ${JSON.stringify(report.goals)}`);
