// What a key pressed inside a question does, as a pure function (the frame applies the verdict).
// Nothing answers by accident: auto-repeat never acts, nothing acts before the question is armed,
// no single letter is a shortcut, plain Enter only activates the focused button, and the one
// keyboard approval is the deliberate chord Ctrl/Cmd+Enter.

export interface KeyInput {
  key: string;
  repeat: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
}

/** What has focus inside the question: a one-line field, a text area, a button or link, or anything else. */
export type KeyTarget = 'field' | 'textarea' | 'button' | 'other';

export type KeyVerdict =
  /** The browser (or the focused control) handles it as usual. */
  | 'pass'
  /** Ignored: no default action, no other listener. */
  | 'ignore'
  /** The question's primary answer (Ctrl/Cmd+Enter). */
  | 'primary'
  /** The question's safe answer (Escape: deny, cancel). */
  | 'cancel'
  /** Enter in a form field: on to the next field, never a submit. */
  | 'next-field'
  | 'previous-field';

const NAVIGATION = new Set(['Tab', 'F6', 'Shift', 'Control', 'Meta', 'Alt', 'CapsLock']);

export function questionKey(
  e: KeyInput,
  ctx: { armed: boolean; mac: boolean; target: KeyTarget },
): KeyVerdict {
  const inText = ctx.target === 'field' || ctx.target === 'textarea';
  if (e.isComposing) return 'pass';
  if (e.repeat) {
    // Holding a key down never answers; inside a text field, holding Backspace or an arrow still edits.
    return inText && e.key !== 'Enter' && e.key !== 'Escape' ? 'pass' : 'ignore';
  }
  if (NAVIGATION.has(e.key)) return 'pass';
  if (!ctx.armed) return 'ignore';
  if (e.key === 'Escape') return 'cancel';
  if (e.key !== 'Enter') return 'pass';
  const mod = ctx.mac ? e.metaKey : e.ctrlKey;
  if (mod && !e.altKey) return 'primary';
  if (e.ctrlKey || e.metaKey || e.altKey) return 'ignore';
  if (ctx.target === 'field') return e.shiftKey ? 'previous-field' : 'next-field';
  if (ctx.target === 'textarea') return e.shiftKey ? 'pass' : 'next-field';
  if (ctx.target === 'button') return e.shiftKey ? 'ignore' : 'pass';
  return 'ignore';
}

/** Classifies the element a key event targets. */
export function keyTargetOf(el: Element | null): KeyTarget {
  if (!el) return 'other';
  const tag = el.tagName;
  if (tag === 'TEXTAREA') return 'textarea';
  if (tag === 'SELECT') return 'field';
  if (tag === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    return type === 'button' || type === 'submit' || type === 'reset' ? 'button' : 'field';
  }
  if (tag === 'BUTTON' || (tag === 'A' && el.hasAttribute('href'))) return 'button';
  return 'other';
}
