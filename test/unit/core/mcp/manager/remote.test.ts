// The manager reaches remote servers: server-everything over Streamable HTTP (a URL with no type
// tries Streamable HTTP first) and over legacy HTTP+SSE, with tool calls through the manager.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { McpManager } from '../../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';
import { startEverything, type RunningServer } from '../../../../fixtures/mcp-http/everything';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function managerFor(servers: Record<string, unknown>): Promise<McpManager> {
  const dir = mkdtempSync(join(tmpdir(), 'lena-remote-'));
  writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: servers }));
  const manager = new McpManager({ sources: { userFile: join(dir, 'mcp.json') }, createTransport: defaultTransportFactory(), env: {} });
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
  const manager = await managerFor({ web: { url: `${http.origin}/mcp` }, old: { type: 'sse', url: `${sse.origin}/sse` } });
  const by = Object.fromEntries(manager.statuses().map((s) => [s.name, s]));
  expect(by.web).toMatchObject({ status: 'connected', transport: 'http-with-sse-fallback', serverInfo: { name: expect.stringMatching(/everything/) } });
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
  await new Promise((r) => setTimeout(r, 50));
  expect(manager.status('gone')?.error?.message ?? '').toMatch(/ECONNREFUSED|connect|refused/i);
  expect(manager.status('gone')?.error?.hint).toMatch(/Nothing answers at that URL/);
});
