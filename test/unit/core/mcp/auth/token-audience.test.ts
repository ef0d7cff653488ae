// RELIABILITY.md security 14: a token for server A never reaches server B, not even through a
// redirect A answers with; and the transport repeats a request once the provider renewed access.
import { describe, expect, it } from 'vitest';
import type { AuthProvider } from '../../../../../electron/core/mcp/auth/types';
import { StreamableHttpTransport } from '../../../../../electron/core/mcp/transports/streamable-http';
import { clientOver, scripted } from '../transports/http-harness';

const INIT = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  serverInfo: { name: 's', version: '1' },
};

/** A provider holding one token for `origin`, that "renews" it on a 401. */
function tokenFor(origin: string, log: string[]): AuthProvider {
  let token = 'tok-1';
  return {
    headers: (_m, url): Record<string, string> =>
      url.origin === origin ? { Authorization: `Bearer ${token}` } : {},
    observe: (res) => {
      log.push(String(res.status));
      if (res.status !== 401) return 'proceed';
      token = 'tok-2';
      return 'retry';
    },
  };
}

describe('token audience', () => {
  it('is not sent after a cross-origin redirect: the redirect is refused and B sees nothing', async () => {
    const b = await scripted((_req, res) => void res.writeHead(200).end());
    const a = await scripted((_req, res) => void res.writeHead(307, { location: b.url }).end());
    const transport = new StreamableHttpTransport({ url: a.url, auth: tokenFor(a.origin, []) });
    const { client } = clientOver(transport);
    await expect(client.connect()).rejects.toThrow(/redirects to another origin/);
    expect(a.requests[0].headers.authorization).toBe('Bearer tok-1');
    expect(b.requests).toEqual([]);
  });

  it('a 401 lets the provider renew, and the same request goes again with the new token', async () => {
    const log: string[] = [];
    const a = await scripted((req, res) => {
      if (req.headers.authorization !== 'Bearer tok-2')
        return void res
          .writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' })
          .end();
      const message = req.message;
      if (message?.method === 'initialize')
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: INIT }));
      // A 2025-era server: the 2026 probe (server/discover) is a method it does not know.
      if (message?.id !== undefined)
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: message.id,
            error: { code: -32601, message: 'Method not found' },
          }),
        );
      res.writeHead(202).end();
    });
    const { client } = clientOver(
      new StreamableHttpTransport({ url: a.url, auth: tokenFor(a.origin, log) }),
    );
    await client.connect();
    // The first request (whichever era it probes) is refused once, then sent again unchanged.
    const [first, again] = a.requests.filter((r) => r.method === 'POST');
    expect([first.headers.authorization, again.headers.authorization]).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
    expect(again.body).toBe(first.body);
    expect(log.slice(0, 2)).toEqual(['401', '200']);
    expect(
      a.of('POST', 'initialize').every((r) => r.headers.authorization === 'Bearer tok-2'),
    ).toBe(true);
  });
});
