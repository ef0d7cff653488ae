import { describe, expect, it } from 'vitest';
import { MessageRate } from '../../../../../renderer/features/apps/view-limits';
import { ViewTransport } from '../../../../../renderer/features/apps/view-transport';

type Listener = (e: MessageEvent) => void;

function fakeWindow() {
  const listeners = new Set<Listener>();
  const posted: Array<{ message: unknown; origin: string }> = [];
  const frame = {
    postMessage: (message: unknown, origin: string) => posted.push({ message, origin }),
  } as unknown as Window;
  const source = {
    addEventListener: (_: string, l: Listener) => listeners.add(l),
    removeEventListener: (_: string, l: Listener) => listeners.delete(l),
  } as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>;
  const deliver = (data: unknown, from: unknown = frame, origin = 'http://proxy.test') => {
    for (const l of [...listeners]) l({ data, source: from, origin } as MessageEvent);
  };
  return { frame, source, posted, deliver, listeners };
}

const ping = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'ping' });

describe('the view transport', () => {
  it('posts to the proxy’s origin only, never to "*"', async () => {
    const w = fakeWindow();
    const t = new ViewTransport({
      target: w.frame,
      origin: 'http://proxy.test',
      onFlood: () => undefined,
      source: w.source,
    });
    await t.start();
    await t.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} });
    expect(w.posted).toEqual([
      {
        message: { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} },
        origin: 'http://proxy.test',
      },
    ]);
  });

  it('hears only its frame on its origin, and only JSON-RPC', async () => {
    const w = fakeWindow();
    const got: unknown[] = [];
    const t = new ViewTransport({
      target: w.frame,
      origin: 'http://proxy.test',
      onFlood: () => undefined,
      source: w.source,
    });
    t.onmessage = (m) => got.push(m);
    await t.start();
    w.deliver(ping(1), {}); // another frame
    w.deliver(ping(2), w.frame, 'http://127.0.0.1:1'); // the frame, navigated elsewhere
    w.deliver('hello'); // not JSON-RPC
    w.deliver(ping(3));
    expect(got).toEqual([ping(3)]);
  });

  it('stops listening after a flood and says so once', async () => {
    const w = fakeWindow();
    const got: unknown[] = [];
    let floods = 0;
    const t = new ViewTransport({
      target: w.frame,
      origin: 'http://proxy.test',
      onFlood: () => floods++,
      source: w.source,
      rate: new MessageRate(5, 60_000),
    });
    t.onmessage = (m) => got.push(m);
    await t.start();
    for (let i = 0; i < 50; i++) w.deliver(ping(i));
    expect(got).toHaveLength(5);
    expect(floods).toBe(1);
  });

  it('reports its close once and sends nothing after', async () => {
    const w = fakeWindow();
    let closes = 0;
    const t = new ViewTransport({
      target: w.frame,
      origin: 'http://proxy.test',
      onFlood: () => undefined,
      source: w.source,
    });
    t.onclose = () => closes++;
    await t.start();
    await t.close();
    await t.close();
    await t.send(ping(1));
    expect(closes).toBe(1);
    expect(w.posted).toEqual([]);
    expect(w.listeners.size).toBe(0);
  });
});
