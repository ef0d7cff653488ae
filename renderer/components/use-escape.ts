// Escape acts on the innermost surface (UI.md): an overlay or menu first, then a question (its
// safe answer, even while focus stays in the composer), then a form, then a page; the window's own
// Escape (stop the running turn) runs only when no surface took it. Inside a question its frame
// handles Escape itself. Surfaces register while mounted; the highest level wins, and
// among equals the latest (a form opened over a page). Levels, not mount order, decide, because
// React runs a child's effects before its parent's.
import { useEffect, useRef } from 'react';

export type EscapeLevel = 'page' | 'form' | 'question' | 'overlay';
const RANK: Record<EscapeLevel, number> = { page: 1, form: 2, question: 3, overlay: 4 };

interface Entry {
  rank: number;
  seq: number;
  run(): void;
}
const entries = new Set<Entry>();
let seq = 0;

/** Runs the innermost surface's Escape; false when none is registered. */
export function runEscape(): boolean {
  let top: Entry | null = null;
  for (const e of entries)
    if (!top || e.rank > top.rank || (e.rank === top.rank && e.seq > top.seq)) top = e;
  if (!top) return false;
  top.run();
  return true;
}

/** While mounted (and `enabled`), Escape anywhere outside a question runs `handler`. */
export function useEscape(level: EscapeLevel, handler: () => void, enabled = true): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const entry: Entry = { rank: RANK[level], seq: ++seq, run: () => ref.current() };
    entries.add(entry);
    return () => void entries.delete(entry);
  }, [level, enabled]);
}

// Unsaved edits on a page: a form with changes registers here, so closing the page asks first.
const unsaved = new Set<symbol>();
export const hasUnsavedEdits = (): boolean => unsaved.size > 0;
export function useUnsavedEdits(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const token = Symbol('unsaved');
    unsaved.add(token);
    return () => void unsaved.delete(token);
  }, [dirty]);
}

/** Focuses the first element matching `selector` once it is rendered (a few frames at most). */
export function focusWhenRendered(selector: string, frames = 30): void {
  const el = document.querySelector<HTMLElement>(selector);
  if (el) el.focus();
  else if (frames > 0) requestAnimationFrame(() => focusWhenRendered(selector, frames - 1));
}
