// Resources, templates, prompts, completions and subscriptions (issue 22) through Lena's client,
// against the real server-everything over stdio, Streamable HTTP and legacy SSE.
import { describe, expect, it } from 'vitest';
import type { McpClient } from '../../../../electron/core/mcp/client';
import type { Transport } from '../../../../electron/core/mcp/transport';
import { SseTransport } from '../../../../electron/core/mcp/transports/sse';
import { StreamableHttpTransport } from '../../../../electron/core/mcp/transports/streamable-http';
import { expandUriTemplate, templateVariables } from '../../../../shared/uri-template';
import { reference, stdioClient } from './harness';
import { clientOver, everything } from './transports/http-harness';

/** What a user does with a server's offerings, the same on every transport. */
async function exercise(client: McpClient): Promise<void> {
  await client.connect();
  expect(client.capabilities?.resources?.subscribe).toBe(true);
  const resources = await client.listResources();
  const doc = resources.find((r) => r.uri.startsWith('demo://resource/static/document/'));
  expect(doc).toBeDefined();
  const templates = await client.listResourceTemplates();
  const textTemplate = templates.find((t) => t.uriTemplate.includes('/dynamic/text/'))!;
  expect(templateVariables(textTemplate.uriTemplate)).toEqual(['resourceId']);

  // Completions: a template variable, and a prompt argument narrowed by the one before it.
  expect(
    await client.complete(
      { type: 'ref/resource', uri: textTemplate.uriTemplate },
      { name: 'resourceId', value: '7' },
    ),
  ).toMatchObject({ values: ['7'] });
  const departments = await client.complete(
    { type: 'ref/prompt', name: 'completable-prompt' },
    { name: 'department', value: 'S' },
  );
  expect(departments.values).toEqual(['Sales', 'Support']);
  const people = await client.complete(
    { type: 'ref/prompt', name: 'completable-prompt' },
    { name: 'name', value: '' },
    { department: 'Sales' },
  );
  expect(people.values).toEqual(['David', 'Eve', 'Frank']);

  // A template filled in and read; a prompt with arguments.
  const uri = expandUriTemplate(textTemplate.uriTemplate, { resourceId: '7' });
  const read = await client.readResource(uri);
  expect(read.contents[0]).toMatchObject({ uri, mimeType: 'text/plain' });
  expect(read.contents[0].text).toContain('7');
  const prompt = await client.getPrompt('completable-prompt', { department: 'Sales', name: 'Eve' });
  expect(prompt.messages[0].content).toMatchObject({
    type: 'text',
    text: 'Please promote Eve to the head of the Sales team.',
  });

  // Subscribed: the server's simulated updates arrive for that URI; unsubscribed: they stop.
  const updated: string[] = [];
  client.on('resource-updated', (u) => updated.push(u));
  await client.subscribeResource(doc!.uri);
  await client.callTool('toggle-subscriber-updates', {});
  await expect.poll(() => updated.includes(doc!.uri), { timeout: 15_000 }).toBe(true);
  await client.unsubscribeResource(doc!.uri);
  await client.callTool('toggle-subscriber-updates', {});
}

describe('server-everything offerings over stdio', () => {
  it('lists, completes, reads, gets prompts and delivers updates of a subscribed resource', async () => {
    const { client } = stdioClient(reference('server-everything'), ['stdio']);
    await exercise(client);
  }, 30_000);
});

const variants = [
  {
    name: 'Streamable HTTP',
    mode: 'streamableHttp' as const,
    make: (origin: string): Transport => new StreamableHttpTransport({ url: `${origin}/mcp` }),
  },
  {
    name: 'legacy SSE',
    mode: 'sse' as const,
    make: (origin: string): Transport => new SseTransport({ url: `${origin}/sse` }),
  },
];

describe.each(variants)('server-everything offerings over $name', ({ mode, make }) => {
  it('lists, completes, reads, gets prompts and delivers updates of a subscribed resource', async () => {
    const server = await everything(mode);
    const { client } = clientOver(make(server.origin));
    await exercise(client);
  }, 30_000);
});

describe('URI templates', () => {
  it('fills simple, reserved, path and query variables, encoding where RFC 6570 says', () => {
    expect(
      expandUriTemplate('demo://resource/dynamic/text/{resourceId}', { resourceId: 'a b/c' }),
    ).toBe('demo://resource/dynamic/text/a%20b%2Fc');
    expect(expandUriTemplate('file:///{+path}', { path: 'home/me/a b.txt' })).toBe(
      'file:///home/me/a%20b.txt',
    );
    expect(expandUriTemplate('x://r{/a,b}', { a: '1', b: '2' })).toBe('x://r/1/2');
    expect(expandUriTemplate('x://s{?q,lang}', { q: 'cats', lang: '' })).toBe('x://s?q=cats');
    expect(templateVariables('x://{a}/{+b}{?c,d*}')).toEqual(['a', 'b', 'c', 'd']);
  });
});
