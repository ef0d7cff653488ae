// Streamable HTTP over TLS (node:tls under the lean HTTP/1.1 client), with a self-signed
// certificate for 127.0.0.1 from test/fixtures/mcp-http/tls.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TextContent } from '../../../../../shared/mcp-types';
import { StreamableHttpTransport } from '../../../../../electron/core/mcp/transports/streamable-http';
import { mcpResult } from '../../../../fixtures/mcp-http/scripted-server';
import { clientOver, later } from './http-harness';

const tlsDir = join(resolve(__dirname, '../../../../..'), 'test/fixtures/mcp-http/tls');
const cert = readFileSync(join(tlsDir, 'cert.pem'));
const key = readFileSync(join(tlsDir, 'key.pem'));

async function httpsServer(): Promise<{ url: string; authorizations: (string | undefined)[] }> {
  const authorizations: (string | undefined)[] = [];
  const server = https.createServer({ cert, key }, (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      authorizations.push(req.headers.authorization);
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const m = JSON.parse(body) as {
        id?: number;
        method: string;
        params?: Record<string, unknown>;
      };
      if (m.id === undefined) return void res.writeHead(202).end();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: mcpResult(m) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  later(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, authorizations };
}

describe('Streamable HTTP over HTTPS', () => {
  it('connects and calls a tool when the certificate is trusted', async () => {
    const server = await httpsServer();
    const { client } = clientOver(
      new StreamableHttpTransport({
        url: server.url,
        headers: { Authorization: 'Bearer tls-token' },
        http: { tls: { ca: cert } },
      }),
    );
    await client.connect();
    expect(
      ((await client.callTool('echo', { message: 'secure' })).content[0] as TextContent).text,
    ).toBe('Echo: secure');
    expect(server.authorizations.every((a) => a === 'Bearer tls-token')).toBe(true);
  });

  it('refuses an untrusted certificate and says what to do, without sending the token', async () => {
    const server = await httpsServer();
    const { client } = clientOver(
      new StreamableHttpTransport({
        url: server.url,
        headers: { Authorization: 'Bearer tls-token' },
      }),
    );
    await expect(client.connect()).rejects.toThrow(
      /Could not reach https:\/\/127\.0\.0\.1:\d+\/mcp .*TLS certificate is not trusted/,
    );
    expect(server.authorizations).toEqual([]);
  });
});
