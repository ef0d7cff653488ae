// resources:* and prompts:* through the host's dispatch (issue 22), against the real
// server-everything: offerings, reading, completions, a prompt run into a conversation, and a
// subscription the host makes again after the server restarts.
import { describe, expect, it } from 'vitest';
import type { ServerOfferingsView } from '../../../../shared/resource-types';
import { EVERYTHING, newHost } from './host-harness';

describe('resources and prompts over the contract', () => {
  it('lists, reads, completes, and keeps a subscription across a restart of the server', async () => {
    const { host, call } = newHost('lena-host-res-');
    const updates: string[] = [];
    host.events.forward((e, p) => {
      if (e === 'resources:updated') updates.push((p as { server: string; uri: string }).uri);
    });
    await call('servers:add', {
      name: 'every',
      entry: { command: process.execPath, args: [EVERYTHING] },
    });
    const offered = await call<ServerOfferingsView>('resources:offerings', { server: 'every' });
    expect(offered).toMatchObject({ server: 'every', subscribe: true, completions: true });
    const uri = offered.resources.find((r) => r.name === 'architecture.md')!.uri;
    expect(
      (await call<{ text?: string }[]>('resources:read', { server: 'every', uri }))[0].text,
    ).toContain('#');
    expect(
      await call('resources:complete', {
        server: 'every',
        ref: { type: 'ref/prompt', name: 'completable-prompt' },
        argument: { name: 'name', value: 'E' },
        context: { department: 'Sales' },
      }),
    ).toMatchObject({ values: ['Eve'] });
    const prompts = await call<{ server: string; prompt: { name: string } }[]>('prompts:list');
    expect(prompts.filter((p) => p.server === 'every').map((p) => p.prompt.name)).toEqual(
      expect.arrayContaining([
        'simple-prompt',
        'args-prompt',
        'completable-prompt',
        'resource-prompt',
      ]),
    );

    await call('resources:subscribe', { server: 'every', uri });
    await call('servers:restart', { name: 'every' });
    // A new process knows nothing of the old subscription: the host made it again.
    const runtime = (await host.services()).runtime;
    await runtime.manager.callTool('every', 'toggle-subscriber-updates', {});
    await expect.poll(() => updates.includes(uri), { timeout: 15_000 }).toBe(true);
  }, 40_000);

  it('says plainly when the server is unknown or the prompt needs what was not given', async () => {
    const { call, dispatch } = newHost('lena-host-res-');
    const unknown = await dispatch('resources:offerings', { server: 'nope' });
    expect(unknown).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no server named "nope".' },
    });
    await call('servers:add', {
      name: 'every',
      entry: { command: process.execPath, args: [EVERYTHING] },
    });
    const conv = await call<{ id: string }>('conversations:create');
    const r = await dispatch('prompts:preview', { server: 'every', name: 'args-prompt' });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'invalid-arguments',
        message: 'The prompt "args-prompt" of every needs "city"; fill it in and run it again.',
      },
    });
    const stale = await dispatch('prompts:run', { conversationId: conv.id, previewId: 'gone' });
    expect(stale).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: expect.stringContaining('choose the prompt again') },
    });
    expect(
      (await call<{ messages: unknown[] }>('conversations:get', { id: conv.id })).messages,
    ).toHaveLength(0);
  }, 40_000);
});
