// Lena's client against servers built with the official SDK: pagination at scale, list_changed,
// server log messages, slow tools with progress and the hard maximum. The protocol cases run over
// the in-memory transport pair (the same server in this process, no spawn); the timing cases over
// a real stdio process.
import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../../shared/mcp-types';
import { createSdkPeer } from '../../../fixtures/mcp/sdk-peer.mjs';
import { fixture, inMemoryClient, stdioClient } from './harness';
import { logOf } from './wire-log';

const peer = fixture('sdk-peer.mjs');

describe('McpClient against SDK-built servers', () => {
  it('lists 5,000 tools served over several pages', async () => {
    const { client } = await inMemoryClient(createSdkPeer('many-tools'));
    await client.connect();
    const tools = await client.listTools();
    expect(tools.length).toBe(5000);
    expect(new Set(tools.map((t) => t.name)).size).toBe(5000);
    expect(tools[4999].name).toBe('tool_4999');
    expect(logOf(client).sent('tools/list')).toHaveLength(8);
  });

  it('stops a cursor loop with what it collected and says so', async () => {
    const { client } = await inMemoryClient(createSdkPeer('cursor-loop'));
    await client.connect();
    const tools = await client.listTools();
    expect(tools.length).toBe(2100);
    expect(client.logEntries().some((e) => String(e.data).includes('repeated a cursor'))).toBe(
      true,
    );
  });

  it('re-lists and emits when the server announces list_changed, and captures its log messages', async () => {
    const { client } = await inMemoryClient(createSdkPeer('list-changed'));
    await client.connect();
    expect((await client.listTools()).map((t) => t.name)).toEqual(['add-tool', 'log']);
    const changes: Tool[][] = [];
    client.on('tools-changed', (tools) => changes.push(tools));
    await client.callTool('add-tool', { name: 'weather', description: 'Weather now' });
    await expect
      .poll(() => changes.some((tools) => tools.some((t) => t.name === 'weather')), {
        timeout: 5_000,
      })
      .toBe(true);
    await client.callTool('log', { message: 'disk almost full' });
    await expect
      .poll(
        () =>
          client.logEntries().some((e) => e.source === 'server' && e.data === 'disk almost full'),
        { timeout: 5_000 },
      )
      .toBe(true);
    expect(client.logEntries().find((e) => e.data === 'disk almost full')).toMatchObject({
      level: 'warning',
      logger: 'peer',
    });
  });

  it('lets progress keep a slow tool alive past its timeout', async () => {
    const { client } = stdioClient(peer, ['slow']);
    await client.connect();
    const seen: string[] = [];
    const r = await client.callTool(
      'slow',
      { steps: 5, stepMs: 150 },
      { timeoutMs: 400, onProgress: (p) => seen.push(`${p.progress}/${p.total} ${p.message}`) },
    );
    expect(r.content[0]).toMatchObject({ text: 'done after 5 steps' });
    expect(seen).toEqual(['1/5 step 1', '2/5 step 2', '3/5 step 3', '4/5 step 4', '5/5 step 5']);
  });

  it('times out a slow tool without progress, and stops endless progress at the hard maximum', async () => {
    const { client } = stdioClient(
      peer,
      ['slow'],
      {},
      { requestTimeoutMs: 300, maxRequestTimeoutMs: 900 },
    );
    await client.connect({ timeoutMs: 15_000 });
    await expect(client.callTool('slow', { steps: 2, stepMs: 500 })).rejects.toMatchObject({
      kind: 'timeout',
      hardMaximum: false,
    });
    let updates = 0;
    const err = await client
      .callTool('forever', { everyMs: 50 }, { onProgress: () => (updates += 1) })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      kind: 'timeout',
      hardMaximum: true,
      message: expect.stringContaining('hard maximum'),
    });
    expect(updates).toBeGreaterThan(3);
    expect(await client.callTool('slow', { steps: 1, stepMs: 10 })).toMatchObject({
      content: [{ text: 'done after 1 steps' }],
    });
  });
});
