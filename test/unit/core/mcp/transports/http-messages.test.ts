// Reading JSON-RPC out of HTTP payloads, and the head of an outgoing message without parsing it all.
import { describe, expect, it } from 'vitest';
import {
  decodeMessages,
  outgoingHead,
} from '../../../../../electron/core/mcp/transports/http-messages';

describe('decodeMessages', () => {
  it('accepts a single message or a batch, and drops what is not JSON-RPC', () => {
    expect(decodeMessages('{"jsonrpc":"2.0","id":1,"result":{}}')).toEqual({
      messages: [{ jsonrpc: '2.0', id: 1, result: {} }],
      rejected: 0,
    });
    const batch = decodeMessages(
      '[{"jsonrpc":"2.0","method":"a"},{"jsonrpc":"2.0","result":{}},42]',
    );
    expect(batch.messages).toEqual([{ jsonrpc: '2.0', method: 'a' }]);
    expect(batch.rejected).toBe(2);
    expect(() => decodeMessages('{oops')).toThrow(SyntaxError);
  });
});

describe('outgoingHead', () => {
  it('reads method and id from the head of what the client serialised', () => {
    expect(
      outgoingHead('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"method":"x"}}'),
    ).toEqual({ method: 'tools/call', id: 7 });
    expect(outgoingHead('{"jsonrpc":"2.0","id":"a\\"b","method":"ping"}')).toEqual({
      method: 'ping',
      id: 'a"b',
    });
    expect(outgoingHead('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toEqual({
      method: 'notifications/initialized',
      id: undefined,
    });
  });

  it('falls back to parsing for other shapes, and reports no method for a response', () => {
    expect(outgoingHead('{"method":"initialize","id":1,"jsonrpc":"2.0"}')).toEqual({
      method: 'initialize',
      id: 1,
    });
    expect(outgoingHead('{"jsonrpc":"2.0","id":3,"result":{"method":"not me"}}')).toEqual({
      method: undefined,
      id: undefined,
    });
  });
});
