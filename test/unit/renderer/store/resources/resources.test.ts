// The resources slice against a fake host: offerings, the viewer, attachments and their changes.
import { describe, expect, it } from 'vitest';
import type { ServerOfferingsView } from '../../../../../shared/resource-types';
import { chatSelectors } from '../../../../../renderer/store/chat/selectors';
import { resourcesSelectors } from '../../../../../renderer/store/resources/selectors';
import { storeWithFakeHost } from '../fake-host';

const offerings = (subscribe: boolean) => ({ resources: [], templates: [], prompts: [], subscribe }) as unknown as ServerOfferingsView;

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
    expect(resourcesSelectors.offeringsError('web')(store.getState())?.message).toBe('web is not connected.');
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

  it('the viewer shows why a resource could not be read', async () => {
    const { host, store } = storeWithFakeHost();
    host.fail('resources:read', { code: 'not-found', message: 'Resource file:///gone.txt not found.' });
    await store.getState().openResource('fs', 'file:///gone.txt');
    expect(resourcesSelectors.viewer(store.getState())?.error?.message).toBe('Resource file:///gone.txt not found.');
  });
});
