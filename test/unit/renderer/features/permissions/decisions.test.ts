import { describe, expect, it } from 'vitest';
import { DECISIONS, needsConfirmation } from '../../../../../renderer/features/permissions/decisions';

describe('which permission decisions ask "Are you sure?"', () => {
  it('asks exactly for the answers core will accept only when confirmed', () => {
    const request = { needsConfirmation: ['always-allow-tool', 'always-allow-server'] as const };
    expect(needsConfirmation('always-allow-tool', request)).toBe(true);
    expect(needsConfirmation('always-allow-server', request)).toBe(true);
    expect(needsConfirmation('always-allow-tool', { needsConfirmation: [] })).toBe(false);
  });
  it('never asks for one-off or denying decisions when core does not', () => {
    for (const d of ['allow-once', 'allow-conversation', 'deny', 'always-deny-tool'] as const) {
      expect(needsConfirmation(d, { needsConfirmation: ['always-allow-tool'] })).toBe(false);
      expect(DECISIONS[d].label).toBeTruthy();
    }
  });
});
