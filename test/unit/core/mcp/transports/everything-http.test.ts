// The real server-everything over both HTTP transports, through Lena's client: what a user who
// adds `{"type":"http","url":"http://…/mcp"}` or `{"type":"sse","url":"http://…/sse"}` would see.
import { describe, expect, it } from 'vitest';
import type { TextContent } from '../../../../../shared/mcp-types';
import type { Transport } from '../../../../../electron/core/mcp/transport';
import { SseTransport } from '../../../../../electron/core/mcp/transports/sse';
import { StreamableHttpTransport } from '../../../../../electron/core/mcp/transports/streamable-http';
import { clientOver, everything } from './http-harness';

const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;

const variants = [
  {
    name: 'Streamable HTTP (/mcp)',
    mode: 'streamableHttp' as const,
    make: (origin: string): Transport => new StreamableHttpTransport({ url: `${origin}/mcp` }),
  },
  {
    name: 'legacy SSE (/sse)',
    mode: 'sse' as const,
    make: (origin: string): Transport => new SseTransport({ url: `${origin}/sse` }),
  },
];

describe.each(variants)('server-everything over $name', ({ mode, make }) => {
  it('lists tools and calls echo, get-sum, get-tiny-image and get-structured-content', async () => {
    const server = await everything(mode);
    const { client } = clientOver(make(server.origin));
    const init = await client.connect();
    expect(init.protocolVersion).toBe('2025-11-25');
    const tools = await client.listTools();
    expect(tools.find((t) => t.name === 'echo')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(text(await client.callTool('echo', { message: 'héllo 👋' }))).toBe('Echo: héllo 👋');
    expect(text(await client.callTool('get-sum', { a: 2, b: 40 }))).toContain('42');
    const image = await client.callTool('get-tiny-image', {});
    expect(image.content.find((c) => c.type === 'image')).toMatchObject({
      mimeType: 'image/png',
      data: expect.stringMatching(/^[A-Za-z0-9+/=]{100,}$/),
    });
    const structured = await client.callTool('get-structured-content', { location: 'Chicago' });
    expect(structured.structuredContent).toMatchObject({ temperature: 36, humidity: 82 });
    expect(structured.validationError).toBeUndefined();
  });

  it('delivers progress of trigger-long-running-operation before the result', async () => {
    const server = await everything(mode);
    const { client } = clientOver(make(server.origin));
    await client.connect();
    const progress: number[] = [];
    const r = await client.callTool(
      'trigger-long-running-operation',
      { duration: 0.3, steps: 3 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(progress).toEqual([1, 2, 3]);
    expect(text(r)).toContain('Long running operation completed');
  });

  it('lists and reads resources, lists and gets prompts, and answers 20 parallel calls each to its caller', async () => {
    const server = await everything(mode);
    const { client } = clientOver(make(server.origin));
    await client.connect();
    const resources = await client.listResources();
    expect(resources.length).toBeGreaterThan(0);
    expect((await client.readResource(resources[0].uri)).contents[0].uri).toBe(resources[0].uri);
    const prompts = await client.listPrompts();
    const simple = prompts.find((p) => !p.arguments?.some((a) => a.required));
    expect((await client.getPrompt(simple!.name)).messages.length).toBeGreaterThan(0);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.callTool('echo', { message: `m${i}` })),
    );
    expect(results.map(text)).toEqual(Array.from({ length: 20 }, (_, i) => `Echo: m${i}`));
  });
});

describe('server-everything over Streamable HTTP: the session', () => {
  it('ends the session with DELETE on close', async () => {
    const server = await everything('streamableHttp');
    const { client } = clientOver(new StreamableHttpTransport({ url: `${server.origin}/mcp` }));
    await client.connect();
    await client.close();
    await expect
      .poll(() => /Received session termination request/.test(server.output()), { timeout: 5_000 })
      .toBe(true);
  });
});
