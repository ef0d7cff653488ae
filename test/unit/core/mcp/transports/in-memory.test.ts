// The linked in-memory pair behaves like a connection: order kept, nothing lost before start,
// a message that cannot cross the wire as JSON does not cross here, and an end closes both sides.
import { describe, expect, it } from 'vitest';
import { InMemoryTransport } from '../../../../../electron/core/mcp/transports/in-memory';
import type { TransportCloseInfo } from '../../../../../electron/core/mcp/transport';
import type { JsonRpcMessage } from '../../../../../electron/core/mcp/jsonrpc-types';

function listen(t: InMemoryTransport) {
  const got: { message: JsonRpcMessage; bytes?: number }[] = [];
  const closes: TransportCloseInfo[] = [];
  return {
    got,
    closes,
    start: () =>
      t.start({
        onMessage: (message, _text, bytes) => got.push({ message, bytes }),
        onError: () => undefined,
        onClose: (i) => closes.push(i),
      }),
  };
}

describe('InMemoryTransport', () => {
  it('delivers in order, keeps what arrives before start, and sends a copy through JSON', async () => {
    const [client, server] = InMemoryTransport.createLinkedPair();
    const s = listen(server);
    const c = listen(client);
    await c.start();
    const params = { at: new Date(0), skip: undefined, n: 1 };
    await client.send({ jsonrpc: '2.0', id: 1, method: 'a', params } as unknown as JsonRpcMessage);
    await client.send({ jsonrpc: '2.0', method: 'b' });
    params.n = 2;
    await expect.poll(() => s.got.length).toBe(0); // not started: held
    await s.start();
    await expect
      .poll(() => s.got.map((g) => (g.message as { method: string }).method))
      .toEqual(['a', 'b']);
    expect((s.got[0].message as { params: unknown }).params).toEqual({
      at: '1970-01-01T00:00:00.000Z',
      n: 1,
    });
    expect(s.got[0].bytes).toBeGreaterThan(0);
  });

  it('an end closes both sides once, and nothing more can be sent', async () => {
    const [client, server] = InMemoryTransport.createLinkedPair();
    const c = listen(client);
    const s = listen(server);
    await c.start();
    await s.start();
    await server.close();
    await client.close();
    expect(s.closes).toEqual([{ reason: 'closed by Lena' }]);
    expect(c.closes).toEqual([{ reason: 'the other end closed the connection' }]);
    await expect(client.send({ jsonrpc: '2.0', method: 'late' })).rejects.toThrow(/closed/);
  });
});
