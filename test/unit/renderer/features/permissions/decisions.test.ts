import { describe, expect, it } from 'vitest';
import {
  DECISIONS,
  mayModifyData,
  needsConfirmation,
} from '../../../../../renderer/features/permissions/decisions';

describe('which permission decisions ask "Are you sure?"', () => {
  it('asks for every lasting allow, whatever core requires', () => {
    for (const request of [
      { needsConfirmation: ['always-allow-tool', 'always-allow-server'] as const },
      { needsConfirmation: [] },
    ]) {
      expect(needsConfirmation('always-allow-tool', request)).toBe(true);
      expect(needsConfirmation('always-allow-server', request)).toBe(true);
    }
  });
  it('never asks for one-off or denying decisions when core does not', () => {
    for (const d of ['allow-once', 'allow-conversation', 'deny', 'always-deny-tool'] as const) {
      expect(needsConfirmation(d, { needsConfirmation: ['always-allow-tool'] })).toBe(false);
      expect(DECISIONS[d].label).toBeTruthy();
    }
  });
  it('has no single-letter shortcuts', () => {
    expect(Object.values(DECISIONS).every((d) => Object.keys(d).join() === 'label')).toBe(true);
  });
});

describe('the "may modify or delete data" warning', () => {
  it('stays for an untrusted server that claims read-only', () => {
    expect(
      mayModifyData({ destructive: false, hints: { readOnlyHint: true }, hintsTrusted: false }),
    ).toBe(true);
  });
  it('goes only when a trusted server says read-only', () => {
    expect(
      mayModifyData({ destructive: false, hints: { readOnlyHint: true }, hintsTrusted: true }),
    ).toBe(false);
    expect(
      mayModifyData({
        destructive: false,
        hints: { readOnlyHint: true, destructiveHint: true },
        hintsTrusted: true,
      }),
    ).toBe(true);
    expect(mayModifyData({ destructive: false, hints: {}, hintsTrusted: true })).toBe(true);
  });
});
