// One benchmark round for one client, in a fresh process (so the import time is real):
//   node mcp-client-worker.mjs <raw|sdk|lena|lena2026> <server.mjs> <lena-bundle.mjs>
// lena: Lena on the 2025-11-25 wire (pinned); lena2026: Lena on the 2026-07-28 wire (negotiated).
// Prints one JSON line with the measurements.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sized } from './quick.mjs';

const [kind, server, lenaBundle] = process.argv.slice(2);
// Quick pass: 20 warm-up and 30 sequential calls, 200 per throughput round, one of each.
const SEQ_WARMUP = sized(2000, 20);
const SEQ_CALLS = sized(3000, 30);
const TP_CALLS = sized(10_000, 200);
const REPEATS = sized({ eras: 6, tp: 3, list: 5, large: 7 }, { eras: 1, tp: 1, list: 1, large: 1 });
const IN_FLIGHT = 64;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/**
 * The floor: a client that only writes JSON lines and parses the answers. It starts the server the
 * way Lena does, in its own session and process group (detached): on Linux that also puts the
 * server in its own scheduler autogroup, which under load costs latency on its own (measured:
 * sequential p99 ~2.5× and a 10 MiB answer ~1.3× slower), a cost of the process model rather
 * than of the client. The SDK client cannot start servers detached.
 */
function rawClient() {
  const child = spawn(process.execPath, [server], {
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  });
  const pending = new Map();
  let nextId = 0;
  let parts = [];
  child.stdout.on('data', (chunk) => {
    let start = 0;
    let nl;
    while ((nl = chunk.indexOf(10, start)) !== -1) {
      let line = chunk.subarray(start, nl);
      if (parts.length) {
        parts.push(line);
        line = Buffer.concat(parts);
        parts = [];
      }
      const msg = JSON.parse(line.toString());
      const resolve = pending.get(msg.id);
      pending.delete(msg.id);
      resolve(msg.result);
      start = nl + 1;
    }
    if (start < chunk.length) parts.push(chunk.subarray(start));
  });
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve);
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    });
  return {
    connect: async () => {
      await request('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      });
      child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    },
    call: (text) => request('tools/call', { name: 'echo', arguments: { text } }),
    large: () => request('tools/call', { name: 'large', arguments: {} }),
    listTools: async () => (await request('tools/list')).tools,
    close: async () => {
      child.stdin.end();
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function load(which = kind) {
  const t0 = performance.now();
  if (which === 'raw') return { importMs: 0, client: rawClient() };
  if (which === 'sdk') {
    const [{ Client }, { StdioClientTransport }] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/stdio.js'),
    ]);
    const importMs = performance.now() - t0;
    const client = new Client({ name: 'bench', version: '1' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [server],
      stderr: 'inherit',
      maxBufferSize: 64 * 1024 * 1024,
    });
    return {
      importMs,
      client: {
        connect: () => client.connect(transport),
        call: (text) => client.callTool({ name: 'echo', arguments: { text } }),
        large: () => client.callTool({ name: 'large', arguments: {} }),
        listTools: async () => (await client.listTools()).tools,
        close: () => client.close(),
      },
    };
  }
  const { McpClient, StdioTransport } = await import(pathToFileURL(lenaBundle).href);
  const importMs = performance.now() - t0;
  const client = new McpClient(
    new StdioTransport({ command: process.execPath, args: [server], inheritPath: 'process' }),
    which === 'lena' ? { protocol: '2025-11-25' } : {},
  );
  return {
    importMs,
    client: {
      connect: () => client.connect(),
      get era() {
        return client.era;
      },
      call: (text) => client.callTool('echo', { text }),
      large: () => client.callTool('large', {}),
      listTools: () => client.listTools(),
      close: () => client.close(),
    },
  };
}

async function throughput(client) {
  let issued = 0;
  const lane = async () => {
    while (issued < TP_CALLS) {
      issued += 1;
      await client.call('ping');
    }
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { perS: TP_CALLS / (wallMs / 1000), cpuUs: (cpu.user + cpu.system) / TP_CALLS };
}

if (kind === 'eras') {
  // Lena on both wires and the raw floor in one process, same server program, interleaved
  // throughput rounds: separate processes on two shared cores vary more than the 1.25× asked.
  const clients = {};
  for (const k of ['raw', 'lena', 'lena2026']) {
    clients[k] = (await load(k)).client;
    await clients[k].connect();
    for (let i = 0; i < SEQ_WARMUP; i += 1) await clients[k].call('warm');
  }
  if (clients.lena.era !== 'legacy' || clients.lena2026.era !== 'modern')
    throw new Error('the two Lena clients did not land on the two eras');
  const cpu = { raw: [], lena: [], lena2026: [] };
  const kinds = Object.keys(cpu);
  for (let r = 0; r < REPEATS.eras; r += 1)
    for (const k of kinds.map((_, i) => kinds[(i + r) % kinds.length]))
      cpu[k].push((await throughput(clients[k])).cpuUs);
  for (const c of Object.values(clients)) await c.close();
  console.log(
    JSON.stringify({
      rawCpuUsPerCall: median(cpu.raw),
      lenaCpuUsPerCall: median(cpu.lena),
      lena2026CpuUsPerCall: median(cpu.lena2026),
    }),
  );
  process.exit(0);
}

const { importMs, client } = await load();
await client.connect();
if (kind === 'lena2026' && client.era !== 'modern')
  throw new Error('lena2026 did not negotiate 2026-07-28');
for (let i = 0; i < SEQ_WARMUP; i += 1) await client.call('warm');
const lat = [];
for (let i = 0; i < SEQ_CALLS; i += 1) {
  const t = performance.now();
  await client.call('hello');
  lat.push((performance.now() - t) * 1000);
}
const tp = [];
for (let i = 0; i < REPEATS.tp; i += 1) tp.push(await throughput(client));
const rssMbAfter10k = process.memoryUsage().rss / 1024 / 1024;
const list = [];
for (let i = 0; i < REPEATS.list; i += 1) {
  const t = performance.now();
  const tools = await client.listTools();
  list.push(performance.now() - t);
  if (tools.length !== 5001) throw new Error(`listed ${tools.length} tools`);
}
const large = [];
for (let i = 0; i < REPEATS.large; i += 1) {
  const t = performance.now();
  const r = await client.large();
  large.push(performance.now() - t);
  if (r.content[0].text.length !== 10 * 1024 * 1024)
    throw new Error('the large result came back wrong');
}
await client.close();
console.log(
  JSON.stringify({
    seqP50Us: percentile(lat, 0.5),
    seqP99Us: percentile(lat, 0.99),
    tp64PerS: median(tp.map((x) => x.perS)),
    clientCpuUsPerCall: median(tp.map((x) => x.cpuUs)),
    importMs,
    rssMbAfter10k,
    large10MiBMs: median(large),
    toolsList5000Ms: median(list),
  }),
);
process.exit(0);
