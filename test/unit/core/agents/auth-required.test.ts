// An agent whose card declares OAuth stops a task at auth-required where nobody can be asked to
// sign in (no sign-in hook: `lena chat -p` without a terminal): the delegation is a tool error that
// says how to sign in, and the card's view carries the same advice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentConnection, fetchCard } from '../../../../electron/core/agents/client';
import { delegate } from '../../../../electron/core/agents/follow';
import { startV03Peer, type V03Peer } from '../../../fixtures/a2a/v03-peer';

let peer: V03Peer;

beforeAll(async () => {
  peer = await startV03Peer({ oauth: true });
});
afterAll(() => peer.close());

describe('an agent that needs a sign-in', () => {
  it('ends as a tool error saying how to sign in', async () => {
    const target = { url: peer.url, headers: {} };
    const { card, view } = await fetchCard(target);
    expect(view.oauth).toBe(true);
    const conn = await AgentConnection.open(target, card, view);
    const out = await delegate(
      conn,
      'crm-bot',
      { message: 'hello' },
      {},
      new AbortController().signal,
    );
    expect(out.view.state).toBe('auth-required');
    expect(out.isError).toBe(true);
    const advice =
      'Agent crm-bot needs a sign-in. Sign in when Lena asks (or run `lena agents login crm-bot`), then ask again.';
    expect(out.view.advice).toBe(advice);
    expect(out.summary).toMatch(/^Agent crm-bot stopped this task for a sign-in \(task \S+/);
    expect(out.summary.endsWith(`Tell the user: ${advice}`)).toBe(true);
    expect(out.agentText).toContain('Sign in to Old agent first');
  });
});
