// An agent that answers with a malformed message (not JSON, or JSON-RPC of the wrong shape): the
// delegation ends as a tool error naming the agent and what was wrong; nothing hangs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentConnection, fetchCard } from '../../../../electron/core/agents/client';
import { delegate } from '../../../../electron/core/agents/follow';
import { startV03Peer, type V03Peer } from '../../../fixtures/a2a/v03-peer';

let text: V03Peer;
let shape: V03Peer;

beforeAll(async () => {
  [text, shape] = await Promise.all([
    startV03Peer({ garbage: 'text' }),
    startV03Peer({ garbage: 'shape' }),
  ]);
});
afterAll(async () => {
  await Promise.all([text.close(), shape.close()]);
});

async function run(peer: V03Peer) {
  const target = { url: peer.url, headers: {} };
  const { card, view } = await fetchCard(target);
  const conn = await AgentConnection.open(target, card, view);
  return delegate(conn, 'odd', { message: 'hello' }, {}, new AbortController().signal);
}

describe('an agent answering with a malformed message', () => {
  it.each([
    ['not JSON', () => text],
    ['the wrong shape', () => shape],
  ])('%s: a tool error naming the agent', async (_, peer) => {
    const out = await run(peer());
    expect(out.isError).toBe(true);
    expect(out.cancelled).toBe(false);
    expect(out.summary).toMatch(
      /^The delegation to agent odd did not complete \(.*\): the agent answered with a malformed message \(.+\); Lena stopped following the task\.$/,
    );
  });
});
