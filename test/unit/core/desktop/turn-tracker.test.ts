import { describe, expect, it } from 'vitest';
import { TurnTracker } from '../../../../electron/core/desktop/turn-tracker';

const started = (turnId: string) => ({
  type: 'turn-started' as const,
  conversationId: 'c',
  turnId,
});
const ended = (turnId: string) => ({
  type: 'turn-ended' as const,
  conversationId: 'c',
  turnId,
  stopReason: 'end_turn',
  error: null,
  stop: null,
});

describe('TurnTracker', () => {
  it('is busy while any turn runs and reports idle once, when the last one ends', () => {
    const tracker = new TurnTracker();
    let idle = 0;
    tracker.onIdle(() => idle++);
    tracker.observe(started('a'));
    tracker.observe(started('b'));
    tracker.observe(ended('a'));
    expect([tracker.busy(), idle]).toEqual([true, 0]);
    tracker.observe(ended('b'));
    expect([tracker.busy(), idle]).toEqual([false, 1]);
    tracker.observe(ended('b'));
    expect(idle).toBe(1);
  });
});
