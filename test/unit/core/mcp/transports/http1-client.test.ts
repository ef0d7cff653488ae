// The lean HTTP/1.1 client against real servers on 127.0.0.1: keep-alive reuse, a server that
// closes idle connections, streamed bodies, and header injection refused.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Http1Client,
  assertHeaderSafe,
  type HttpResponse,
} from '../../../../../electron/core/mcp/transports/http1-client';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((c) => c()));

async function serve(handler: http.RequestListener): Promise<{ url: URL; ports: number[] }> {
  const ports: number[] = [];
  const server = http.createServer((req, res) => {
    ports.push(req.socket.remotePort ?? 0);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`), ports };
}

const bodyOf = (res: HttpResponse): Promise<string> =>
  new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    res.read(
      (c) => parts.push(c),
      (e) => (e ? reject(e) : resolve(Buffer.concat(parts).toString('utf8'))),
    );
  });

function client(url: URL, maxIdleMs?: number): Http1Client {
  const c = new Http1Client(url, { maxIdleMs });
  closers.push(() => c.close());
  return c;
}

describe('Http1Client', () => {
  it('sends method, path, headers and body, and reuses the connection for the next request', async () => {
    const seen: string[] = [];
    const { url, ports } = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push(
          `${req.method} ${req.url} ${req.headers['x-test']} ${req.headers['content-length']} ${body}`,
        );
        res.end(`you said ${body}`);
      });
    });
    const c = client(url);
    for (const word of ['één', 'twee']) {
      const res = await c.request('POST', '/mcp?q=1', 'X-Test: yes\r\n', word);
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toBe(`you said ${word}`);
    }
    expect(seen).toEqual(['POST /mcp?q=1 yes 5 één', 'POST /mcp?q=1 yes 4 twee']);
    expect(new Set(ports).size).toBe(1);
  });

  it('opens a fresh connection when the server closed the idle one', async () => {
    // The server drops each connection shortly after answering, as idle-timeouts do.
    const { url, ports } = await serve((req, res) =>
      res.end('ok', () => setTimeout(() => req.socket.destroy(), 20)),
    );
    const c = client(url);
    expect(await bodyOf(await c.request('GET', '/mcp', ''))).toBe('ok');
    // A grace: the client must have read the server's close of the idle connection before the next
    // request (the case under test), and the client has no event that says it has.
    await new Promise((r) => setTimeout(r, 150));
    expect(await bodyOf(await c.request('GET', '/mcp', ''))).toBe('ok');
    expect(new Set(ports).size).toBe(2);
  });

  it('streams a body as it arrives and reports a connection cut mid-body as an error', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: 1\n\n');
      setTimeout(() => res.socket?.destroy(), 30);
    });
    const res = await client(url).request('GET', '/mcp', 'Accept: text/event-stream\r\n');
    const chunks: string[] = [];
    const error = await new Promise<Error | undefined>((resolve) =>
      res.read((c) => chunks.push(c.toString()), resolve),
    );
    expect(chunks.join('')).toBe('data: 1\n\n');
    expect(error?.message).toMatch(/closed before the response ended/);
  });

  it('rejects with the socket error when nothing listens', async () => {
    const { url } = await serve(() => undefined);
    closers.splice(0).forEach((c) => c());
    await expect(client(url).request('GET', '/mcp', '')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it('refuses header names and values that could split the request', () => {
    expect(() => assertHeaderSafe('X-Ok', 'Bearer abc')).not.toThrow();
    expect(() => assertHeaderSafe('X-Evil', 'a\r\nHost: other')).toThrow(/not allowed in HTTP/);
    expect(() => assertHeaderSafe('Bad Name', 'x')).toThrow(/not allowed in HTTP/);
  });
});
