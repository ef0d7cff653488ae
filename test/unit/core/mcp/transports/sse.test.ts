// The legacy HTTP+SSE transport against scripted servers: the endpoint, a foreign endpoint, a stream
// that ends, an answer that is not an event stream (server-everything: everything-http.test.ts).
import { describe, expect, it } from 'vitest';
import type { TextContent } from '../../../../../shared/mcp-types';
import { SseTransport } from '../../../../../electron/core/mcp/transports/sse';
import { legacySseHandler } from '../../../../fixtures/mcp-http/scripted-server';
import { clientOver, scripted } from './http-harness';

const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;

describe('legacy SSE transport', () => {
  it('posts to the endpoint resolved against the SSE URL, with the configured headers', async () => {
    const server = await scripted(legacySseHandler(), '/sse');
    const { client } = clientOver(
      new SseTransport({ url: server.url, headers: { Authorization: 'Bearer t0k3n' } }),
    );
    await client.connect();
    expect(text(await client.callTool('echo', { message: 'a' }))).toBe('Echo: a');
    const posts = server.of('POST');
    expect(posts.map((p) => p.path)).toEqual([
      '/message?sessionId=legacy-7f3a',
      '/message?sessionId=legacy-7f3a',
      '/message?sessionId=legacy-7f3a',
    ]);
    for (const r of server.requests) expect(r.headers.authorization).toBe('Bearer t0k3n');
    expect(posts[2].headers['mcp-protocol-version']).toBe('2025-11-25');
  });

  it('refuses an endpoint on another origin, which never receives anything', async () => {
    const elsewhere = await scripted(legacySseHandler());
    const server = await scripted(
      legacySseHandler({ endpoint: `${elsewhere.origin}/message?sessionId=x` }),
      '/sse',
    );
    const { client } = clientOver(
      new SseTransport({ url: server.url, headers: { Authorization: 'Bearer t0k3n' } }),
    );
    await expect(client.connect()).rejects.toThrow(
      /message endpoint on another origin \(http:\/\/127\.0\.0\.1:\d+\); Lena refuses it/,
    );
    expect(elsewhere.requests).toEqual([]);
  });

  it('reports the connection closed when the server ends the event stream', async () => {
    let end: (() => void) | undefined;
    const legacy = legacySseHandler();
    const server = await scripted((req, res, raw) => {
      if (req.method === 'GET') end = () => res.end();
      return legacy(req, res, raw);
    }, '/sse');
    const { client, closes } = clientOver(new SseTransport({ url: server.url }));
    await client.connect();
    end?.();
    await expect.poll(() => closes.length === 1, { timeout: 5_000 }).toBe(true);
    expect(closes[0].reason).toMatch(
      /closed its event stream; the legacy SSE transport cannot resume, reconnect the server/,
    );
    expect(client.state).toBe('failed');
  });

  it('says so when the URL answers something other than an event stream', async () => {
    const server = await scripted(
      (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
      '/sse',
    );
    const { client } = clientOver(new SseTransport({ url: server.url }));
    await expect(client.connect()).rejects.toThrow(
      /answered with "text\/html" instead of an event stream/,
    );
  });
});
