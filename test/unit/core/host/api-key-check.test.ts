// Saving the API key checks it with one Models API request against the stand-in: a key the
// endpoint refuses (401, 403) is not stored and the envelope says why; an endpoint that cannot
// say (no /v1/models, nothing listening) stores the key "not checked" with the reason.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../../shared/settings-types';
import { startMessagesApiServer, type MessagesApiServer } from '../../../fixtures/messages-api';
import { newHost } from './host-harness';

let api: MessagesApiServer | undefined;
let gateway: Server | undefined;
afterEach(async () => {
  await api?.close();
  await new Promise((r) => (gateway ? gateway.close(r) : r(undefined)));
  api = undefined;
  gateway = undefined;
});

const hostAt = (baseUrl: string) =>
  newHost('lena-key-check-', { env: { ANTHROPIC_BASE_URL: baseUrl } });

describe('checking the API key when it is saved', () => {
  it('stores a key the Models API accepts as verified, after exactly one GET /v1/models', async () => {
    api = await startMessagesApiServer({ refusedKeys: ['sk-ant-wrong'] });
    const { call } = hostAt(api.url);
    const view = await call<SettingsView>('settings:set-api-key', { key: ' sk-ant-good-key ' });
    expect(view.apiKeySet).toBe(true);
    expect(view.apiKeyCheck).toEqual({ state: 'verified', endpoint: new URL(api.url).host });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models']);
    expect(api.requests[0].usedKey('sk-ant-good-key')).toBe(true);
    expect(JSON.stringify(view)).not.toContain('sk-ant-good-key');
  });

  it('refuses a key the endpoint answers 401 to: nothing is stored, the message says so', async () => {
    api = await startMessagesApiServer({ refusedKeys: ['sk-ant-wrong'] });
    const { call, dispatch } = hostAt(api.url);
    const r = await dispatch('settings:set-api-key', { key: 'sk-ant-wrong' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('api-key-refused');
    expect(r.error.message).toMatch(/refused this key \(401: invalid x-api-key\)/);
    expect((await call<SettingsView>('settings:get')).apiKeySet).toBe(false);
    expect(api.requests).toHaveLength(1);
  });

  it('refuses a key without permission (403)', async () => {
    api = await startMessagesApiServer({ forbiddenKeys: ['sk-ant-readonly'] });
    const { call, dispatch } = hostAt(api.url);
    const r = await dispatch('settings:set-api-key', { key: 'sk-ant-readonly' });
    expect(r.ok ? null : r.error.code).toBe('api-key-refused');
    expect(r.ok ? '' : r.error.message).toMatch(/\(403/);
    expect((await call<SettingsView>('settings:get')).apiKeySet).toBe(false);
  });

  it('stores the key "not checked" when the endpoint has no /v1/models (a gateway)', async () => {
    gateway = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"no such route"}');
    });
    await new Promise<void>((r) => gateway!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    const view = await hostAt(url).call<SettingsView>('settings:set-api-key', { key: 'sk-ant-x' });
    expect(view.apiKeySet).toBe(true);
    expect(view.apiKeyCheck).toEqual({
      state: 'not-checked',
      reason: `${new URL(url).host} answered HTTP 404 to the check`,
    });
  });

  it('stores the key "not checked" when nothing answers (offline)', async () => {
    const view = await hostAt('http://127.0.0.1:9').call<SettingsView>('settings:set-api-key', {
      key: 'sk-ant-x',
    });
    expect(view.apiKeySet).toBe(true);
    expect(view.apiKeyCheck).toEqual({
      state: 'not-checked',
      reason: '127.0.0.1:9 could not be reached',
    });
  });
});
