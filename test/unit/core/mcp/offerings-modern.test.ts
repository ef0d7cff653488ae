// Resources, completions, prompts and resource updates on the 2026-07-28 wire (issue 22),
// against a modern-only peer built with the official SDK v2: the subscription rides in the
// subscriptions/listen filter, and the server's notifications/resources/updated reach Lena.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../../../../electron/core/mcp/client';
import { HttpFallbackTransport } from '../../../../electron/core/mcp/transports/http-fallback';
import { startHttpPeer } from '../../../fixtures/mcp-v2/start-peer';
import { root } from './harness';

const peer = join(root, 'test/fixtures/mcp-v2/resource-peer.mjs');
const children: ChildProcess[] = [];
const clients: McpClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const c of children.splice(0)) c.kill();
});

async function start(): Promise<McpClient> {
  const url = await startHttpPeer(peer, [], children);
  const client = new McpClient(new HttpFallbackTransport({ url }));
  clients.push(client);
  await client.connect();
  return client;
}

describe('offerings on the 2026-07-28 wire (SDK v2 peer, modern only)', () => {
  it('lists, reads, completes, gets a prompt, and hears about a subscribed resource that changed', async () => {
    const client = await start();
    expect(client.era).toBe('modern');
    expect((await client.listResources()).map((r) => r.uri)).toEqual(['note://1']);
    expect((await client.listResourceTemplates()).map((t) => t.uriTemplate)).toEqual([
      'note://{id}',
    ]);
    expect(
      (
        await client.complete(
          { type: 'ref/resource', uri: 'note://{id}' },
          { name: 'id', value: '12' },
        )
      ).values,
    ).toEqual(['12', '123']);
    expect(
      (await client.complete({ type: 'ref/prompt', name: 'greet' }, { name: 'who', value: 'A' }))
        .values,
    ).toEqual(['Ada', 'Alan']);
    expect((await client.getPrompt('greet', { who: 'Ada' })).messages[0].content).toEqual({
      type: 'text',
      text: 'Say hello to Ada.',
    });
    expect((await client.readResource('note://1')).contents[0].text).toBe('note 1, version 1');

    const updated: string[] = [];
    client.on('resource-updated', (uri) => updated.push(uri));
    await client.subscribeResource('note://1');
    // The listen stream opens asynchronously: touch until the update arrives (each touch is a change).
    await expect
      .poll(
        async () => {
          await client.callTool('touch', {});
          return updated.includes('note://1');
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
    expect((await client.readResource('note://1')).contents[0].text).toMatch(
      /^note 1, version \d+$/,
    );

    // Unsubscribed: the stream is reopened without the URI, and changes are no longer heard.
    await client.unsubscribeResource('note://1');
    // A grace: the listen stream is reopened without the URI in the background, and neither the
    // client nor the SDK's peer says when the new one is open.
    await new Promise((r) => setTimeout(r, 300));
    updated.length = 0;
    await client.callTool('touch', {});
    await client.callTool('touch', {});
    expect(updated).toEqual([]);
  }, 30_000);
});
