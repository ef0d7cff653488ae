// The host's dispatch: arguments validated with the contract's schema, errors as envelopes.
import { describe, expect, it } from 'vitest';
import { createHost } from '../../../../electron/core/host';
import { createDispatch, type Handlers } from '../../../../electron/core/host/dispatch';
import { LenaError } from '../../../../shared/result';
import { ctx, tempHome } from './host-harness';

describe('createDispatch', () => {
  it('returns the real app info with Node’s version and Lena’s home', async () => {
    const home = tempHome();
    const host = createHost({ home });
    const r = await host.dispatch('app:info', undefined, ctx);
    expect(r).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'Lena',
        node: process.versions.node,
        home,
        electron: null,
      }),
    });
  });

  it('answers bad arguments with a clear invalid-arguments envelope', async () => {
    const host = createHost({ home: tempHome() });
    const r = await host.dispatch('app:info', { surprise: true }, ctx);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('invalid-arguments');
      expect(r.error.message).toMatch(/^Invalid arguments for app:info: /);
    }
  });

  it('refuses channels that are not in the contract', async () => {
    const host = createHost({ home: tempHome() });
    const r = await host.dispatch('fs:readFile', '/etc/passwd', ctx);
    expect(r).toEqual({
      ok: false,
      error: { code: 'unknown-channel', message: 'Unknown channel "fs:readFile".' },
    });
  });

  it('turns thrown errors into envelopes: LenaError keeps its code and detail', async () => {
    const errors: string[] = [];
    const failing = (err: Error): Handlers => ({
      ...createHost({ home: tempHome() }).handlers,
      'app:info': () => {
        throw err;
      },
    });
    const coded = createDispatch(
      failing(new LenaError('not-found', 'No such thing.', 'detail here')),
      (c) => errors.push(c),
    );
    expect(await coded('app:info', undefined, ctx)).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'No such thing.', detail: 'detail here' },
    });
    const plain = createDispatch(failing(new Error('boom')));
    expect(await plain('app:info', undefined, ctx)).toEqual({
      ok: false,
      error: { code: 'internal', message: 'app:info failed: boom' },
    });
    expect(errors).toEqual(['app:info']);
  });

  it('reports handler failures as app:logged events', async () => {
    const host = createHost({ home: tempHome() });
    const seen: unknown[] = [];
    host.events.forward((event, payload) => seen.push([event, payload]));
    await host.dispatch('conversations:get', { id: 'no-such-conversation' }, ctx);
    expect(seen).toContainEqual([
      'app:logged',
      expect.objectContaining({
        level: 'error',
        source: 'host',
        message: expect.stringMatching(/^conversations:get: /),
      }),
    ]);
    await host.close();
  });
});
