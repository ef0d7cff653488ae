// The resources slice against a fake host: offerings, the viewer, attachments and their changes.
import { describe, expect, it } from 'vitest';
import type { ResourceContents } from '../../../../../shared/mcp-types';
import type { ServerOfferingsView } from '../../../../../shared/resource-types';
import { ERROR_CODE, LenaError } from '../../../../../shared/result';
import { chatSelectors } from '../../../../../renderer/store/chat/selectors';
import { resourcesSelectors } from '../../../../../renderer/store/resources/selectors';
import { storeWithFakeHost } from '../fake-host';

/** A call the test answers when it chooses, so the state in between can be seen. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const offerings = (subscribe: boolean) =>
  ({ resources: [], templates: [], prompts: [], subscribe }) as unknown as ServerOfferingsView;

describe('resources slice', () => {
  it('starts with nothing loaded and no viewer', () => {
    const { store } = storeWithFakeHost();
    expect(resourcesSelectors.offerings('fs')(store.getState())).toBeUndefined();
    expect(resourcesSelectors.viewer(store.getState())).toBeNull();
  });

  it('loads a server offerings, or keeps the error for that server', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('resources:offerings', () => offerings(true));
    await store.getState().loadOfferings('fs');
    expect(resourcesSelectors.offerings('fs')(store.getState())?.subscribe).toBe(true);
    host.fail('resources:offerings', { code: 'unavailable', message: 'web is not connected.' });
    await store.getState().loadOfferings('web');
    expect(resourcesSelectors.offeringsError('web')(store.getState())?.message).toBe(
      'web is not connected.',
    );
    expect(store.getState().offeringsByServer.web.status).toBe('error');
    expect(resourcesSelectors.offerings('fs')(store.getState())?.subscribe).toBe(true);
  });

  it('attaches a read resource to the draft, subscribes, and marks it when the server says it changed', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('resources:offerings', () => offerings(true));
    host.on('resources:read', ({ uri }) => [{ uri, mimeType: 'text/plain', text: 'v1' }]);
    host.on('resources:subscribe', () => undefined as never);
    store.getState().subscribeResources();
    await store.getState().loadOfferings('fs');
    expect((await store.getState().attachResource('fs', 'file:///a.txt', 'a.txt')).ok).toBe(true);
    expect(chatSelectors.attachments(store.getState()).map((a) => a.data)).toEqual(['v1']);
    await expect.poll(() => host.calls.some((c) => c.channel === 'resources:subscribe')).toBe(true);
    host.emit('resources:updated', { server: 'fs', uri: 'file:///a.txt' });
    expect(resourcesSelectors.changed('fs', 'file:///a.txt')(store.getState())).toBe(true);
    host.on('resources:read', ({ uri }) => [{ uri, mimeType: 'text/plain', text: 'v2' }]);
    await store.getState().refreshAttachment(0);
    expect(chatSelectors.attachments(store.getState()).map((a) => a.data)).toEqual(['v2']);
    expect(resourcesSelectors.changed('fs', 'file:///a.txt')(store.getState())).toBe(false);
  });

  it('the viewer is loading while the read runs, then shows its parts', async () => {
    const { host, store } = storeWithFakeHost();
    const read = pending<ResourceContents[]>();
    host.on('resources:read', () => read.promise);
    const opened = store.getState().openResource('fs', 'file:///a.md', 'a.md');
    expect(resourcesSelectors.viewer(store.getState())).toEqual({
      server: 'fs',
      uri: 'file:///a.md',
      name: 'a.md',
      contents: { status: 'loading', value: null, error: null },
    });
    const parts = [{ uri: 'file:///a.md', mimeType: 'text/markdown', text: '# A' }];
    read.resolve(parts);
    await opened;
    expect(resourcesSelectors.viewer(store.getState())?.contents).toEqual({
      status: 'ready',
      value: parts,
      error: null,
    });
  });

  it('the viewer is loading, then shows why the resource could not be read', async () => {
    const { host, store } = storeWithFakeHost();
    const read = pending<ResourceContents[]>();
    host.on('resources:read', () => read.promise);
    const opened = store.getState().openResource('fs', 'file:///gone.txt');
    expect(resourcesSelectors.viewer(store.getState())?.contents.status).toBe('loading');
    read.reject(
      LenaError.from({ code: 'not-found', message: 'Resource file:///gone.txt not found.' }),
    );
    await opened;
    expect(resourcesSelectors.viewer(store.getState())).toEqual({
      server: 'fs',
      uri: 'file:///gone.txt',
      name: 'file:///gone.txt',
      contents: {
        status: 'error',
        value: null,
        error: { code: 'not-found', message: 'Resource file:///gone.txt not found.' },
      },
    });
  });

  it('a read that ends after the viewer moved on does not replace what it shows', async () => {
    const { host, store } = storeWithFakeHost();
    const slow = pending<ResourceContents[]>();
    host.on('resources:read', ({ uri }) =>
      uri === 'file:///slow.txt' ? slow.promise : [{ uri, text: 'fast' }],
    );
    const first = store.getState().openResource('fs', 'file:///slow.txt');
    await store.getState().openResource('fs', 'file:///fast.txt');
    slow.resolve([{ uri: 'file:///slow.txt', text: 'slow' }]);
    await first;
    expect(resourcesSelectors.viewer(store.getState())?.uri).toBe('file:///fast.txt');
    expect(resourcesSelectors.viewer(store.getState())?.contents.value).toEqual([
      { uri: 'file:///fast.txt', text: 'fast' },
    ]);
  });

  it('"Use in chat" goes to the conversation with the prompt for the composer, handed over once', async () => {
    const { host, store } = storeWithFakeHost();
    const review = { server: 'brief', prompt: { name: 'review' }, completions: false };
    host.on('prompts:list', () => [review]);
    store.getState().setView('servers');
    expect((await store.getState().openPromptInChat('brief', 'review')).ok).toBe(true);
    expect(store.getState().view).toBe('chat');
    expect(resourcesSelectors.promptToOpen(store.getState())).toEqual(review);
    expect(store.getState().takePromptToOpen()).toEqual(review);
    expect(store.getState().takePromptToOpen()).toBeNull();
    // A prompt the server no longer lists: said, and the page stays.
    store.getState().setView('servers');
    const gone = await store.getState().openPromptInChat('brief', 'gone');
    expect(gone).toMatchObject({ ok: false, error: { code: ERROR_CODE.notFound } });
    expect(store.getState().view).toBe('servers');
  });
});
