// Client CPU per Streamable HTTP call: the official SDK (Client + StreamableHTTPClientTransport)
// against Lena (McpClient + StreamableHttpTransport), and optionally `raw` (a bare node:http
// keep-alive client that only parses answers: the floor Lena would have on node:http), same local
// SDK server, interleaved rounds in fresh processes, medians. Used by mcp-http.bench.mjs, and by mcp-client.bench.mjs through
// measureHttpClientCpuUsPerCall (its hook for the Streamable HTTP column).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleCore } from './bundle-core.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round2 = (x) => Math.round(x * 100) / 100;

const bundleLena = (root) =>
  bundleCore(root, 'lena-mcp-http-client.mjs', [
    "export { McpClient } from './electron/core/mcp/client';",
    "export { StreamableHttpTransport } from './electron/core/mcp/transports/streamable-http';",
  ]);

async function startServer(mode) {
  const child = spawn(process.execPath, [join(here, 'mcp-http-server.mjs'), mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (b) => resolve(Number(b.toString().trim())));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise((r) =>
        child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')),
      ),
  };
}

/**
 * Runs `rounds` interleaved rounds (sdk then lena, order alternating) against each server mode
 * ('sse': the SDK server's default event-stream answers; 'json': enableJsonResponse).
 * Returns medians per kind and mode, µs of client CPU and of wall time per call.
 */
export async function compareHttpClients({
  root,
  rounds = 5,
  modes = ['sse', 'json'],
  kinds = ['sdk', 'lena'],
  log = () => undefined,
}) {
  const bundle = await bundleLena(root);
  const result = Object.fromEntries(kinds.map((k) => [k, {}]));
  for (const mode of modes) {
    const server = await startServer(mode);
    const samples = Object.fromEntries(kinds.map((k) => [k, []]));
    try {
      for (let round = 0; round < rounds; round++) {
        // Rotate the order so no client always runs first.
        for (const kind of kinds.map((_, i) => kinds[(i + round) % kinds.length])) {
          const r = spawnSync(
            process.execPath,
            ['--expose-gc', join(here, 'mcp-http-worker.mjs'), kind, server.url, bundle],
            { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
          );
          if (r.status !== 0)
            throw new Error(`${kind} round ${round + 1} (${mode}) failed with exit ${r.status}`);
          samples[kind].push(JSON.parse(r.stdout.trim().split('\n').pop()));
          log(`http ${mode} round ${round + 1}/${rounds} ${kind} done`);
        }
      }
    } finally {
      await server.stop();
    }
    for (const kind of kinds) {
      result[kind][mode] = {
        cpuUsPerCall: round2(median(samples[kind].map((s) => s.cpuUsPerCall))),
        wallUsPerCall: round2(median(samples[kind].map((s) => s.wallUsPerCall))),
      };
    }
  }
  // The headline: the SDK server's default (event-stream answers), what most servers send.
  const headline = modes.includes('sse') ? 'sse' : modes[0];
  for (const kind of kinds)
    result[kind].httpClientCpuUsPerCall = result[kind][headline].cpuUsPerCall;
  return result;
}

let cached;
/** The hook mcp-client.bench.mjs calls once per kind: one comparison serves both. */
export async function measureHttpClientCpuUsPerCall(kind, { root, rounds }) {
  cached ??= compareHttpClients({
    root,
    rounds,
    modes: ['sse'],
    log: (m) => process.stderr.write(`${m}\n`),
  });
  return (await cached)[kind].httpClientCpuUsPerCall;
}
