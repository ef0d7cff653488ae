// A URL without a transport type: Streamable HTTP first, legacy SSE when the initialize POST is
// refused with 404 or 405 (the spec's backwards-compatibility rule), nothing else — not 400,
// which a 2026 server answers to a request it refuses.
import { describe, expect, it } from 'vitest';
import type { TextContent } from '../../../../../shared/mcp-types';
import { HttpFallbackTransport } from '../../../../../electron/core/mcp/transports/http-fallback';
import { answerJson, legacySseHandler } from '../../../../fixtures/mcp-http/scripted-server';
import { clientOver, everything, scripted } from './http-harness';

const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;

describe('HTTP transport fallback', () => {
  it.each([404, 405])(
    'falls back to legacy SSE when the initialize POST gets %i',
    async (status) => {
      const server = await scripted(
        legacySseHandler({ otherwise: (_req, res) => void res.writeHead(status).end('no') }),
        '/sse',
      );
      const transport = new HttpFallbackTransport({
        url: server.url,
        headers: { 'X-Api-Key': 'k' },
      });
      const { client, closes } = clientOver(transport);
      await client.connect();
      expect(transport.kind).toBe('sse');
      expect(client.description).toBe(`sse: ${server.url}`);
      expect(text(await client.callTool('echo', { message: 'old' }))).toBe('Echo: old');
      // The 2026 probe, then initialize (both refused), then the legacy stream; the probe never goes over SSE.
      expect(
        server.requests.map((r) => `${r.method} ${r.path} ${r.message?.method ?? ''}`).slice(0, 4),
      ).toEqual([
        'POST /sse server/discover',
        'POST /sse initialize',
        'GET /sse ',
        'POST /message?sessionId=legacy-7f3a initialize',
      ]);
      for (const r of server.requests) expect(r.headers['x-api-key']).toBe('k');
      expect(closes).toEqual([]); // the abandoned Streamable HTTP attempt is not a close
    },
  );

  it('falls back for the real server-everything in sse mode', async () => {
    const server = await everything('sse');
    const transport = new HttpFallbackTransport({ url: `${server.origin}/sse` });
    const { client } = clientOver(transport);
    await client.connect();
    expect(transport.kind).toBe('sse');
    expect(text(await client.callTool('echo', { message: 'via fallback' }))).toBe(
      'Echo: via fallback',
    );
  });

  it('stays on Streamable HTTP when it works, and never opens a legacy stream', async () => {
    const server = await scripted((req, res) =>
      req.method === 'POST' ? answerJson(req, res) : void res.writeHead(405).end(),
    );
    const transport = new HttpFallbackTransport({ url: server.url });
    const { client } = clientOver(transport);
    await client.connect();
    expect(transport.kind).toBe('streamable-http');
    expect(client.description).toBe(`http: ${server.url}`);
    expect(text(await client.callTool('echo', { message: 'new' }))).toBe('Echo: new');
    // The one GET is Streamable HTTP's optional stream, opened after initialisation.
    expect(server.of('GET')).toHaveLength(1);
    expect(server.requests[0].message?.method).toBe('server/discover');
    expect(server.requests[0].headers['mcp-protocol-version']).toBe('2026-07-28');
    expect(server.requests[1].message?.method).toBe('initialize');
    expect(server.requests[1].headers['mcp-protocol-version']).toBeUndefined();
    for (const r of server.requests.slice(2))
      expect(r.headers['mcp-protocol-version']).toBe('2025-11-25');
  });

  it('does not fall back to SSE on 400: a 2026 server refuses requests that way, so the error stands', async () => {
    const server = await scripted(
      legacySseHandler({ otherwise: (_req, res) => void res.writeHead(400).end('bad request') }),
      '/sse',
    );
    const { client } = clientOver(new HttpFallbackTransport({ url: server.url }));
    await expect(client.connect()).rejects.toThrow(/HTTP 400 .*bad request/);
    expect(server.of('GET')).toEqual([]);
  });

  it('does not fall back on 401: the credentials are the problem, and the error says so', async () => {
    const server = await scripted(
      (_req, res) =>
        void res
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"error":"invalid_token"}'),
    );
    const { client } = clientOver(new HttpFallbackTransport({ url: server.url }));
    await expect(client.connect()).rejects.toThrow(
      /HTTP 401 \(Unauthorized\) from http:\/\/127\.0\.0\.1:\d+\/mcp: the server needs credentials.*invalid_token/,
    );
    expect(server.of('GET')).toEqual([]);
    // Nor is 401 taken for a 2025 server: the probe's 401 stands, no initialize follows.
    expect(server.requests.map((r) => r.message?.method)).toEqual(['server/discover']);
  });

  it('names both failures when neither transport works', async () => {
    const server = await scripted((_req, res) => void res.writeHead(404).end('not here'));
    const { client } = clientOver(new HttpFallbackTransport({ url: server.url }));
    await expect(client.connect()).rejects.toThrow(
      /speaks neither Streamable HTTP \(HTTP 404 .*\) nor legacy SSE \(HTTP 404 .*\)\. Check the URL, or set the transport type/,
    );
  });
});
