// On the 2026-07-28 wire there is no resources/subscribe: subscribed URIs ride in the
// subscriptions/listen filter (`resourceSubscriptions`), so changing the set reopens the stream.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { McpTransportError } from '../../../../electron/core/mcp/errors';
import type { RequestOptions } from '../../../../electron/core/mcp/jsonrpc';
import { Subscriptions } from '../../../../electron/core/mcp/subscriptions';

function fakeHost() {
  const streams: {
    params: Record<string, unknown>;
    signal?: AbortSignal;
    end: (e?: Error) => void;
  }[] = [];
  let relisted = 0;
  const diagnostics: string[] = [];
  const subs = new Subscriptions({
    request: (_method: string, params: Record<string, unknown>, opts: RequestOptions) =>
      new Promise((resolve, reject) => {
        const end = (e?: Error) => (e ? reject(e) : resolve({}));
        opts.signal?.addEventListener('abort', () => reject(new McpTransportError('aborted')));
        streams.push({ params, signal: opts.signal, end });
      }),
    connected: () => true,
    relistAll: () => void (relisted += 1),
    diagnostic: (m) => void diagnostics.push(m),
  });
  return { subs, streams, relisted: () => relisted, diagnostics };
}

describe('resource subscriptions on the 2026 wire', () => {
  it('opens a stream for resource updates even when no list can change, and reopens it quietly when the set changes', async () => {
    // Only timers of this fake host run here (no I/O), so fake time can run them all.
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const { subs, streams, relisted } = fakeHost();
    subs.open({ resources: { subscribe: true } });
    expect(streams).toHaveLength(0); // nothing to listen to yet
    subs.setResourceSubscriptions(['file:///a.txt']);
    expect(streams).toHaveLength(1);
    expect(streams[0].params).toEqual({
      notifications: { resourceSubscriptions: ['file:///a.txt'] },
    });
    subs.setResourceSubscriptions(['file:///a.txt', 'file:///b.txt']);
    expect(streams[0].signal?.aborted).toBe(true);
    expect(streams).toHaveLength(2);
    expect(streams[1].params).toEqual({
      notifications: { resourceSubscriptions: ['file:///a.txt', 'file:///b.txt'] },
    });
    // Every reaction to the replaced stream's end is run (a retry would wait out its backoff on
    // a timer): it is neither a failure (no backoff, no re-listing) nor a third stream.
    await vi.runAllTimersAsync();
    expect(streams).toHaveLength(2);
    expect(relisted()).toBe(0);
    subs.stop();
  });

  it('keeps the list-change filter beside the URIs, and drops the URIs when none is left', () => {
    const { subs, streams } = fakeHost();
    subs.open({ tools: { listChanged: true }, resources: { subscribe: true } });
    expect(streams[0].params).toEqual({ notifications: { toolsListChanged: true } });
    subs.setResourceSubscriptions(['x://1']);
    expect(streams[1].params).toEqual({
      notifications: { toolsListChanged: true, resourceSubscriptions: ['x://1'] },
    });
    subs.setResourceSubscriptions([]);
    expect(streams[2].params).toEqual({ notifications: { toolsListChanged: true } });
    subs.stop();
  });
});
