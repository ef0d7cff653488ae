// The manager and protocol eras: each server's status says which protocol it speaks (2026-07-28
// for an SDK v2 server, 2025-11-25 for a 2025 one, or the entry's pin), and a stdio server that
// exits on the 2026 probe is respawned once for initialize without a crash on its record.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpManager } from '../../../../../electron/core/mcp/manager/manager';
import { answerJson, startScripted } from '../../../../fixtures/mcp-http/scripted-server';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';

const ROOT = resolve(__dirname, '../../../../..');
const V2 = join(ROOT, 'test/fixtures/mcp-v2/peer.mjs');
const SCRIPTED = join(ROOT, 'test/fixtures/mcp/scripted-server.mjs');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function manager(servers: Record<string, unknown>): McpManager {
  const dir = mkdtempSync(join(tmpdir(), 'lena-eras-'));
  const userFile = join(dir, 'mcp.json');
  writeFileSync(userFile, JSON.stringify({ mcpServers: servers }));
  const m = new McpManager({
    sources: { userFile },
    createTransport: defaultTransportFactory(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    restart: {
      baseDelayMs: 30,
      maxDelayMs: 120,
      jitter: 0,
      crashLoopExits: 2,
      crashLoopWindowMs: 30_000,
      healthyAfterMs: 60_000,
    },
  });
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => m.shutdown(),
  );
  return m;
}

describe('McpManager and protocol eras', () => {
  it('reports the protocol each server speaks, and honours a pin', async () => {
    const m = manager({
      modern: { command: process.execPath, args: [V2, 'stdio', 'reject'] },
      dual: { command: process.execPath, args: [V2, 'stdio', 'serve'] },
      pinned: { command: process.execPath, args: [V2, 'stdio', 'serve'], protocol: '2025-11-25' },
      old: { command: process.execPath, args: [SCRIPTED, 'plain'] },
    });
    await m.start();
    const by = Object.fromEntries(m.statuses().map((s) => [s.name, s]));
    expect(by.modern).toMatchObject({
      status: 'connected',
      protocolVersion: '2026-07-28',
      toolCount: 4,
    });
    expect(by.dual).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    expect(by.pinned).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    expect(by.old).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    // The tools of a 2026 server reach the registry like any other.
    expect([...(m.tools().get('modern') ?? [])].map((t) => t.name)).toContain('confirm');
  });

  it('remembers that a remote server speaks 2025: its reconnect skips the probe, and Retry probes again', async () => {
    // A 2025 server whose session is lost once (404, and the replayed initialize fails), so the
    // session ends and the manager reconnects on its own.
    let initializes = 0;
    const server = await startScripted((req, res) => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      if (req.message?.method === 'server/discover')
        return void res.writeHead(400).end('unknown method');
      if (req.message?.method === 'initialize') {
        initializes += 1;
        if (initializes === 2) return void res.writeHead(500).end('down for a moment');
        return answerJson(req, res, { 'mcp-session-id': `S${initializes}` });
      }
      if (req.message?.method === 'tools/call' && req.headers['mcp-session-id'] === 'S1')
        return void res.writeHead(404).end();
      answerJson(req, res);
    });
    cleanups.push(() => server.close());
    const m = manager({ remote: { type: 'http', url: server.url } });
    await m.start();
    expect(m.status('remote')).toMatchObject({
      status: 'connected',
      protocolVersion: '2025-11-25',
    });
    await m.callTool('remote', 'echo', { message: 'x' }).catch(() => undefined);
    await expect
      .poll(() => initializes >= 3 && m.status('remote')?.status === 'connected', {
        message: 'the reconnect',
        timeout: 15_000,
      })
      .toBe(true);
    const probes = () => server.of('POST', 'server/discover').length;
    expect(probes()).toBe(1); // the reconnect went straight to initialize
    await m.restart('remote');
    expect(probes()).toBe(2); // Retry forgets what the server spoke
  });

  it('respawns a stdio server that exits on the probe, and that exit is not a crash', async () => {
    // crashLoopExits is 2 here: had the probe's exit counted, a second one would make a crash loop.
    const m = manager({ picky: { command: process.execPath, args: [SCRIPTED, 'exit-on-probe'] } });
    await m.start();
    expect(m.status('picky')).toMatchObject({
      status: 'connected',
      protocolVersion: '2025-11-25',
      error: null,
    });
    await m.restart('picky');
    expect(m.status('picky')).toMatchObject({ status: 'connected', error: null });
  });
});
