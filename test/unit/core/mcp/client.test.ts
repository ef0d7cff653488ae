// The MCP client's session rules against scripted servers: negotiation, timeouts, cancellation,
// late answers, errors, outputSchema, server-to-client requests (RELIABILITY.md faults 14–21).
import { describe, expect, it } from 'vitest';
import type { McpRpcError } from '../../../../electron/core/mcp/errors';
import type { TextContent } from '../../../../shared/mcp-types';
import { fixture, processGone, stdioClient } from './harness';
import { McpClient } from '../../../../electron/core/mcp/client';
import { StdioTransport } from '../../../../electron/core/mcp/transports/stdio';
import { logOf, wireLog } from './wire-log';

const server = fixture('scripted-server.mjs');
const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;
const received = (
  stderr: string,
): { method?: string; id?: unknown; params?: Record<string, unknown> }[] =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('recv '))
    .map((l) => JSON.parse(l.slice(5)));

describe('McpClient: negotiation', () => {
  it('connects, sends notifications/initialized and advertises no capability it lacks', async () => {
    const { client, transport } = stdioClient(server, ['asks']);
    const states: string[] = [];
    client.on('state', (s) => states.push(s));
    await client.connect();
    expect(states).toEqual(['connecting', 'connected']);
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(client.serverInfo?.name).toBe('scripted-asks');
    await expect
      .poll(
        () =>
          received(transport.stderrTail()).some((m) => m.method === 'notifications/initialized'),
        { timeout: 5_000 },
      )
      .toBe(true);
    const { answers, clientCapabilities } = JSON.parse(text(await client.callTool('answers', {})));
    // Only what Lena implements: following tasks (2025 capability, 2026 extension) — H13; MCP Apps
    // views — H23; Skills over MCP — H42.
    expect(clientCapabilities).toEqual({
      tasks: { cancel: {} },
      extensions: {
        'io.modelcontextprotocol/tasks': {},
        'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
        'io.modelcontextprotocol/skills': {},
      },
    });
    expect(answers.ping).toEqual({});
    for (const m of ['roots/list', 'sampling/createMessage', 'elicitation/create'])
      expect(answers[m].code).toBe(-32601);
  });

  it('talks to a server that answers an older supported version', async () => {
    const { client } = stdioClient(server, ['old-version']);
    await client.connect();
    expect(client.protocolVersion).toBe('2024-11-05');
    expect(text(await client.callTool('echo', { text: 'old' }))).toBe('old');
  });

  it('disconnects from a server answering an unsupported version, naming both versions', async () => {
    const { client, transport } = stdioClient(server, ['bad-version']);
    const err = (await client.connect().catch((e: unknown) => e)) as Error & { kind: string };
    expect(err.kind).toBe('protocol');
    expect(err.message).toContain('1999-01-01');
    expect(err.message).toContain('2025-11-25');
    expect(client.state).toBe('failed');
    await expect.poll(() => processGone(transport.pid!), { timeout: 5_000 }).toBe(true);
  });

  it('times out an unanswered initialize, kills the process tree and sends no notifications/cancelled', async () => {
    const { client, transport } = stdioClient(server, ['no-init']);
    const err = (await client.connect({ timeoutMs: 300 }).catch((e: unknown) => e)) as Error & {
      kind: string;
    };
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain('initialize');
    expect(client.state).toBe('failed');
    await expect.poll(() => processGone(transport.pid!), { timeout: 5_000 }).toBe(true);
    // The 2026 probe was refused (-32601), then initialize went unanswered.
    expect(received(transport.stderrTail()).map((m) => m.method)).toEqual([
      'server/discover',
      'initialize',
    ]);
  });

  it('pings the server', async () => {
    const { client, transport } = stdioClient(server);
    await client.connect();
    await client.ping();
    // The server logs what it received on stderr, which may arrive just after the answer.
    await expect
      .poll(() => received(transport.stderrTail()).some((m) => m.method === 'ping'), {
        timeout: 5_000,
      })
      .toBe(true);
  });

  it('ends as disconnected, not failed, when closed while connecting', async () => {
    const { client } = stdioClient(server, ['no-init']);
    const connecting = client.connect({ timeoutMs: 10_000 }).catch((e: unknown) => e);
    await expect.poll(() => client.state === 'connecting', { timeout: 5_000 }).toBe(true);
    await client.close();
    expect(await connecting).toMatchObject({ kind: 'transport' });
    expect(client.state).toBe('disconnected');
  });

  it('does not list what the server did not declare', async () => {
    const { client, transport } = stdioClient(server);
    await client.connect();
    expect(await client.listResources()).toEqual([]);
    expect(await client.listPrompts()).toEqual([]);
    await expect(client.readResource('file:///x')).rejects.toMatchObject({
      kind: 'protocol',
      message: expect.stringContaining('does not offer resources'),
    });
    await expect(client.getPrompt('p')).rejects.toMatchObject({
      kind: 'protocol',
      message: expect.stringContaining('does not offer prompts'),
    });
    const sent = received(transport.stderrTail()).map((m) => m.method);
    expect(sent.some((m) => m?.startsWith('resources/') || m?.startsWith('prompts/'))).toBe(false);
  });
});

describe('McpClient: calls', () => {
  it('times out a call that never answers, sends notifications/cancelled with its id, and ignores the late answer', async () => {
    const { client, transport } = stdioClient(server);
    await client.connect();
    const err = (await client
      .callTool('hang', {}, { timeoutMs: 200 })
      .catch((e: unknown) => e)) as Error & { kind: string };
    expect(err.kind).toBe('timeout');
    const call = received(transport.stderrTail()).find((m) => m.method === 'tools/call');
    await expect
      .poll(
        () =>
          logOf(client)
            .notes()
            .some((n) => n.startsWith('late answer ignored')),
        {
          timeout: 5_000,
        },
      )
      .toBe(true);
    const cancel = received(transport.stderrTail()).find(
      (m) => m.method === 'notifications/cancelled',
    );
    expect(cancel?.params?.requestId).toBe(call?.id);
    expect(text(await client.callTool('echo', { text: 'chat still usable' }))).toBe(
      'chat still usable',
    );
  });

  it('cancels on abort (Stop pressed) and the server serves the next call', async () => {
    const { client, transport } = stdioClient(server);
    await client.connect();
    const stop = new AbortController();
    const call = client.callTool('hang', {}, { signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
    await expect
      .poll(
        () => received(transport.stderrTail()).some((m) => m.method === 'notifications/cancelled'),
        { timeout: 5_000 },
      )
      .toBe(true);
    expect(text(await client.callTool('echo', { text: 'next' }))).toBe('next');
    expect(client.state).toBe('connected');
  });

  it('delivers 50 parallel calls with random latency each to its caller', async () => {
    const { client } = stdioClient(server);
    await client.connect();
    const tags = Array.from({ length: 50 }, (_, i) => `call-${i}`);
    const results = await Promise.all(
      tags.map((tag) => client.callTool('sleep', { ms: Math.floor(Math.random() * 100), tag })),
    );
    results.forEach((r, i) => expect(text(r)).toMatch(new RegExp(`${tags[i]}$`)));
  });

  it('keeps a JSON-RPC error (-32602) apart from an isError result', async () => {
    const { client } = stdioClient(server);
    await client.connect();
    const err = (await client
      .callTool('invalid-params', {})
      .catch((e: unknown) => e)) as McpRpcError;
    expect(err.kind).toBe('rpc');
    expect(err.code).toBe(-32602);
    expect(err.serverMessage).toContain('"path" is required');
    expect(err.data).toEqual({ field: 'path' });
    const failed = await client.callTool('fails', {});
    expect(failed.isError).toBe(true);
    expect(text(failed)).toBe('the file does not exist');
  });

  it('reports a result that fails its outputSchema without failing the call', async () => {
    const { client } = stdioClient(server);
    await client.connect();
    await client.listTools();
    const good = await client.callTool('weather', {});
    expect(good.validationError).toBeUndefined();
    const bad = await client.callTool('bad-weather', {});
    expect(bad.structuredContent).toEqual({ celsius: 'warm' });
    expect(bad.validationError).toMatch(/structuredContent.*celsius.*must be number/);
  });

  it('its traffic shows in the host log, bounded, with methods, ids, sizes and durations', async () => {
    const transport = new StdioTransport({
      command: process.execPath,
      args: [server],
      shutdownGraceMs: 500,
    });
    const log = wireLog(transport, { rows: 10, bytes: 1_000_000, body: 64 * 1024 });
    const client = log.watch(new McpClient(transport));
    try {
      await client.connect();
      for (let i = 0; i < 8; i += 1) await client.callTool('echo', { text: 'x'.repeat(1000) });
      expect(log.rows()).toHaveLength(10);
      const answer = log.received('tools/call').at(-1);
      expect(answer?.pairSeq).toBe(log.sent('tools/call').at(-1)?.seq);
      expect(answer?.durationMs).toBeGreaterThanOrEqual(0);
      expect(answer?.bytes).toBeGreaterThan(1000);
      expect(answer?.summary.length).toBeLessThan(300);
    } finally {
      await client.close();
    }
  });

  it('fails pending calls and refuses new ones after close', async () => {
    const { client } = stdioClient(server);
    await client.connect();
    const call = client.callTool('hang', {}).catch((e: unknown) => e);
    await client.close();
    expect(await call).toMatchObject({
      kind: 'transport',
      message: expect.stringContaining('closed by Lena'),
    });
    await expect(client.callTool('echo', { text: 'x' })).rejects.toMatchObject({
      kind: 'transport',
    });
    expect(client.state).toBe('disconnected');
  });
});
