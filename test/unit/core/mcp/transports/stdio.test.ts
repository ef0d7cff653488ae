// The stdio transport against scripted misbehaving servers (RELIABILITY.md faults 1–8, 11–13, 25,
// security 11): each test checks what the user would see.
import { describe, expect, it } from 'vitest';
import type { McpTransportError } from '../../../../../electron/core/mcp/errors';
import type { TextContent } from '../../../../../shared/mcp-types';
import { fixture, processGone, stdioClient } from '../harness';
import { logOf } from '../wire-log';
import { baseEnvironmentNames } from '../../../../../electron/core/mcp/transports/child-env';

const server = fixture('scripted-server.mjs');
const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;
const clientLogs = (c: { logEntries(): { source: string; data: unknown }[] }): string[] =>
  c
    .logEntries()
    .filter((e) => e.source === 'client')
    .map((e) => String(e.data));

describe('stdio transport: framing', () => {
  it('connects despite 2 MiB of stderr before the initialize answer, and keeps a bounded tail', async () => {
    const { client, transport } = stdioClient(server, ['stderr-flood']);
    await client.connect();
    const tail = transport.stderrTail();
    expect(tail).toContain('flood done');
    expect(tail.length).toBeLessThanOrEqual(64 * 1024);
    expect(text(await client.callTool('echo', { text: 'still fine' }))).toBe('still fine');
  });

  it('skips banner and log lines on stdout, logs them, and delivers every answer', async () => {
    const { client } = stdioClient(server, ['stdout-noise']);
    await client.connect();
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((t) => client.callTool('echo', { text: t })),
    );
    expect(answers.map(text)).toEqual(['a', 'b', 'c']);
    expect(clientLogs(client).some((l) => l.includes('Widget server v1.0 starting'))).toBe(true);
  });

  it('parses answers with CRLF endings and blank lines around them', async () => {
    const { client } = stdioClient(server, ['crlf-blank']);
    await client.connect();
    expect(text(await client.callTool('echo', { text: 'crlf' }))).toBe('crlf');
  });

  it('reassembles an answer written three bytes at a time through multi-byte characters', async () => {
    const { client } = stdioClient(server, ['trickle']);
    await client.connect();
    const sample = 'Grüße, 日本語, emoji 👩‍💻🎉, Ωμέγα';
    expect(text(await client.callTool('echo', { text: sample }))).toBe(sample);
  });

  it('delivers two answers sent in one chunk, out of order, each to its caller', async () => {
    const { client } = stdioClient(server, ['out-of-order']);
    await client.connect();
    const [first, second] = await Promise.all([
      client.callTool('echo', { text: 'first' }),
      client.callTool('echo', { text: 'second' }),
    ]);
    expect(text(first)).toBe('first');
    expect(text(second)).toBe('second');
  });

  it('skips a malformed JSON line, logs it, and goes on', async () => {
    const { client } = stdioClient(server, ['malformed']);
    await client.connect();
    expect(text(await client.callTool('echo', { text: 'after garbage' }))).toBe('after garbage');
    expect(clientLogs(client).some((l) => l.includes('not JSON'))).toBe(true);
  });

  it('fails only the message with invalid UTF-8; the session continues', async () => {
    const { client } = stdioClient(server);
    await client.connect();
    await expect(client.callTool('bad-bytes', {})).rejects.toMatchObject({
      kind: 'protocol',
      message: expect.stringContaining('not valid UTF-8'),
    });
    expect(text(await client.callTool('echo', { text: 'next' }))).toBe('next');
    expect(client.state).toBe('connected');
  });

  it('ignores and logs answers with unknown or duplicate ids', async () => {
    const { client } = stdioClient(server, ['unknown-ids']);
    await client.connect();
    expect(text(await client.callTool('echo', { text: 'once' }))).toBe('once');
    await expect
      .poll(() => clientLogs(client).some((l) => l.includes('duplicate')), { timeout: 5_000 })
      .toBe(true);
    expect(
      logOf(client)
        .notes()
        .some((n) => n.includes('unknown or duplicate')),
    ).toBe(true);
  });

  it('fails the connection with "message too large" on a 64 MiB line without newline, holding no more than the limit', async () => {
    const { client, transport } = stdioClient(server);
    await client.connect();
    const states: string[] = [];
    client.on('state', (s) => states.push(s));
    const before = process.memoryUsage().arrayBuffers;
    const err = (await client.callTool('huge', {}).catch((e: unknown) => e)) as McpTransportError;
    expect(err.kind).toBe('transport');
    expect(err.message).toContain('message too large');
    expect(states).toContain('failed');
    // The 64 MiB held for the line was dropped; memory did not keep growing with the endless line.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(160 * 1024 * 1024);
    await expect.poll(() => processGone(transport.pid!), { timeout: 5_000 }).toBe(true);
  });
});

describe('stdio transport: processes', () => {
  it('gives the server only the allow-listed environment plus its configured env', async () => {
    process.env.ANTHROPIC_API_KEY = 'sk-ant-test-must-not-leak';
    process.env.LENA_SECRET_TOKEN = 'also-secret';
    try {
      const { client } = stdioClient(server, [], { env: { WIDGET_MODE: 'fast' } });
      await client.connect();
      const env = JSON.parse(text(await client.callTool('env', {}))) as Record<string, string>;
      expect(env.ANTHROPIC_API_KEY).toBeUndefined();
      expect(env.LENA_SECRET_TOKEN).toBeUndefined();
      expect(env.WIDGET_MODE).toBe('fast');
      expect(env.PATH).toBe(process.env.PATH);
      const allowed = new Set([...baseEnvironmentNames(), 'WIDGET_MODE']);
      // Node itself may add a few variables of its own to a child (none of the parent's).
      expect(
        Object.keys(env).filter(
          (k) =>
            !allowed.has(k) &&
            !k.startsWith('LC_') &&
            process.env[k] !== undefined &&
            k !== 'PWD' &&
            k !== 'SHLVL' &&
            k !== '_',
        ),
      ).toEqual([]);
    } finally {
      delete process.env.ANTHROPIC_API_KEY;
      delete process.env.LENA_SECRET_TOKEN;
    }
  });

  it('explains a command that is not on PATH, without retrying', async () => {
    const { client } = stdioClient(server, [], { command: 'surely-not-a-command-xyz' });
    const err = (await client.connect().catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(
      /`surely-not-a-command-xyz` was not found on PATH \(.+\); set an absolute command path or fix PATH/,
    );
    expect(client.state).toBe('failed');
  });

  it('fails a call in flight as soon as the server crashes, with exit code and stderr tail', async () => {
    const { client } = stdioClient(server, [], {}, { requestTimeoutMs: 30_000 });
    await client.connect();
    const err = (await client.callTool('crash', {}).catch((e: unknown) => e)) as McpTransportError;
    expect(err.kind).toBe('transport');
    expect(err.exitCode).toBe(3);
    expect(err.stderrTail).toContain('the widget exploded');
    expect(err.message).toContain('exited with code 3');
    expect(client.state).toBe('failed');
  });

  it('fails a call in flight at once when the server is killed with SIGKILL', async () => {
    const { client, transport } = stdioClient(server, [], {}, { requestTimeoutMs: 30_000 });
    await client.connect();
    const call = client.callTool('hang', {}).catch((e: unknown) => e);
    await expect
      .poll(() => transport.stderrTail().includes('"tools/call"'), { timeout: 5_000 })
      .toBe(true);
    process.kill(transport.pid!, 'SIGKILL');
    const err = (await call) as McpTransportError;
    expect(err).toMatchObject({
      kind: 'transport',
      signal: 'SIGKILL',
      message: expect.stringContaining('killed by SIGKILL'),
    });
    expect(client.state).toBe('failed');
  });

  it('reports a server that exits during initialize as failed, with its stderr', async () => {
    const { client } = stdioClient(server, ['exit-during-init']);
    const states: string[] = [];
    client.on('state', (s) => states.push(s));
    const err = (await client.connect().catch((e: unknown) => e)) as McpTransportError;
    expect(states).toEqual(['connecting', 'failed']);
    expect(err.exitCode).toBe(2);
    expect(err.message).toContain('missing configuration file');
    expect(client.state).toBe('failed');
  });

  it('ends a server that ignores stdin close and SIGTERM, and its child, within 5 s of close', async () => {
    const { client, transport } = stdioClient(server, ['ignore-term'], { shutdownGraceMs: 1500 });
    await client.connect();
    const { pid, child } = JSON.parse(text(await client.callTool('pids', {}))) as {
      pid: number;
      child: number;
    };
    expect(pid).toBe(transport.pid);
    expect(processGone(child)).toBe(false);
    const closing = Date.now();
    await client.close();
    await expect
      .poll(() => processGone(pid) && processGone(child), {
        timeout: 5_000 - (Date.now() - closing),
      })
      .toBe(true);
    expect(transport.stderrTail()).toContain('ignoring SIGTERM');
    expect(client.state).toBe('disconnected');
  });
});

describe('stdio transport: login-shell PATH', () => {
  it("gives the server the login shell's PATH instead of the bare PATH a desktop launcher leaves", async () => {
    const launcherPath = process.env.PATH;
    process.env.PATH = '/bin'; // what an app started from a desktop launcher may get
    try {
      const { client } = stdioClient(server, [], { inheritPath: 'login-shell' });
      await client.connect({ timeoutMs: 15_000 });
      const env = JSON.parse(text(await client.callTool('env', {}))) as Record<string, string>;
      expect(env.PATH).not.toBe('/bin');
      expect(env.PATH.split(':')).toContain('/usr/bin');
      expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    } finally {
      process.env.PATH = launcherPath;
    }
  });
});
