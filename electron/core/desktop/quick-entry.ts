// The quick entry: a global shortcut (off until the user sets one in Settings) opens a small
// window that asks one question into a new conversation. What main decides about it lives here.

/** A quick entry window: small, above the others, out of the taskbar; never saved as a slot. */
export function quickEntryWindowOptions() {
  return {
    width: 640,
    height: 240,
    minWidth: 420,
    minHeight: 200,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    alwaysOnTop: true,
    skipTaskbar: true,
    center: true,
    title: 'Quick question',
  };
}

export type ShortcutChange =
  | { kind: 'keep' }
  | { kind: 'unregister'; previous: string }
  | { kind: 'register'; previous: string | null; accelerator: string };

/** What main does with the global shortcut when the setting is read or changes. */
export function shortcutChange(previous: string | null, next: string | null): ShortcutChange {
  if (previous === next) return { kind: 'keep' };
  if (next === null) return previous === null ? { kind: 'keep' } : { kind: 'unregister', previous };
  return { kind: 'register', previous, accelerator: next };
}
