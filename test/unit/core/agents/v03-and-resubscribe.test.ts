// A v0.3 agent (a hand-written JSON-RPC peer) through the SDK's compatibility layer: its card says
// A2A 0.3, a streamed delegation completes; a stream that drops before the task ends is followed
// again with tasks/resubscribe (SubscribeToTask) to its result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentConnection, fetchCard } from '../../../../electron/core/agents/client';
import { delegate } from '../../../../electron/core/agents/follow';
import { startV03Peer, type V03Peer } from '../../../fixtures/a2a/v03-peer';

let plain: V03Peer;
let dropping: V03Peer;

beforeAll(async () => {
  [plain, dropping] = await Promise.all([startV03Peer(), startV03Peer({ dropAfter: 2 })]);
});
afterAll(async () => {
  await Promise.all([plain.close(), dropping.close()]);
});

async function connect(peer: V03Peer) {
  const target = { url: peer.url, headers: {} };
  const { card, view } = await fetchCard(target);
  return AgentConnection.open(target, card, view);
}

describe('a v0.3 agent', () => {
  it('is read from its v0.3 card and followed over message/stream', async () => {
    const conn = await connect(plain);
    expect(conn.card).toMatchObject({
      name: 'Old agent',
      protocolVersion: '0.3.0',
      binding: 'JSONRPC',
      streaming: true,
      version: '0.9.0',
    });
    const out = await delegate(conn, 'old', { message: 'hello' }, {}, new AbortController().signal);
    expect(out.view.state).toBe('completed');
    expect(out.agentText).toContain('v0.3 answer to: hello');
    expect(plain.methods).toEqual(['message/stream']);
  });

  it('resubscribes when the stream drops before the task ends', async () => {
    const out = await delegate(
      await connect(dropping),
      'old',
      { message: 'x' },
      {},
      new AbortController().signal,
    );
    expect(dropping.methods).toEqual(['message/stream', 'tasks/resubscribe']);
    expect(out.view.state).toBe('completed');
    expect(out.agentText).toContain('v0.3 answer to: resubscribed');
  });
});
