// Keyboard shortcut names: events normalise to "mod+shift+k" where "mod" is ⌘ on macOS and Ctrl
// elsewhere, and the same names print as the user's platform writes them.

export interface KeyLike {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Normalises a keyboard event to "mod+shift+k" form. */
export function shortcutOf(e: KeyLike, isMac: boolean): string {
  const parts: string[] = [];
  if (isMac ? e.metaKey : e.ctrlKey) parts.push('mod');
  if (e.altKey) parts.push('alt');
  if (e.shiftKey) parts.push('shift');
  parts.push(e.key.length === 1 ? e.key.toLowerCase() : e.key);
  return parts.join('+');
}

/** "mod+shift+c" → "Ctrl+Shift+C" (or "⌘⇧C" on macOS). */
export function formatShortcut(name: string, isMac: boolean): string {
  const parts = name.split('+').filter((p) => p !== '');
  const key = parts.pop() ?? '';
  const label =
    key.length === 1 ? key.toUpperCase() : key === 'Escape' ? 'Esc' : key === 'ArrowUp' ? '↑' : key;
  if (isMac) {
    const mods = parts.map((p) => ({ mod: '⌘', shift: '⇧', alt: '⌥' })[p] ?? p).join('');
    return mods + label;
  }
  const mods = parts.map((p) => ({ mod: 'Ctrl', shift: 'Shift', alt: 'Alt' })[p] ?? p);
  return [...mods, label].join('+');
}

/** Whether focus is in a text field, where plain keys belong to the field. */
export function isEditableTarget(
  target: { tagName?: string; isContentEditable?: boolean } | null,
): boolean {
  if (!target) return false;
  const tag = (target.tagName ?? '').toUpperCase();
  return (
    tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable === true
  );
}

/**
 * The region F6 (or Shift+F6, `backwards`) moves to among those on screen, in their order, wrapping;
 * from outside every region, the first (or the last). Null when none is on screen.
 */
export function nextRegion<T extends string>(
  present: readonly T[],
  current: T | null,
  backwards: boolean,
): T | null {
  if (present.length === 0) return null;
  const at = current === null ? -1 : present.indexOf(current);
  if (at < 0) return backwards ? present[present.length - 1] : present[0];
  return present[(at + (backwards ? present.length - 1 : 1)) % present.length];
}
