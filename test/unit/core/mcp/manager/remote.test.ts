// The manager reaches remote servers: server-everything over Streamable HTTP (a URL with no type
// tries Streamable HTTP first) and over legacy HTTP+SSE, with tool calls through the manager.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { McpManager } from '../../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';
import { startEverything, type RunningServer } from '../../../../fixtures/mcp-http/everything';
import { answerJson, startScripted } from '../../../../fixtures/mcp-http/scripted-server';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function managerFor(servers: Record<string, unknown>): Promise<McpManager> {
  const dir = mkdtempSync(join(tmpdir(), 'lena-remote-'));
  writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: servers }));
  const manager = new McpManager({
    sources: { userFile: join(dir, 'mcp.json') },
    createTransport: defaultTransportFactory(),
    env: {},
  });
  cleanups.push(async () => {
    await manager.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });
  await manager.start();
  return manager;
}

async function everything(mode: 'streamableHttp' | 'sse'): Promise<RunningServer> {
  const s = await startEverything(mode);
  cleanups.push(() => s.stop());
  return s;
}

it('connects to Streamable HTTP from a bare URL and to legacy SSE by type, and calls a tool on each', async () => {
  const http = await everything('streamableHttp');
  const sse = await everything('sse');
  const manager = await managerFor({
    web: { url: `${http.origin}/mcp` },
    old: { type: 'sse', url: `${sse.origin}/sse` },
  });
  const by = Object.fromEntries(manager.statuses().map((s) => [s.name, s]));
  expect(by.web).toMatchObject({
    status: 'connected',
    transport: 'http-with-sse-fallback',
    serverInfo: { name: expect.stringMatching(/everything/) },
  });
  expect(by.old).toMatchObject({ status: 'connected', transport: 'sse' });
  for (const name of ['web', 'old']) {
    const result = await manager.callTool(name, 'echo', { message: `hi ${name}` });
    expect(JSON.stringify(result.content)).toContain(`hi ${name}`);
  }
});

it('reports an unreachable URL with a hint', async () => {
  const manager = await managerFor({ gone: { type: 'http', url: 'http://127.0.0.1:9/mcp' } });
  const st = manager.status('gone')!;
  expect(['failed', 'connecting']).toContain(st.status);
  await expect
    .poll(() => manager.status('gone')?.error?.message ?? '')
    .toMatch(/ECONNREFUSED|connect|refused/i);
  expect(manager.status('gone')?.error?.hint).toMatch(/Nothing answers at that URL/);
});

it('lists the tools again after a remote session expired and was re-initialised', async () => {
  // A server that forgets its sessions when it restarts, and offers one more tool afterwards.
  const live = new Set<string>();
  let sessions = 0;
  const server = await startScripted((req, res) => {
    const sid = req.headers['mcp-session-id'] as string | undefined;
    const m = req.message;
    if (req.method === 'POST' && m?.method === 'initialize') {
      const id = `S${++sessions}`;
      live.add(id);
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': id });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: m.id,
          result: {
            protocolVersion: '2025-11-25',
            capabilities: { tools: {} },
            serverInfo: { name: 'scripted', version: String(sessions) },
          },
        }),
      );
      return;
    }
    if (!sid || !live.has(sid)) {
      res.writeHead(sid ? 404 : 400).end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    if (m?.method === 'tools/list') {
      const tools = Array.from({ length: sessions }, (_, i) => ({
        name: `tool${i + 1}`,
        inputSchema: { type: 'object' },
      }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { tools } }));
      return;
    }
    answerJson(req, res);
  });
  cleanups.push(() => server.close());
  const manager = await managerFor({ remote: { type: 'http', url: server.url } });
  expect(manager.status('remote')?.toolCount).toBe(1);
  live.clear(); // the server restarted
  await manager.callTool('remote', 'echo', { message: 'x' });
  await expect.poll(() => manager.status('remote')?.toolCount, { timeout: 5_000 }).toBe(2);
  expect(manager.session('remote')?.tools.map((t) => t.name)).toEqual(['tool1', 'tool2']);
});
