// Lena's client picks the best protocol era each server offers: 2026-07-28 against servers built
// with the official SDK v2 (modern-only and dual, over stdio and Streamable HTTP), 2025-11-25
// against 2025 servers, and what an entry pins. The peers are real: test/fixtures/mcp-v2/peer.mjs
// (@modelcontextprotocol/server 2.4.0) and the scripted 2025 server.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TextContent, Tool } from '../../../../shared/mcp-types';
import {
  McpClient,
  type ClientFeatureHandlers,
  type ClientOptions,
} from '../../../../electron/core/mcp/client';
import { startHttpPeer } from '../../../fixtures/mcp-v2/start-peer';
import { HttpFallbackTransport } from '../../../../electron/core/mcp/transports/http-fallback';
import { StdioTransport } from '../../../../electron/core/mcp/transports/stdio';
import { fixture, root, stdioClient } from './harness';
import { logOf, wireLog } from './wire-log';

const peer = join(root, 'test/fixtures/mcp-v2/peer.mjs');
const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;
const confirmYes: ClientFeatureHandlers = {
  elicitation: async () => ({ action: 'accept', content: { confirm: true } }),
};

const children: ChildProcess[] = [];
const clients: McpClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const c of children.splice(0)) c.kill();
});

/** Starts the SDK v2 peer over HTTP and resolves with its URL. */
async function httpPeer(legacy: 'stateless' | 'reject'): Promise<string> {
  return startHttpPeer(peer, ['http', legacy], children);
}

function httpClient(url: string, opts: ClientOptions = {}): McpClient {
  const transport = new HttpFallbackTransport({ url });
  const client = wireLog(transport).watch(new McpClient(transport, opts));
  clients.push(client);
  return client;
}

function changes(client: McpClient): Tool[][] {
  const seen: Tool[][] = [];
  client.on('tools-changed', (tools) => seen.push(tools));
  return seen;
}

describe.each([
  ['stdio, modern only', 'stdio', 'reject'],
  ['stdio, dual', 'stdio', 'serve'],
  ['Streamable HTTP, modern only', 'http', 'reject'],
  ['Streamable HTTP, dual', 'http', 'stateless'],
] as const)('an SDK v2 server (%s)', (_label, kind, legacy) => {
  async function connect(opts: ClientOptions = {}): Promise<McpClient> {
    const client =
      kind === 'stdio'
        ? stdioClient(peer, ['stdio', legacy], { inheritPath: 'process' }, opts).client
        : httpClient(await httpPeer(legacy as 'stateless' | 'reject'), opts);
    await client.connect();
    return client;
  }

  it('is spoken to in 2026-07-28, without initialize, and its tools work', async () => {
    const client = await connect();
    expect(client.era).toBe('modern');
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.serverInfo).toMatchObject({ name: 'v2-peer' });
    expect((await client.listTools()).map((t) => t.name)).toEqual([
      'echo',
      'era',
      'add_tool',
      'confirm',
    ]);
    expect(text(await client.callTool('echo', { message: 'hi' }))).toBe('Echo: hi');
    expect(text(await client.callTool('era', {}))).toBe('modern');
    expect(
      logOf(client)
        .rows()
        .some((r) => r.method === 'initialize'),
    ).toBe(false);
  });

  it('hears list changes through subscriptions/listen and re-lists', async () => {
    const client = await connect();
    await client.listTools();
    const seen = changes(client);
    await client.callTool('add_tool', {});
    await expect
      .poll(() => seen.some((tools) => tools.some((t) => t.name === 'extra')), { timeout: 5_000 })
      .toBe(true);
    expect(logOf(client).received('notifications/subscriptions/acknowledged')).not.toEqual([]);
  });

  it('answers an input_required round through the host handler and retries with a new id', async () => {
    const askedIn: (string | undefined)[] = [];
    const client = await connect({
      features: {
        elicitation: (params, ctx) => {
          askedIn.push(ctx.conversationId);
          return confirmYes.elicitation!(params, ctx);
        },
      },
    });
    const result = await client.callTool(
      'confirm',
      { what: 'deploy' },
      { conversationId: 'conv-a' },
    );
    expect(text(result)).toBe('confirmed: deploy');
    // The round is the call's own: its question is asked in the call's conversation.
    expect(askedIn).toEqual(['conv-a']);
    const calls = logOf(client).sent('tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[0].id).not.toBe(calls[1].id);
  });

  it('without a handler declares no elicitation, and the refusal comes back at once (no hang)', async () => {
    const client = await connect();
    await expect(client.callTool('confirm', { what: 'deploy' })).rejects.toMatchObject({
      kind: 'rpc',
      code: -32021,
    });
  });
});

describe('eras against 2025 servers and pins', () => {
  it('falls back to initialize when a 2025 server refuses server/discover', async () => {
    const { client } = stdioClient(fixture('scripted-server.mjs'), ['plain']);
    await client.connect();
    expect(client.era).toBe('legacy');
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(
      logOf(client)
        .sent()
        .map((r) => r.method)
        .slice(0, 3),
    ).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
  });

  it('respawns a stdio server that exits on the probe, once, and no crash is reported', async () => {
    let spawned = 0;
    const make = (): StdioTransport => {
      spawned += 1;
      return new StdioTransport({
        command: process.execPath,
        args: [fixture('scripted-server.mjs'), 'exit-on-probe'],
        shutdownGraceMs: 500,
      });
    };
    const client = new McpClient(make(), { respawn: async () => make() });
    clients.push(client);
    const closes: unknown[] = [];
    client.on('closed', (info) => closes.push(info));
    await client.connect();
    expect(client.era).toBe('legacy');
    expect(spawned).toBe(2);
    expect(closes).toEqual([]);
    expect(text(await client.callTool('echo', { text: 'after respawn' }))).toContain(
      'after respawn',
    );
  });

  it('without a way to respawn, a server that exits on the probe fails the connect with its reason', async () => {
    const { client } = stdioClient(fixture('scripted-server.mjs'), ['exit-on-probe']);
    await expect(client.connect()).rejects.toMatchObject({ kind: 'transport' });
  });

  it.each(['stdio', 'http'] as const)(
    'remembered as a 2025 server, one that became 2026-only (%s) is found out at initialize and probed',
    async (kind) => {
      const client =
        kind === 'stdio'
          ? stdioClient(peer, ['stdio', 'reject'], { inheritPath: 'process' }, { prior: 'legacy' })
              .client
          : httpClient(await httpPeer('reject'), { prior: 'legacy' });
      await client.connect();
      expect(client.era).toBe('modern');
      expect(
        logOf(client)
          .sent()
          .map((r) => r.method)
          .slice(0, 2),
      ).toEqual(['initialize', 'server/discover']);
    },
  );

  it('pinned to 2025-11-25, a dual server is spoken to in 2025 (no probe)', async () => {
    const { client } = stdioClient(
      peer,
      ['stdio', 'serve'],
      { inheritPath: 'process' },
      { protocol: '2025-11-25' },
    );
    await client.connect();
    expect(client.era).toBe('legacy');
    expect(text(await client.callTool('era', {}))).toBe('legacy');
    expect(
      logOf(client)
        .rows()
        .some((r) => r.method === 'server/discover'),
    ).toBe(false);
  });

  it('pinned to 2025-11-25, a modern-only server refuses, and the error names the versions it speaks', async () => {
    const client = httpClient(await httpPeer('reject'), { protocol: '2025-11-25' });
    await expect(client.connect()).rejects.toThrow(/-32022.*2026-07-28/);
  });

  it("on the 2025 wire, a server's own requests reach the same host handlers, and only handled features are declared", async () => {
    const features: ClientFeatureHandlers = {
      roots: async () => ({ roots: [{ uri: 'file:///project', name: 'project' }] }),
      elicitation: async () => ({ action: 'accept', content: { name: 'Ada' } }),
    };
    const { client } = stdioClient(fixture('scripted-server.mjs'), ['asks'], {}, { features });
    await client.connect();
    expect(client.era).toBe('legacy');
    let seen: { answers: Record<string, { code?: number }>; clientCapabilities: unknown } = {
      answers: {},
      clientCapabilities: undefined,
    };
    await expect
      .poll(async () => {
        seen = JSON.parse(text(await client.callTool('answers', {}))) as typeof seen;
        return Object.keys(seen.answers).length;
      })
      .toBeGreaterThanOrEqual(4);
    // Roots and elicitation are declared (with what Lena supports of each); sampling, which this
    // client has no handler for, is not. Tasks (always followed) come with every session.
    expect(seen.clientCapabilities).toMatchObject({ roots: {}, elicitation: {} });
    expect(seen.clientCapabilities).not.toHaveProperty('sampling');
    expect(seen.answers['roots/list']).toEqual({
      roots: [{ uri: 'file:///project', name: 'project' }],
    });
    expect(seen.answers['elicitation/create']).toEqual({
      action: 'accept',
      content: { name: 'Ada' },
    });
    expect(seen.answers['sampling/createMessage'].code).toBe(-32601);
  });

  it('pinned to 2026-07-28, a 2025 server is an error that says how to fix it', async () => {
    const { client } = stdioClient(
      fixture('scripted-server.mjs'),
      ['plain'],
      {},
      { protocol: '2026-07-28' },
    );
    await expect(client.connect()).rejects.toThrow(/pins "protocol": "2026-07-28".*remove the pin/);
  });
});
