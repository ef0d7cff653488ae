// The real server-everything over Streamable HTTP (/mcp), through Lena's client: what a user who
// adds `{"type":"http","url":"http://…/mcp"}` would see.
import { describe, expect, it } from 'vitest';
import type { TextContent } from '../../../../../shared/mcp-types';
import { StreamableHttpTransport } from '../../../../../electron/core/mcp/transports/streamable-http';
import { clientOver, eventually, everything } from './http-harness';

const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;

describe('server-everything over Streamable HTTP', () => {
  it('initialises, lists tools, calls echo and get-sum, and ends the session with DELETE', async () => {
    const server = await everything('streamableHttp');
    const { client } = clientOver(new StreamableHttpTransport({ url: `${server.origin}/mcp` }));
    const init = await client.connect();
    expect(init.protocolVersion).toBe('2025-11-25');
    expect(client.description).toBe(`http: ${server.origin}/mcp`);
    const tools = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'trigger-long-running-operation']));
    expect(text(await client.callTool('echo', { message: 'héllo 👋' }))).toBe('Echo: héllo 👋');
    expect(text(await client.callTool('get-sum', { a: 2, b: 40 }))).toContain('42');
    await client.close();
    await eventually(() => /Received session termination request/.test(server.output()));
  });

  it('delivers progress of trigger-long-running-operation on the POST stream before the result', async () => {
    const server = await everything('streamableHttp');
    const { client } = clientOver(new StreamableHttpTransport({ url: `${server.origin}/mcp` }));
    await client.connect();
    const progress: number[] = [];
    const r = await client.callTool('trigger-long-running-operation', { duration: 0.3, steps: 3 }, { onProgress: (p) => progress.push(p.progress) });
    expect(progress).toEqual([1, 2, 3]);
    expect(text(r)).toContain('Long running operation completed');
  });

  it('answers 20 parallel calls, each to its caller', async () => {
    const server = await everything('streamableHttp');
    const { client } = clientOver(new StreamableHttpTransport({ url: `${server.origin}/mcp` }));
    await client.connect();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => client.callTool('echo', { message: `m${i}` })));
    expect(results.map(text)).toEqual(Array.from({ length: 20 }, (_, i) => `Echo: m${i}`));
  });
});
