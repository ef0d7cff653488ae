// One measurement round for one client over Streamable HTTP, in a fresh process:
//   node mcp-http-worker.mjs <sdk|lena|lena2026|raw> <url> <lena-bundle.mjs>
// lena: Lena on the 2025-11-25 wire (pinned); lena2026: on the 2026-07-28 wire (negotiated).
// Prints one JSON line: client CPU (user + system) and wall time per sequential tools/call.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sized } from './quick.mjs';

const [kind, url, lenaBundle] = process.argv.slice(2);
// Quick pass: 20 warm-up calls and 50 measured.
const WARMUP = sized(500, 20);
const CALLS = sized(2000, 50);

async function sdkClient() {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } =
    await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const client = new Client({ name: 'bench-sdk', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    call: (text) => client.callTool({ name: 'echo', arguments: { text } }),
    close: () => client.close(),
  };
}

async function lenaClient() {
  const { McpClient, StreamableHttpTransport } = await import(pathToFileURL(lenaBundle).href);
  const client = new McpClient(
    new StreamableHttpTransport({ url }),
    kind === 'lena' ? { protocol: '2025-11-25' } : {},
  );
  await client.connect();
  if (kind === 'lena2026' && client.era !== 'modern')
    throw new Error('lena2026 did not negotiate 2026-07-28');
  return { call: (text) => client.callTool('echo', { text }), close: () => client.close() };
}

/** The floor for node:http: a keep-alive POST per call, the answer parsed, nothing else. */
async function rawClient() {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true });
  const u = new URL(url);
  let session;
  let nextId = 0;
  const post = (message) =>
    new Promise((resolve, reject) => {
      const headers = {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      };
      if (message.method !== 'initialize') headers['mcp-protocol-version'] = '2025-11-25';
      if (session) headers['mcp-session-id'] = session;
      const req = http.request(
        { agent, hostname: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers },
        (res) => {
          session ??= res.headers['mcp-session-id'];
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (body += c));
          res.on('end', () => {
            const data = res.headers['content-type']?.includes('text/event-stream')
              ? body
                  .split('\n')
                  .filter((l) => l.startsWith('data: '))
                  .map((l) => l.slice(6))
                  .pop()
              : body;
            resolve(data ? JSON.parse(data) : undefined);
          });
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(message));
    });
  await post({
    jsonrpc: '2.0',
    id: ++nextId,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  });
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return {
    call: async (text) =>
      (
        await post({
          jsonrpc: '2.0',
          id: ++nextId,
          method: 'tools/call',
          params: { name: 'echo', arguments: { text } },
        })
      ).result,
    close: async () => agent.destroy(),
  };
}

const client =
  kind === 'sdk' ? await sdkClient() : kind === 'raw' ? await rawClient() : await lenaClient();
for (let i = 0; i < WARMUP; i++) await client.call(`w${i}`);
globalThis.gc?.();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < CALLS; i++) {
  const r = await client.call(`m${i}`);
  if (r.content[0].text !== `m${i}`) throw new Error(`wrong answer for call ${i}`);
}
const wallUs = ((performance.now() - t0) * 1000) / CALLS;
const cpu = process.cpuUsage(cpu0);
await client.close();
process.stdout.write(
  `${JSON.stringify({ cpuUsPerCall: (cpu.user + cpu.system) / CALLS, userUsPerCall: cpu.user / CALLS, systemUsPerCall: cpu.system / CALLS, wallUsPerCall: wallUs })}\n`,
);
process.exit(0);
