// Per-request abort on both Streamable HTTP wires: a request Lena gives up on (Stop pressed, a
// timeout, a subscriptions/listen stream replaced by one with a new filter) has its HTTP exchange
// aborted, so the server sees that connection close instead of a socket held until it answers;
// every other request in flight completes. Scripted loopback servers hold answers on purpose
// (a server still working has not sent its response head yet: Node sends none before a write).
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { TextContent } from '../../../../../shared/mcp-types';
import {
  Http1Client,
  type HttpResponse,
} from '../../../../../electron/core/mcp/transports/http1-client';
import { StreamableHttpTransport } from '../../../../../electron/core/mcp/transports/streamable-http';
import { answerJson, type Recorded } from '../../../../fixtures/mcp-http/scripted-server';
import { clientOver, later, scripted } from './http-harness';

interface Held {
  req: Recorded;
  res: ServerResponse;
  /** Resolves when the connection of this response closed (the client aborted it). */
  closed: Promise<void>;
  isClosed(): boolean;
}

/** Responses a server holds, by tools/call name or JSON-RPC method, in arrival order. */
class Holds {
  readonly all: Held[] = [];
  add(req: Recorded, res: ServerResponse): void {
    let closed = false;
    const done = new Promise<void>((resolve) =>
      res.once('close', () => resolve(void (closed = true))),
    );
    this.all.push({ req, res, closed: done, isClosed: () => closed });
  }
  of(name: string): Held[] {
    return this.all.filter((h) => (h.req.message?.params?.name ?? h.req.message?.method) === name);
  }
}

const jsonAnswer = (res: ServerResponse, id: unknown, result: Record<string, unknown>): void =>
  void res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id, result }));

const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;

// tools/call "hold-json" and "gate" are held without a head; "hold-sse" opens an event stream and
// never answers; the first subscriptions/listen is held without a head, later ones acknowledged.
function modernServer(holds: Holds) {
  return (req: Recorded, res: ServerResponse): void => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const m = req.message!;
    const answer = (result: Record<string, unknown>): void =>
      jsonAnswer(res, m.id, { resultType: 'complete', ...result });
    if (m.method === 'server/discover') {
      return answer({
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: { listChanged: true }, resources: { subscribe: true } },
        ttlMs: 0,
        cacheScope: 'private',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'holder', version: '1' } },
      });
    }
    if (m.method === 'subscriptions/listen') {
      if (holds.of('subscriptions/listen').length > 0) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(
          `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: m.params?.notifications } })}\n\n`,
        );
      }
      return holds.add(req, res);
    }
    if (m.method !== 'tools/call')
      return void res.writeHead(404, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: m.id,
          error: { code: -32601, message: 'Method not found' },
        }),
      );
    const name = m.params?.name as string;
    if (name === 'hold-json' || name === 'gate') return holds.add(req, res);
    return answer({ content: [{ type: 'text', text: `ran ${name}` }] });
  };
}

async function connectModern() {
  const holds = new Holds();
  const server = await scripted(modernServer(holds));
  const { client, errors } = clientOver(new StreamableHttpTransport({ url: server.url }));
  await client.connect();
  return { holds, server, client, errors };
}

// A 2025 server with one session: "hold-sse" opens an event stream and never answers, "gate" is
// held without a head; notifications get 202.
function sessionServer(holds: Holds) {
  return (req: Recorded, res: ServerResponse): void => {
    const m = req.message;
    if (req.method !== 'POST') return void res.writeHead(req.method === 'DELETE' ? 200 : 405).end();
    if (m?.method === 'initialize') return answerJson(req, res, { 'mcp-session-id': 'S1' });
    const name = m?.params?.name;
    if (m?.method === 'tools/call' && name === 'hold-sse') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': working\n\n');
      return holds.add(req, res);
    }
    if (m?.method === 'tools/call' && name === 'gate') return holds.add(req, res);
    answerJson(req, res);
  };
}

describe('Streamable HTTP: a request given up on is aborted at the HTTP level', () => {
  it('2026: Stop closes a call still waiting for its JSON answer; the call beside it completes', async () => {
    const { holds, server, client, errors } = await connectModern();
    const stop = new AbortController();
    const stopped = client.callTool('hold-json', {}, { signal: stop.signal });
    const beside = client.callTool('gate', {});
    await expect
      .poll(() => holds.of('hold-json').length === 1 && holds.of('gate').length === 1, {
        timeout: 15_000,
      })
      .toBe(true);
    stop.abort('Stop pressed');
    await expect(stopped).rejects.toMatchObject({ kind: 'cancelled' });
    await holds.of('hold-json')[0].closed;
    const gate = holds.of('gate')[0];
    expect(gate.isClosed()).toBe(false);
    jsonAnswer(gate.res, gate.req.message?.id, {
      resultType: 'complete',
      content: [{ type: 'text', text: 'ran gate' }],
    });
    expect(text(await beside)).toBe('ran gate');
    expect(server.of('POST', 'notifications/cancelled')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('2026: a call that timed out has its connection closed', async () => {
    const { holds, client, errors } = await connectModern();
    // Long enough for the POST to reach the server under load: the abort must close a live exchange.
    const timedOut = client.callTool('hold-json', {}, { timeoutMs: 1500 });
    await expect.poll(() => holds.of('hold-json').length === 1, { timeout: 15_000 }).toBe(true);
    await expect(timedOut).rejects.toMatchObject({ kind: 'timeout' });
    await holds.of('hold-json')[0].closed;
    expect(text(await client.callTool('echo', {}))).toBe('ran echo');
    expect(errors).toEqual([]);
  });

  it('2026: a subscriptions/listen stream replaced by one with a new filter is closed; the new one stays open', async () => {
    const { holds, client, errors } = await connectModern();
    await expect
      .poll(() => holds.of('subscriptions/listen').length === 1, { timeout: 15_000 })
      .toBe(true);
    await client.subscribeResource('file:///notes.txt');
    const [replaced] = holds.of('subscriptions/listen');
    await replaced.closed;
    await expect
      .poll(() => holds.of('subscriptions/listen').length === 2, { timeout: 15_000 })
      .toBe(true);
    const current = holds.of('subscriptions/listen')[1];
    expect(current.req.message?.params?.notifications).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: ['file:///notes.txt'],
    });
    expect(text(await client.callTool('echo', {}))).toBe('ran echo');
    expect(current.isClosed()).toBe(false);
    expect(errors).toEqual([]);
  });

  it("2025: after notifications/cancelled is sent, the cancelled call's event stream is closed; the call beside it completes", async () => {
    const holds = new Holds();
    const server = await scripted(sessionServer(holds));
    const { client, errors } = clientOver(
      new StreamableHttpTransport({ url: server.url, openGetStream: false }),
      { protocol: '2025-11-25' },
    );
    await client.connect();
    const stop = new AbortController();
    const stopped = client.callTool('hold-sse', {}, { signal: stop.signal });
    const beside = client.callTool('gate', {});
    await expect
      .poll(() => holds.of('hold-sse').length === 1 && holds.of('gate').length === 1, {
        timeout: 15_000,
      })
      .toBe(true);
    stop.abort('Stop pressed');
    await expect(stopped).rejects.toMatchObject({ kind: 'cancelled' });
    const held = holds.of('hold-sse')[0];
    await held.closed;
    // The server was told first (the 2025 wire's cancellation); only then was the stream let go.
    expect(
      server.of('POST', 'notifications/cancelled').map((r) => r.message?.params?.requestId),
    ).toEqual([held.req.message?.id]);
    const gate = holds.of('gate')[0];
    expect(gate.isClosed()).toBe(false);
    jsonAnswer(gate.res, gate.req.message?.id, { content: [{ type: 'text', text: 'ran gate' }] });
    expect(text(await beside)).toBe('ran gate');
    expect(errors).toEqual([]);
  });
});

describe('Http1Client: per-request AbortSignal', () => {
  it('an abort after its request completed leaves the kept-alive connection to the next request', async () => {
    const waiting: ServerResponse[] = [];
    const ports: number[] = [];
    const server = http.createServer((req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      if (req.url === '/slow') waiting.push(res);
      else res.end('fast');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const c = new Http1Client(
      new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
    );
    later(() => {
      c.close();
      server.closeAllConnections();
      server.close();
    });
    const body = (res: HttpResponse): Promise<string> =>
      new Promise((resolve, reject) => {
        const parts: Buffer[] = [];
        res.read(
          (chunk) => parts.push(chunk),
          (e) => (e ? reject(e) : resolve(Buffer.concat(parts).toString('utf8'))),
        );
      });
    const first = new AbortController();
    expect(await body(await c.request('GET', '/fast', '', undefined, first.signal))).toBe('fast');
    const slow = c.request('GET', '/slow', '');
    await expect.poll(() => waiting.length === 1, { timeout: 15_000 }).toBe(true);
    first.abort(); // must not touch the connection, now carrying /slow
    waiting[0].end('slow');
    expect(await body(await slow)).toBe('slow');
    expect(ports[1]).toBe(ports[0]);
    await expect(c.request('GET', '/fast', '', undefined, first.signal)).rejects.toThrow('aborted');
  });
});
