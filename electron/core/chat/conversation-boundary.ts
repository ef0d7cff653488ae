// The conversation's one untrusted-data boundary (untrusted.ts): drawn on its first request (an
// old conversation gets one then: one cache write), kept for its life so its prefix stays
// byte-stable, and drawn again when the model repeats it, since whoever received that text (a
// tool's arguments, an answer the user may copy) could forge a closing marker with it.
import type { ChatEvent } from '../../../shared/chat/events';
import type { ContentBlock } from '../../../shared/chat/messages';
import type { ConversationStore } from '../store/conversations';
import { boundariesIn, echoesBoundary, newBoundary } from './untrusted';

/** The conversation's boundary, drawn and stored on first use. */
export function conversationBoundary(store: ConversationStore, conversationId: string): string {
  const kept = store.boundary(conversationId);
  if (kept) return kept;
  const drawn = newBoundary();
  store.setBoundary(conversationId, drawn);
  return drawn;
}

const ROTATED =
  'Lena drew a new untrusted-data marker for this conversation: what was sent out repeated the current one, so it cannot be used to fake one (the next request is not served from the prompt cache).';

/**
 * Before something leaves Lena for a server outside any one turn (a sampling answer, an
 * elicitation answer): every conversation whose boundary it repeats draws a new one, and says so.
 * Returns how many rotated.
 */
export function rotateEchoedAnywhere(
  store: ConversationStore,
  emit: (event: ChatEvent) => void,
  value: unknown,
): number {
  const drawn = store.boundaries();
  const echoed = new Set(
    boundariesIn(
      value,
      drawn.map((d) => d.boundary),
    ),
  );
  const hit = drawn.filter((d) => echoed.has(d.boundary));
  for (const { id } of hit) {
    store.setBoundary(id, newBoundary());
    emit({ type: 'notice', conversationId: id, message: ROTATED });
  }
  return hit.length;
}

/** A view's tool call, before it runs: its conversation's boundary rotates when the arguments repeat it. */
export function rotateIfArgumentsEcho(
  store: ConversationStore,
  emit: (event: ChatEvent) => void,
  conversationId: string,
  args: unknown,
): boolean {
  return rotateIf(store, emit, conversationId, args, ROTATED);
}

/**
 * After an answer: when its text or a tool call's arguments repeat the boundary, a new one is
 * drawn before anything runs (the next request misses the cache once) and the user is told.
 * Returns whether it rotated.
 */
export function rotateIfEchoed(
  store: ConversationStore,
  emit: (event: ChatEvent) => void,
  conversationId: string,
  content: readonly ContentBlock[],
): boolean {
  const written = content.filter((b) => b.type !== 'thinking' && b.type !== 'redacted_thinking');
  return rotateIf(
    store,
    emit,
    conversationId,
    written,
    "Claude repeated this conversation's untrusted-data marker in its answer or a tool call; Lena drew a new marker, so what was sent out cannot fake one (the next request is not served from the prompt cache).",
  );
}

/** Draws the conversation a new boundary, and says why, when `value` repeats its current one. */
function rotateIf(
  store: ConversationStore,
  emit: (event: ChatEvent) => void,
  conversationId: string,
  value: unknown,
  message: string,
): boolean {
  const boundary = store.boundary(conversationId);
  if (!boundary || !echoesBoundary(value, boundary)) return false;
  store.setBoundary(conversationId, newBoundary());
  emit({ type: 'notice', conversationId, message });
  return true;
}
