// The shared bridge builder: one function per contract channel, a typed on() with unsubscribe,
// nothing generic.
import { describe, expect, it } from 'vitest';
import { buildBridge } from '../../../shared/bridge';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../shared/channel-names';
import { eventChannelNames, invokeChannelNames } from '../../../shared/contract';

function fakeTransport() {
  const calls: [string, unknown][] = [];
  const subs = new Map<string, Set<(p: unknown) => void>>();
  return {
    calls,
    subs,
    transport: {
      invoke: async (channel: string, args: unknown) => {
        calls.push([channel, args]);
        return { ok: true, value: channel };
      },
      subscribe: (event: string, listener: (p: unknown) => void) => {
        const set = subs.get(event) ?? new Set();
        subs.set(event, set);
        set.add(listener);
        return () => set.delete(listener);
      },
    },
  };
}

describe('buildBridge', () => {
  it('exposes exactly the contract channels plus on(), frozen', () => {
    const api = buildBridge(fakeTransport().transport);
    expect(Object.keys(api).sort()).toEqual([...INVOKE_CHANNELS, 'on'].sort());
    expect(Object.isFrozen(api)).toBe(true);
    expect((api as unknown as Record<string, unknown>).invoke).toBeUndefined();
  });

  it('sends each call on its own channel', async () => {
    const t = fakeTransport();
    const api = buildBridge(t.transport);
    expect(await api['app:info']()).toEqual({ ok: true, value: 'app:info' });
    expect(t.calls).toEqual([['app:info', undefined]]);
  });

  it('subscribes to known events only and unsubscribes', () => {
    const t = fakeTransport();
    const api = buildBridge(t.transport);
    const got: unknown[] = [];
    const off = api.on('app:logged', (p) => got.push(p));
    for (const l of t.subs.get('app:logged') ?? []) l({ message: 'x' });
    off();
    for (const l of t.subs.get('app:logged') ?? []) l({ message: 'y' });
    expect(got).toEqual([{ message: 'x' }]);
    expect(() => api.on('fs:changed' as 'app:logged', () => {})).toThrow(
      /Unknown event "fs:changed"/,
    );
  });

  it('lists the same channels as the contract’s schemas', () => {
    expect([...INVOKE_CHANNELS]).toEqual([...invokeChannelNames]);
    expect([...EVENT_CHANNELS]).toEqual([...eventChannelNames]);
  });
});
