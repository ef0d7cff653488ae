import { describe, expect, it } from 'vitest';
import { needsConfirmation } from '../../../../../renderer/features/permissions/decisions';

describe('which permission decisions ask "Are you sure?"', () => {
  it('asks before always-allowing a destructive tool or any tool of an untrusted server', () => {
    expect(needsConfirmation('always-allow-tool', { destructive: true, hintsTrusted: true })).toBe(true);
    expect(needsConfirmation('always-allow-server', { destructive: false, hintsTrusted: false })).toBe(true);
    expect(needsConfirmation('always-allow-tool', { destructive: false, hintsTrusted: true })).toBe(false);
  });
  it('never asks for one-off or denying decisions', () => {
    for (const d of ['allow-once', 'allow-conversation', 'deny', 'always-deny-tool'] as const) {
      expect(needsConfirmation(d, { destructive: true, hintsTrusted: false })).toBe(false);
    }
  });
});
