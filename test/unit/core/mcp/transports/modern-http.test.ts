// The 2026-07-28 Streamable HTTP wire against a scripted modern server: the headers every POST
// carries (MCP-Protocol-Version from the first one, Mcp-Method, Mcp-Name, Mcp-Param-*), tools
// with invalid x-mcp-header declarations left out, no session, no GET stream and no DELETE, cache
// hints honoured, a dropped listen stream reopened with the lists fetched again, and a dropped
// request tried once more only when it is idempotent.
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../../../shared/mcp-types';
import { StreamableHttpTransport } from '../../../../../electron/core/mcp/transports/streamable-http';
import type { Recorded } from '../../../../fixtures/mcp-http/scripted-server';
import { clientOver, scripted } from './http-harness';

const TOOLS = [
  {
    name: 'query',
    inputSchema: {
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        q: { type: 'string' },
        opts: { type: 'object', properties: { dry: { type: 'boolean', 'x-mcp-header': 'Dry' } } },
      },
    },
  },
  {
    name: 'bad-number',
    inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } },
  },
  {
    name: 'bad-array',
    inputSchema: {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } },
    },
  },
  { name: 'read', annotations: { readOnlyHint: true }, inputSchema: { type: 'object' } },
  { name: 'write', inputSchema: { type: 'object' } },
];

const TOOLS_V2 = TOOLS.map((t) =>
  t.name === 'write'
    ? {
        ...t,
        inputSchema: {
          type: 'object',
          properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
        },
      }
    : t,
);

interface Script {
  ttlMs?: number;
  /** Calls of this tool drop their stream the first time (no answer). */
  dropOnce?: Set<string>;
  /** Listen streams to drop right after acknowledging them. */
  dropListens?: number;
  /** tools/call without this Mcp-Param-Region header is refused with HeaderMismatch (-32020). */
  requireRegionHeader?: boolean;
  /** Called when the response stream of a `hang` call is closed by the client. */
  onHangClosed?: () => void;
}

function modernServer(script: Script = {}): (req: Recorded, res: ServerResponse) => void {
  const dropped = new Set<string>();
  let listings = 0;
  return (req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const m = req.message!;
    const answer = (result: Record<string, unknown>): void =>
      void res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: m.id,
          result: { resultType: 'complete', ...result },
        }),
      );
    switch (m.method) {
      case 'server/discover':
        return answer({
          supportedVersions: ['2026-07-28'],
          capabilities: { tools: { listChanged: true } },
          ttlMs: 0,
          cacheScope: 'private',
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '1' } },
        });
      case 'tools/list':
        // With requireRegionHeader, the first listing is stale: `write` gains its declaration later.
        listings += 1;
        return answer({
          tools: script.requireRegionHeader && listings > 1 ? TOOLS_V2 : TOOLS,
          ttlMs: script.ttlMs ?? 0,
          cacheScope: 'private',
        });
      case 'tools/call': {
        const name = m.params?.name as string;
        if (script.requireRegionHeader && !req.headers['mcp-param-region']) {
          return void res.writeHead(400, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              jsonrpc: '2.0',
              id: m.id,
              error: { code: -32020, message: 'Header mismatch: Mcp-Param-Region missing' },
            }),
          );
        }
        if (name === 'hang') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(': working\n\n');
          res.on('close', () => script.onHangClosed?.());
          return; // never answers
        }
        if (script.dropOnce?.has(name) && !dropped.has(name)) {
          dropped.add(name);
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          return void res.end(); // the stream ends before the answer
        }
        return answer({ content: [{ type: 'text', text: `ran ${name}` }] });
      }
      case 'subscriptions/listen': {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const ack = {
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: {
            notifications: { toolsListChanged: true },
            _meta: { 'io.modelcontextprotocol/subscriptionId': m.id },
          },
        };
        res.write(`data: ${JSON.stringify(ack)}\n\n`);
        if ((script.dropListens ?? 0) > 0) {
          script.dropListens! -= 1;
          res.end();
        }
        return; // otherwise held open
      }
      default:
        return void res.writeHead(404, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: m.id,
            error: { code: -32601, message: 'Method not found' },
          }),
        );
    }
  };
}

describe('Streamable HTTP on the 2026-07-28 wire', () => {
  it('mirrors the request into headers, leaves out tools with invalid declarations, and keeps no session', async () => {
    const server = await scripted(modernServer());
    const { client, errors } = clientOver(new StreamableHttpTransport({ url: server.url }));
    await client.connect();
    expect(client.era).toBe('modern');
    const tools = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['query', 'read', 'write']);
    expect(errors.filter((e) => e.includes('left out'))).toEqual([
      expect.stringContaining('"bad-number"'),
      expect.stringContaining('"bad-array"'),
    ]);
    await client.callTool('query', { region: 'eu-west 1', q: 'select', opts: { dry: true } });
    await client.callTool('query', { region: 'Zürich' });
    await client.callTool('read', {}); // params ending in an empty object: the envelope still fits
    await client.close();

    const posts = server.of('POST');
    for (const r of posts) {
      expect(r.headers['mcp-protocol-version']).toBe('2026-07-28');
      expect(r.headers['mcp-method']).toBe(r.message?.method);
      expect(r.headers['mcp-session-id']).toBeUndefined();
      expect(
        (r.message?.params?._meta as Record<string, unknown>)[
          'io.modelcontextprotocol/protocolVersion'
        ],
      ).toBe('2026-07-28');
    }
    for (const r of posts) expect(() => JSON.parse(r.body) as unknown).not.toThrow();
    expect(server.of('POST', 'tools/call')[2].message?.params).toMatchObject({
      name: 'read',
      arguments: {},
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
    });
    const [first, second] = server.of('POST', 'tools/call');
    expect(first.headers).toMatchObject({
      'mcp-name': 'query',
      'mcp-param-region': 'eu-west 1',
      'mcp-param-dry': 'true',
    });
    expect(second.headers['mcp-param-region']).toBe(
      `=?base64?${Buffer.from('Zürich').toString('base64')}?=`,
    );
    expect(second.headers['mcp-param-dry']).toBeUndefined();
    expect(server.of('GET')).toEqual([]);
    expect(server.of('DELETE')).toEqual([]);
    expect(server.of('POST', 'initialize')).toEqual([]);
  });

  it('sends the log level per request, and after a HeaderMismatch lists again and resends with the new headers', async () => {
    const s = await scripted(modernServer({ requireRegionHeader: true }));
    const { client } = clientOver(new StreamableHttpTransport({ url: s.url }), {
      logLevel: 'info',
    });
    await client.connect();
    await client.listTools();
    expect((await client.callTool('write', { region: 'eu' })).content).toEqual([
      { type: 'text', text: 'ran write' },
    ]);
    const calls = s.of('POST', 'tools/call');
    expect(calls.map((r) => r.headers['mcp-param-region'])).toEqual([undefined, 'eu']);
    expect(s.of('POST', 'tools/list')).toHaveLength(2);
    for (const r of s.of('POST'))
      expect(
        (r.message?.params?._meta as Record<string, unknown>)['io.modelcontextprotocol/logLevel'],
      ).toBe('info');
  });

  it("cancels by closing the request's stream, with no notifications/cancelled and no warning", async () => {
    let closed = false;
    const server = await scripted(modernServer({ onHangClosed: () => (closed = true) }));
    const { client, errors } = clientOver(new StreamableHttpTransport({ url: server.url }));
    await client.connect();
    const stop = new AbortController();
    const call = client.callTool('hang', {}, { signal: stop.signal });
    await expect
      .poll(() => server.of('POST', 'tools/call').length === 1, { timeout: 5_000 })
      .toBe(true);
    stop.abort('Stop pressed');
    await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
    await expect.poll(() => closed, { timeout: 5_000 }).toBe(true);
    expect(server.of('POST', 'notifications/cancelled')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('serves a list from its cache while the ttl lasts, and asks again after a change', async () => {
    const server = await scripted(modernServer({ ttlMs: 60_000 }));
    const { client } = clientOver(new StreamableHttpTransport({ url: server.url }));
    await client.connect();
    await client.listTools();
    await client.listTools();
    expect(server.of('POST', 'tools/list')).toHaveLength(1);
  });

  it('fetches the tools again when one is called after their ttl ran out, and announces the list', async () => {
    const server = await scripted(modernServer({ ttlMs: 30 }));
    const { client } = clientOver(new StreamableHttpTransport({ url: server.url }));
    await client.connect();
    await client.listTools();
    const relisted: Tool[][] = [];
    client.on('tools-changed', (t) => relisted.push(t));
    // The ttl is time itself: wait it out (twice its 30 ms).
    await new Promise((r) => setTimeout(r, 60));
    await client.callTool('read', {});
    await expect.poll(() => relisted.length === 1, { timeout: 5_000 }).toBe(true);
    expect(server.of('POST', 'tools/list')).toHaveLength(2);
  });

  it('reopens a dropped listen stream and fetches the lists again', async () => {
    const server = await scripted(modernServer({ dropListens: 1 }));
    const { client } = clientOver(new StreamableHttpTransport({ url: server.url }));
    const relisted: Tool[][] = [];
    client.on('tools-changed', (t) => relisted.push(t));
    await client.connect();
    await expect
      .poll(() => server.of('POST', 'subscriptions/listen').length === 2 && relisted.length > 0, {
        timeout: 5_000,
      })
      .toBe(true);
    expect(relisted[0].map((t) => t.name)).toContain('query');
  });

  it('tries a dropped read-only call once more, and does not repeat a call that may change things', async () => {
    const server = await scripted(modernServer({ dropOnce: new Set(['read', 'write']) }));
    const { client } = clientOver(new StreamableHttpTransport({ url: server.url }));
    await client.connect();
    await client.listTools();
    expect((await client.callTool('read', {})).content).toEqual([
      { type: 'text', text: 'ran read' },
    ]);
    await expect(client.callTool('write', {})).rejects.toMatchObject({ kind: 'transport' });
    expect(server.of('POST', 'tools/call').map((r) => r.message?.params?.name)).toEqual([
      'read',
      'read',
      'write',
    ]);
  });
});
