// Window-wide keyboard shortcuts; "mod" is ⌘ on macOS and Ctrl elsewhere.
import { useEffect, useRef } from 'react';
import { shortcutOf } from '../lib/shortcuts';

/** An action returning false did not handle the key, which then keeps its default. */
export type ShortcutMap = Record<string, () => void | boolean>;

export const isMac = (): boolean =>
  typeof navigator !== 'undefined' && navigator.platform.toLowerCase().includes('mac');

export function useShortcuts(map: ShortcutMap): void {
  const ref = useRef(map);
  ref.current = map;
  useEffect(() => {
    const mac = isMac();
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = ref.current[shortcutOf(e, mac)];
      if (action && action() !== false) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
