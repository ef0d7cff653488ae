// What leaves Lena for a server outside a turn (a sampling or elicitation answer, a view's tool
// arguments) is checked against the conversations' untrusted-data boundaries over a real store:
// a repeated boundary, even hidden by a zero-width space or written in full-width letters, makes
// that conversation, and only it, draw a new one, and says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../../shared/chat/events';
import {
  conversationBoundary,
  rotateEchoedAnywhere,
  rotateIfArgumentsEcho,
} from '../../../../electron/core/chat/conversation-boundary';
import { openConversationStore } from '../../../../electron/core/store/open-store';

let dir: string;
let opened: ReturnType<typeof openConversationStore>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-boundary-out-'));
  opened = openConversationStore(join(dir, 'lena.db'));
});
afterEach(() => {
  opened.close();
  rmSync(dir, { recursive: true, force: true });
});

const fullWidth = (s: string) =>
  [...s]
    .map((c) => (/[A-Za-z0-9]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
    .join('');

describe('boundaries and what leaves Lena', () => {
  it('an answer repeating a boundary rotates that conversation only, hidden or full-width', () => {
    const { store } = opened;
    const a = store.create({ title: 'a' });
    const b = store.create({ title: 'b' });
    const events: ChatEvent[] = [];
    const emit = (e: ChatEvent) => events.push(e);
    const boundaryA = conversationBoundary(store, a.id);
    const boundaryB = conversationBoundary(store, b.id);

    expect(rotateEchoedAnywhere(store, emit, 'an ordinary answer')).toBe(0);
    const hidden = `${boundaryA.slice(0, 4)}\u200b${boundaryA.slice(4)}`;
    expect(rotateEchoedAnywhere(store, emit, { note: `see ${hidden}` })).toBe(1);
    expect(store.boundary(a.id)).not.toBe(boundaryA);
    expect(store.boundary(b.id)).toBe(boundaryB);
    expect(events).toEqual([expect.objectContaining({ type: 'notice', conversationId: a.id })]);

    // NFKC folds full-width letters back: an echo written so is still an echo.
    const wide = fullWidth(boundaryB);
    expect(wide).not.toContain(boundaryB);
    expect(rotateEchoedAnywhere(store, emit, wide)).toBe(1);
    expect(store.boundary(b.id)).not.toBe(boundaryB);
  });

  it("a view's tool arguments are checked against its own conversation's boundary", () => {
    const { store } = opened;
    const c = store.create({ title: 'c' });
    const events: ChatEvent[] = [];
    const boundary = conversationBoundary(store, c.id);
    expect(rotateIfArgumentsEcho(store, (e) => events.push(e), c.id, { q: 'fine' })).toBe(false);
    expect(rotateIfArgumentsEcho(store, (e) => events.push(e), c.id, { q: boundary })).toBe(true);
    expect(store.boundary(c.id)).not.toBe(boundary);
    expect(events).toHaveLength(1);
  });
});
