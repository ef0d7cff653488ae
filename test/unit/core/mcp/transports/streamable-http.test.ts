// Streamable HTTP against scripted servers, for what the reference server does not do on demand:
// sessions and headers, the optional GET stream, SSE answers, dropped streams, expired sessions, 5xx.
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { TextContent } from '../../../../../shared/mcp-types';
import type {
  JsonRpcMessage,
  JsonRpcResponse,
} from '../../../../../electron/core/mcp/jsonrpc-types';
import { HttpTransportError } from '../../../../../electron/core/mcp/transports/http-errors';
import { StreamableHttpTransport } from '../../../../../electron/core/mcp/transports/streamable-http';
import {
  answerJson,
  mcpResult,
  sseEvent,
  type Recorded,
} from '../../../../fixtures/mcp-http/scripted-server';
import { clientOver, scripted } from './http-harness';

const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;

interface SessionServerOptions {
  /** Answer GET (the standalone stream) this way; default 405. */
  onGet?: (req: Recorded, res: ServerResponse) => void;
  /** Answer a tools/call this way instead of JSON. */
  onCall?: (req: Recorded, res: ServerResponse) => void;
}

/** A server with sessions: initialize opens S1, S2…; `forget()` drops them all (a restart). */
async function sessionServer(opts: SessionServerOptions = {}) {
  const live = new Set<string>();
  let n = 0;
  const server = await scripted((req, res) => {
    const sid = req.headers['mcp-session-id'] as string | undefined;
    if (req.method === 'POST' && req.message?.method === 'initialize') {
      const id = `S${++n}`;
      live.add(id);
      return answerJson(req, res, { 'mcp-session-id': id });
    }
    if (!sid || !live.has(sid)) {
      res
        .writeHead(sid ? 404 : 400, { 'content-type': 'application/json' })
        .end('{"error":"unknown session"}');
      return;
    }
    if (req.method === 'DELETE') {
      live.delete(sid);
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      if (opts.onGet) opts.onGet(req, res);
      else res.writeHead(405, { allow: 'POST, DELETE' }).end();
    } else if (req.message?.method === 'tools/call' && opts.onCall) {
      opts.onCall(req, res);
    } else {
      answerJson(req, res);
    }
  });
  return { server, forget: () => live.clear() };
}

const sseHeaders = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

describe('Streamable HTTP: session and headers', () => {
  it('sends the session id, the negotiated protocol version and the configured headers on every later request', async () => {
    const { server } = await sessionServer();
    // The 2025 session (pinned: the 2026 probe would come first otherwise).
    const { client, errors } = clientOver(
      new StreamableHttpTransport({ url: server.url, headers: { 'X-Api-Key': 'k-123' } }),
      { protocol: '2025-11-25' },
    );
    await client.connect();
    await client.listTools();
    expect(text(await client.callTool('echo', { message: 'hi' }))).toBe('Echo: hi');
    await client.close();

    const [init, ...rest] = server.requests;
    expect(init.headers['mcp-session-id']).toBeUndefined();
    expect(init.headers['mcp-protocol-version']).toBeUndefined();
    expect(init.headers.accept).toBe('application/json, text/event-stream');
    expect(init.headers['content-type']).toBe('application/json');
    expect(rest.map((r) => `${r.method} ${r.message?.method ?? ''}`)).toEqual([
      'POST notifications/initialized',
      'GET ',
      'POST tools/list',
      'POST tools/call',
      'DELETE ',
    ]);
    for (const r of rest) {
      expect(r.headers['mcp-session-id']).toBe('S1');
      expect(r.headers['mcp-protocol-version']).toBe('2025-11-25');
    }
    for (const r of server.requests) expect(r.headers['x-api-key']).toBe('k-123');
    // 405 on the optional GET stream is not worth a warning.
    expect(errors).toEqual([]);
  });

  it('quietly tolerates a server that answers a notification with a JSON body instead of 202', async () => {
    const server = await scripted((req, res) => {
      if (req.method === 'GET') return void res.writeHead(405).end();
      if (req.message?.id === undefined)
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","result":{}}');
      answerJson(req, res);
    });
    const { client, errors } = clientOver(new StreamableHttpTransport({ url: server.url }));
    await client.connect();
    expect(text(await client.callTool('echo', { message: 'fine' }))).toBe('Echo: fine');
    expect(errors).toEqual([]);
  });

  it('reuses one kept-alive connection for sequential calls', async () => {
    const { server } = await sessionServer();
    const { client } = clientOver(
      new StreamableHttpTransport({ url: server.url, openGetStream: false }),
    );
    await client.connect();
    for (let i = 0; i < 10; i++) await client.callTool('echo', { message: String(i) });
    const ports = new Set(server.of('POST').map((r) => r.remotePort));
    // The 2026 probe, initialize, notifications/initialized and the ten calls.
    expect(server.of('POST')).toHaveLength(13);
    expect(ports.size).toBe(1);
  });
});

describe('Streamable HTTP: event streams', () => {
  it('delivers a progress notification and a server ping sent on the POST stream before the answer', async () => {
    const { server } = await sessionServer({
      onCall(req, res) {
        res.writeHead(200, sseHeaders);
        const token = (req.message?.params?._meta as { progressToken?: number }).progressToken;
        sseEvent(res, {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: token, progress: 1, total: 2 },
        });
        sseEvent(res, { jsonrpc: '2.0', id: 'srv-1', method: 'ping' });
        setTimeout(
          () =>
            res.end(
              `data: ${JSON.stringify({ jsonrpc: '2.0', id: req.message?.id, result: mcpResult(req.message) })}\n\n`,
            ),
          50,
        );
      },
    });
    const { client } = clientOver(new StreamableHttpTransport({ url: server.url }));
    await client.connect();
    const progress: number[] = [];
    const r = await client.callTool(
      'echo',
      { message: 'streamed' },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(text(r)).toBe('Echo: streamed');
    expect(progress).toEqual([1]);
    await expect
      .poll(
        () =>
          server.requests.some((q) => q.message?.id === 'srv-1' && 'result' in (q.message ?? {})),
        { timeout: 5_000 },
      )
      .toBe(true);
  });

  it("hands a server request sent on a call's POST stream that call's conversation, and one on the GET stream none", async () => {
    let getStream: ServerResponse | undefined;
    const { server } = await sessionServer({
      onGet(_req, res) {
        res.writeHead(200, sseHeaders);
        res.write(': open\n\n');
        getStream = res;
      },
      onCall(req, res) {
        res.writeHead(200, sseHeaders);
        const form = { message: 'Which city?', requestedSchema: { type: 'object' } };
        sseEvent(res, {
          jsonrpc: '2.0',
          id: 'on-post',
          method: 'elicitation/create',
          params: form,
        });
        sseEvent(getStream!, {
          jsonrpc: '2.0',
          id: 'on-get',
          method: 'elicitation/create',
          params: form,
        });
        setTimeout(() => {
          sseEvent(res, { jsonrpc: '2.0', id: req.message?.id, result: mcpResult(req.message) });
          res.end();
        }, 50);
      },
    });
    const asked: (string | undefined)[] = [];
    const { client } = clientOver(new StreamableHttpTransport({ url: server.url }), {
      features: {
        elicitation: async (_params, ctx) => {
          asked.push(ctx.conversationId);
          return { action: 'decline' };
        },
      },
    });
    await client.connect();
    await expect.poll(() => getStream !== undefined, { timeout: 5_000 }).toBe(true);
    const r = await client.callTool('echo', { message: 'x' }, { conversationId: 'conv-a' });
    expect(text(r)).toBe('Echo: x');
    await expect.poll(() => asked.length, { timeout: 5_000 }).toBe(2);
    expect(asked.sort()).toEqual(['conv-a', undefined]);
  });

  it('receives server-initiated messages on the GET stream (a list_changed makes the client re-list)', async () => {
    let getStream: ServerResponse | undefined;
    const { server } = await sessionServer({
      onGet(_req, res) {
        res.writeHead(200, sseHeaders);
        res.write(': open\n\n');
        getStream = res;
      },
    });
    const { client } = clientOver(new StreamableHttpTransport({ url: server.url }));
    const changed: string[][] = [];
    client.on('tools-changed', (tools) => changed.push(tools.map((t) => t.name)));
    await client.connect();
    await expect.poll(() => getStream !== undefined, { timeout: 5_000 }).toBe(true);
    sseEvent(getStream!, { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await expect.poll(() => changed.length === 1, { timeout: 5_000 }).toBe(true);
    expect(changed[0]).toEqual(['echo']);
    expect(server.of('GET')[0].headers.accept).toBe('text/event-stream');
  });

  it('retries the GET stream after 5xx answers, then receives on it', async () => {
    let gets = 0;
    const { server } = await sessionServer({
      onGet(_req, res) {
        if (++gets < 3) return void res.writeHead(503).end('busy');
        res.writeHead(200, sseHeaders);
        sseEvent(res, {
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'info', data: 'finally' },
        });
      },
    });
    const { client, errors } = clientOver(
      new StreamableHttpTransport({ url: server.url, defaultRetryMs: 20 }),
    );
    await client.connect();
    await expect
      .poll(() => client.logEntries().some((e) => e.data === 'finally'), { timeout: 5_000 })
      .toBe(true);
    expect(server.of('GET')).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it('resumes a POST stream that drops mid-answer: GET with Last-Event-ID after the server’s retry', async () => {
    let pendingId: string | number | undefined;
    const { server } = await sessionServer({
      onCall(req, res) {
        pendingId = req.message?.id;
        res.writeHead(200, sseHeaders);
        sseEvent(res, '', { id: 'e1', retry: 200 });
        sseEvent(
          res,
          {
            jsonrpc: '2.0',
            method: 'notifications/message',
            params: { level: 'info', data: 'working' },
          },
          { id: 'e2' },
        );
        setTimeout(() => res.socket?.destroy(), 30); // the connection drops, no answer yet
      },
      onGet(req, res) {
        if (req.headers['last-event-id'] !== 'e2') return void res.writeHead(405).end();
        res.writeHead(200, sseHeaders);
        sseEvent(
          res,
          {
            jsonrpc: '2.0',
            id: pendingId,
            result: { content: [{ type: 'text', text: 'resumed' }] },
          },
          { id: 'e3' },
        );
        res.end();
      },
    });
    const { client } = clientOver(
      new StreamableHttpTransport({ url: server.url, openGetStream: false }),
    );
    await client.connect();
    const r = await client.callTool('echo', { message: 'x' });
    expect(text(r)).toBe('resumed');
    const resume = server.of('GET')[0];
    expect(resume.headers['last-event-id']).toBe('e2');
    expect(resume.headers['mcp-session-id']).toBe('S1');
    expect(client.logEntries().some((e) => e.source === 'server' && e.data === 'working')).toBe(
      true,
    );
  });

  it('reads an event stream answering a notification, and does not try to resume it when it ends', async () => {
    const server = await scripted((req, res) => {
      if (req.message?.method !== 'notifications/initialized')
        return answerJson(req, res, { 'mcp-session-id': 'S1' });
      res.writeHead(200, sseHeaders);
      sseEvent(
        res,
        {
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'info', data: 'welcome' },
        },
        { id: 'n1' },
      );
      res.end();
    });
    const { client, errors } = clientOver(
      new StreamableHttpTransport({ url: server.url, openGetStream: false }),
    );
    await client.connect();
    await expect
      .poll(() => client.logEntries().some((e) => e.data === 'welcome'), { timeout: 5_000 })
      .toBe(true);
    await client.listTools();
    expect(server.of('GET')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fails the call at once, not at its timeout, when a stream drops and cannot be resumed', async () => {
    const { server } = await sessionServer({
      onCall(_req, res) {
        res.writeHead(200, sseHeaders);
        res.write(': no ids here\n\n');
        setTimeout(() => res.end(), 20);
      },
    });
    const { client } = clientOver(
      new StreamableHttpTransport({ url: server.url, openGetStream: false }),
      { requestTimeoutMs: 60_000 },
    );
    await client.connect();
    await expect(client.callTool('echo', { message: 'x' })).rejects.toThrow(
      /ended before the answer .* no way to resume/,
    );
    expect(client.state).toBe('connected');
    expect(server.of('GET')).toHaveLength(0);
  });
});

describe('Streamable HTTP: failures', () => {
  it('re-initialises once when the session expires (404) and retries the call in the new session', async () => {
    const { server, forget } = await sessionServer();
    const reinitialized: JsonRpcResponse[] = [];
    const { client } = clientOver(
      new StreamableHttpTransport({
        url: server.url,
        onSessionReinitialized: (r) => reinitialized.push(r),
      }),
    );
    await client.connect();
    forget(); // the server restarted
    expect(text(await client.callTool('echo', { message: 'again' }))).toBe('Echo: again');
    const inits = server.of('POST', 'initialize');
    expect(inits).toHaveLength(2);
    expect(inits[1].headers['mcp-session-id']).toBeUndefined();
    expect(inits[1].message?.params).toEqual(inits[0].message?.params);
    const calls = server.of('POST', 'tools/call');
    expect(calls.map((c) => c.headers['mcp-session-id'])).toEqual(['S1', 'S2']);
    expect(
      server.of('POST', 'notifications/initialized').map((c) => c.headers['mcp-session-id']),
    ).toEqual(['S1', 'S2']);
    expect(reinitialized).toHaveLength(1);
    expect(
      (reinitialized[0] as unknown as { result: { serverInfo: { name: string } } }).result
        .serverInfo.name,
    ).toBe('scripted');
    expect(client.state).toBe('connected');
  });

  it('gives up after one re-initialisation: the call fails, the connection is reported closed, no loop', async () => {
    let inits = 0;
    const server = await scripted((req, res) => {
      if (req.message?.method === 'initialize') {
        inits++;
        return answerJson(req, res, { 'mcp-session-id': `S${inits}` });
      }
      if (req.message?.method === 'notifications/initialized' && inits === 1)
        return answerJson(req, res);
      res.writeHead(404).end('session not found');
    });
    const { client, closes } = clientOver(
      new StreamableHttpTransport({ url: server.url, openGetStream: false }),
    );
    await client.connect();
    await expect(client.callTool('echo', { message: 'x' })).rejects.toThrow(
      /expired \(HTTP 404\) and re-initialising it failed/,
    );
    expect(inits).toBe(2);
    expect(closes).toHaveLength(1);
    expect(client.state).toBe('failed');
  });

  it('turns a 5xx into a transient error with the status and the body, and the session carries on', async () => {
    let fail = true;
    const { server } = await sessionServer({
      onCall(req, res) {
        if (!fail) return answerJson(req, res);
        fail = false;
        res.writeHead(503, { 'content-type': 'text/plain' }).end('overloaded, try later');
      },
    });
    const transport = new StreamableHttpTransport({ url: server.url, openGetStream: false });
    const { client } = clientOver(transport);
    await client.connect();
    const failed = (await client
      .callTool('echo', { message: 'x' })
      .catch((e: unknown) => e)) as Error & { cause?: unknown };
    expect(failed.message).toMatch(
      /HTTP 503 .* from http:\/\/127\.0\.0\.1:\d+\/mcp.*overloaded, try later/,
    );
    // The HTTP detail stays reachable for whoever decides on retries.
    expect(failed.cause).toMatchObject({ status: 503, transient: true });
    expect(text(await client.callTool('echo', { message: 'y' }))).toBe('Echo: y');

    fail = true;
    const error = await transport
      .send({
        jsonrpc: '2.0',
        id: 99,
        method: 'tools/call',
        params: { name: 'echo' },
      } as JsonRpcMessage)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpTransportError);
    expect(error).toMatchObject({
      status: 503,
      transient: true,
      kind: 'http-status',
      bodyExcerpt: 'overloaded, try later',
    });
  });

  it('fails a call whose answer exceeds maxMessageBytes, clearly and at once, and the session carries on', async () => {
    const { server } = await sessionServer({
      onCall(req, res) {
        const how = (req.message?.params?.arguments as { message: string }).message;
        const text = how === 'ok' ? 'small' : 'x'.repeat(2 * 1024 * 1024);
        const answer = JSON.stringify({
          jsonrpc: '2.0',
          id: req.message?.id,
          result: { content: [{ type: 'text', text }] },
        });
        if (how === 'big-sse') res.writeHead(200, sseHeaders).end(`id: 1\ndata: ${answer}\n\n`);
        else res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      },
    });
    const { client } = clientOver(
      new StreamableHttpTransport({
        url: server.url,
        openGetStream: false,
        maxMessageBytes: 1024 * 1024,
      }),
      { requestTimeoutMs: 60_000 },
    );
    await client.connect();
    await expect(client.callTool('echo', { message: 'big' })).rejects.toThrow(
      /response body exceeded 1048576 bytes/,
    );
    await expect(client.callTool('echo', { message: 'big-sse' })).rejects.toThrow(
      /An SSE event from the server exceeded 1048576 bytes/,
    );
    expect(server.of('GET')).toHaveLength(0); // not resumed: that would replay the same event
    expect(text(await client.callTool('echo', { message: 'ok' }))).toBe('small');
  });

  it('says which URL refused the connection and why when nothing listens there', async () => {
    const server = await scripted(() => undefined);
    const url = server.url;
    await server.close();
    const { client } = clientOver(new StreamableHttpTransport({ url }));
    await expect(client.connect()).rejects.toThrow(
      /Could not reach http:\/\/127\.0\.0\.1:\d+\/mcp .*ECONNREFUSED.*is the server running/,
    );
  });
});
