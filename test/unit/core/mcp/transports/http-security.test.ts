// Security cases 12 and 14 (RELIABILITY.md): configured headers and tokens go only to the
// configured origin, never across a redirect; no token, header value or session id appears in any
// error, log entry or description the user (or a crash report) could see.
import { describe, expect, it } from 'vitest';
import { SseTransport } from '../../../../../electron/core/mcp/transports/sse';
import { StreamableHttpTransport } from '../../../../../electron/core/mcp/transports/streamable-http';
import { answerJson } from '../../../../fixtures/mcp-http/scripted-server';
import { logOf } from '../wire-log';
import { clientOver, scripted } from './http-harness';

const TOKEN = 'Bearer sekrit-token-4242';
const API_KEY = 'api-key-value-9x9x';
const SESSION = 'sess-SECRET-31337';
const QUERY = 'query-secret-5150';

describe('HTTP transports: credentials stay with their origin', () => {
  it('refuses a POST redirected to another origin, which receives nothing, let alone the token', async () => {
    const other = await scripted((req, res) => answerJson(req, res));
    const server = await scripted(
      (_req, res) => void res.writeHead(307, { location: `${other.origin}/mcp` }).end(),
    );
    const { client } = clientOver(
      new StreamableHttpTransport({ url: server.url, headers: { Authorization: TOKEN } }),
    );
    await expect(client.connect()).rejects.toThrow(
      /HTTP 307 from http:\/\/127\.0\.0\.1:\d+\/mcp: it redirects to another origin \(http:\/\/127\.0\.0\.1:\d+\); Lena does not follow cross-origin redirects/,
    );
    expect(other.requests).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a legacy SSE stream redirected to another origin', async () => {
    const other = await scripted(
      (_req, res) =>
        void res
          .writeHead(200, { 'content-type': 'text/event-stream' })
          .write('event: endpoint\ndata: /m\n\n'),
    );
    const server = await scripted(
      (_req, res) => void res.writeHead(302, { location: `${other.origin}/sse` }).end(),
      '/sse',
    );
    const { client } = clientOver(
      new SseTransport({ url: server.url, headers: { Authorization: TOKEN } }),
    );
    await expect(client.connect()).rejects.toThrow(/redirects to another origin/);
    expect(other.requests).toEqual([]);
  });

  it('follows a redirect within the same origin, keeping method, body and headers', async () => {
    const server = await scripted((req, res) => {
      if (req.path === '/old') return void res.writeHead(308, { location: '/mcp' }).end();
      answerJson(req, res);
    });
    const { client } = clientOver(
      new StreamableHttpTransport({
        url: `${server.origin}/old`,
        headers: { Authorization: TOKEN },
        openGetStream: false,
      }),
    );
    await client.connect();
    const moved = server.requests.filter((r) => r.path === '/mcp');
    expect(moved.map((r) => r.message?.method).slice(0, 2)).toEqual([
      'server/discover',
      'initialize',
    ]);
    expect(moved.every((r) => r.headers.authorization === TOKEN)).toBe(true);
  });
});

describe('HTTP transports: no secret in any text a user or a log can see', () => {
  it('keeps the token, header values, session id and URL query out of errors, logs and descriptions', async () => {
    // A hostile server: it echoes every header back in its error bodies.
    const echo = (req: { headers: object; path: string }): string =>
      `denied; you sent ${req.path} ${JSON.stringify(req.headers)}`;
    const server = await scripted((req, res) => {
      if (req.message?.method === 'initialize')
        return answerJson(req, res, { 'mcp-session-id': SESSION });
      if (req.method === 'GET')
        return void res.writeHead(403, { 'content-type': 'text/plain' }).end(echo(req));
      if (req.message?.method === 'tools/call')
        return void res.writeHead(500, { 'content-type': 'text/plain' }).end(echo(req));
      answerJson(req, res);
    });
    const url = `${server.url}?key=${QUERY}`;
    const { client, errors } = clientOver(
      new StreamableHttpTransport({ url, headers: { Authorization: TOKEN, 'X-Api-Key': API_KEY } }),
    );
    await client.connect();
    await expect.poll(() => errors.length > 0, { timeout: 5_000 }).toBe(true); // the refused GET stream was reported
    const failure = await client.callTool('echo', { message: 'x' }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(failure?.message).toMatch(/HTTP 500 .*Server said: denied; you sent/);
    expect(
      server.requests.some(
        (r) => r.headers.authorization === TOKEN && r.headers['mcp-session-id'] === SESSION,
      ),
    ).toBe(true);

    const visible = [
      client.description,
      failure?.message,
      JSON.stringify(failure),
      String((failure as { cause?: unknown })?.cause ?? ''),
      ...errors,
      ...client.logEntries().map((e) => JSON.stringify(e)),
      ...logOf(client)
        .rows()
        .map((row) => `${JSON.stringify(row)} ${logOf(client).body(row)}`),
    ].join('\n');
    expect(visible).toContain('[redacted]');
    for (const secret of ['sekrit-token-4242', API_KEY, SESSION, QUERY])
      expect(visible).not.toContain(secret);
  });

  it('keeps credentials written into the URL out of errors', async () => {
    const server = await scripted(
      (_req, res) =>
        void res.writeHead(401, { 'content-type': 'text/plain' }).end('bad password hunter22-pw'),
    );
    const withCreds = server.url.replace('http://', 'http://alice:hunter22-pw@');
    const transport = new StreamableHttpTransport({ url: withCreds });
    const { client } = clientOver(transport);
    const failure = await client.connect().then(
      () => undefined,
      (e: Error) => e,
    );
    expect(server.requests[0].headers.authorization).toBe(
      `Basic ${Buffer.from('alice:hunter22-pw').toString('base64')}`,
    );
    expect(failure?.message).toMatch(/HTTP 401/);
    expect(`${failure?.message} ${transport.description}`).not.toMatch(/hunter22-pw|alice/);
  });
});
