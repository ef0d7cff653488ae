// A delegation followed to its end over real loopback SDK peers: at once (send + GetTask polling),
// streamed slowly and cancelled by Stop, a question answered (and one never answered), a token
// sent as a header, a card that lies about streaming, and every limit (wall time, input rounds,
// inline size, updates per second).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DelegationView } from '../../../../shared/a2a';
import { fetchCard, AgentConnection } from '../../../../electron/core/agents/client';
import { DEFAULT_DELEGATION_LIMITS, delegate } from '../../../../electron/core/agents/follow';
import { PEER_TOKEN, startPeer, type Peer, type PeerKind } from '../../../fixtures/a2a/peers';

const peers = {} as Record<PeerKind, Peer>;

beforeAll(async () => {
  for (const kind of ['instant', 'slow', 'asks', 'token', 'liar'] as const)
    peers[kind] = await startPeer(kind, { stepMs: 60 });
});
afterAll(async () => {
  await Promise.all(Object.values(peers).map((p) => p.close()));
});

async function connect(kind: PeerKind, headers: Record<string, string> = {}) {
  const target = { url: peers[kind].url, headers };
  const { card, view } = await fetchCard(target);
  return AgentConnection.open(target, card, view);
}

const never = new AbortController().signal;

describe('delegate', () => {
  it('sends to an agent without streaming and polls the task to its result', async () => {
    const out = await delegate(await connect('instant'), 'quick', { message: 'hello' }, {}, never);
    expect(out.isError).toBe(false);
    expect(out.view.state).toBe('completed');
    expect(out.view.taskId).toMatch(/\S/);
    expect(out.agentText).toContain('Artifact "result":\nAnswer to: hello');
    expect(out.summary).toContain('ended the task with state completed');
  });

  it('streams artifacts and status, coalesced to 4 updates a second at most', async () => {
    const updates: Array<{ at: number; view: DelegationView }> = [];
    const out = await delegate(
      await connect('slow'),
      'slow',
      { message: 'go' },
      { onUpdate: (view) => updates.push({ at: Date.now(), view }) },
      never,
    );
    expect(out.view.state).toBe('completed');
    expect(out.view.artifacts.find((a) => a.name === 'report')?.text).toContain('part 1. part 2.');
    expect(updates.some((u) => u.view.status?.startsWith('Step '))).toBe(true);
    // 20 steps of 60 ms, 40+ events: at most one update per 250 ms (+ the final one).
    const span = updates.at(-1)!.at - updates[0].at;
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(span / 250) + 2);
  });

  it('Stop sends CancelTask, and the result says the user stopped it', async () => {
    const stop = new AbortController();
    const conn = await connect('slow');
    setTimeout(() => stop.abort(), 300);
    const out = await delegate(conn, 'slow', { message: 'long job' }, {}, stop.signal);
    expect(out.cancelled).toBe(true);
    expect(out.isError).toBe(true);
    expect(peers.slow.cancels).toContain(out.view.taskId);
    expect(out.summary).toContain('The user stopped the delegation');
  });

  it('asks the user when the agent needs input, and continues the same task', async () => {
    const asked: string[] = [];
    const out = await delegate(
      await connect('asks'),
      'weather',
      { message: 'weather please' },
      { ask: async (q) => (asked.push(q), 'Paris') },
      never,
    );
    expect(asked).toEqual(['Which city do you mean?']);
    expect(out.view.state).toBe('completed');
    expect(out.view.rounds).toBe(1);
    expect(out.agentText).toContain('Weather in Paris: sunny');
  });

  it('cancels a task whose question is not answered, or that asks more than the limit', async () => {
    const unanswered = await delegate(
      await connect('asks'),
      'weather',
      { message: 'x' },
      { ask: async () => null },
      never,
    );
    expect(unanswered.isError).toBe(true);
    expect(unanswered.summary).toContain('no answer was given');
    const limited = await delegate(
      await connect('asks'),
      'weather',
      { message: 'y' },
      { ask: async () => 'Rome' },
      never,
      { ...DEFAULT_DELEGATION_LIMITS, maxInputRounds: 0 },
    );
    expect(limited.summary).toContain('asked for input more than 0 times');
  });

  it('sends the entry headers (a token) with every request', async () => {
    await expect(connect('token')).rejects.toThrow(/401/);
    const out = await delegate(
      await connect('token', { Authorization: `Bearer ${PEER_TOKEN}` }),
      'tok',
      { message: 'secret work' },
      {},
      never,
    );
    expect(out.view.state).toBe('completed');
  });

  it('falls back to SendMessage when a card claims streaming the agent refuses', async () => {
    const conn = await connect('liar');
    expect(conn.card.streaming).toBe(true);
    const out = await delegate(conn, 'liar', { message: 'hi' }, {}, never);
    expect(out.view.state).toBe('completed');
    expect(out.agentText).toContain('Answer to: hi');
  });

  it('cancels a task past the wall time and caps the inline artifact text', async () => {
    const slow = await delegate(await connect('slow'), 'slow', { message: 'z' }, {}, never, {
      ...DEFAULT_DELEGATION_LIMITS,
      wallTimeMs: 250,
    });
    expect(slow.isError).toBe(true);
    expect(slow.summary).toMatch(/did not end within 0 minutes; Lena cancelled it/);
    expect(peers.slow.cancels).toContain(slow.view.taskId);
    const capped = await delegate(await connect('slow'), 'slow', { message: 'w' }, {}, never, {
      ...DEFAULT_DELEGATION_LIMITS,
      maxInlineBytes: 20,
    });
    expect(capped.agentText).toMatch(/bytes in all; the first 20 are shown here/);
    // Nothing past the limit is kept, on the card either.
    expect(capped.view.artifacts.every((a) => a.text.length <= 20)).toBe(true);
    expect(capped.view.artifacts.find((a) => a.name === 'report')?.bytes).toBeGreaterThan(100);
  });
});
