// Server-to-client requests answered asynchronously (a question to the user takes time): the
// answer goes back by id when the handler settles, a handler's refusal is a JSON-RPC error, and a
// request the server cancels stops the handler and gets no answer (the specification).
import { describe, expect, it } from 'vitest';
import { JsonRpcPeer, RequestHandlerError } from '../../../../../electron/core/mcp/jsonrpc';
import type { JsonRpcMessage } from '../../../../../electron/core/mcp/jsonrpc-types';
import type { Transport, TransportCallbacks } from '../../../../../electron/core/mcp/transport';
import { answerServerRequest } from '../../../../../electron/core/mcp/client-requests';

function wire() {
  const sent: JsonRpcMessage[] = [];
  let callbacks: TransportCallbacks | undefined;
  const transport: Transport = {
    description: 'test wire',
    start: async (cb) => void (callbacks = cb),
    send: async (m) => void sent.push(m),
    close: async () => undefined,
  };
  return { transport, sent, deliver: (m: unknown) => callbacks!.onMessage(m as JsonRpcMessage) };
}

describe('server requests', () => {
  it('answers when the handler settles, by id; a refusal is an error with its code', async () => {
    const w = wire();
    let release!: (r: Record<string, unknown>) => void;
    const peer = new JsonRpcPeer(w.transport, {
      onRequest: (method) =>
        method === 'slow'
          ? new Promise((r) => (release = r))
          : Promise.reject(new RequestHandlerError(-1, 'The user declined')),
      onNotification: () => undefined,
      onDiagnostic: () => undefined,
    });
    await w.transport.start({
      onMessage: (m) => peer.handle(m),
      onError: () => undefined,
      onClose: () => undefined,
    });
    w.deliver({ jsonrpc: '2.0', id: 'a', method: 'slow' });
    w.deliver({ jsonrpc: '2.0', id: 7, method: 'refuse' });
    await expect
      .poll(() => w.sent)
      .toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -1, message: 'The user declined' } }]);
    release({ action: 'accept' });
    await expect.poll(() => w.sent.length).toBe(2);
    expect(w.sent[1]).toEqual({ jsonrpc: '2.0', id: 'a', result: { action: 'accept' } });
  });

  it('notifications/cancelled aborts the handler and no answer is sent', async () => {
    const w = wire();
    let signal: AbortSignal | undefined;
    const peer = new JsonRpcPeer(w.transport, {
      onRequest: (_m, _p, ctx) => {
        signal = ctx.signal;
        return new Promise((resolve) =>
          ctx.signal.addEventListener('abort', () => resolve({ action: 'cancel' })),
        );
      },
      onNotification: () => undefined,
      onDiagnostic: () => undefined,
    });
    await w.transport.start({
      onMessage: (m) => peer.handle(m),
      onError: () => undefined,
      onClose: () => undefined,
    });
    w.deliver({ jsonrpc: '2.0', id: 3, method: 'elicitation/create', params: {} });
    w.deliver({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 3, reason: 'timed out' },
    });
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe('timed out');
    await new Promise((r) => setImmediate(r));
    expect(w.sent).toEqual([]);
  });

  it('a feature the front end did not offer is "method not found", naming it', () => {
    const signal = new AbortController().signal;
    expect(answerServerRequest('ping', undefined, undefined, signal)).toEqual({});
    expect(() =>
      answerServerRequest(
        'sampling/createMessage',
        {},
        { roots: async () => ({ roots: [] }) },
        signal,
      ),
    ).toThrow(/does not offer sampling/);
    try {
      answerServerRequest('elicitation/create', {}, undefined, signal);
    } catch (e) {
      expect((e as RequestHandlerError).code).toBe(-32601);
    }
  });
});
