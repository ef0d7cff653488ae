// Window-wide keyboard shortcuts; "mod" is ⌘ on macOS and Ctrl elsewhere.
import { useEffect, useRef } from 'react';

export type ShortcutMap = Record<string, () => void>;

/** Normalises a keyboard event to "mod+shift+k" form. */
export function shortcutOf(e: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>, isMac: boolean): string {
  const parts: string[] = [];
  if (isMac ? e.metaKey : e.ctrlKey) parts.push('mod');
  if (e.altKey) parts.push('alt');
  if (e.shiftKey) parts.push('shift');
  parts.push(e.key.length === 1 ? e.key.toLowerCase() : e.key);
  return parts.join('+');
}

export function useShortcuts(map: ShortcutMap): void {
  const ref = useRef(map);
  ref.current = map;
  useEffect(() => {
    const isMac = navigator.platform.toLowerCase().includes('mac');
    const onKey = (e: KeyboardEvent) => {
      const action = ref.current[shortcutOf(e, isMac)];
      if (action) {
        e.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
