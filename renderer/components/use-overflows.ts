// Whether a box's content overflows it, so that it scrolls: a scrolling box with nothing focusable
// inside takes focus itself (tabIndex 0), or a keyboard could never scroll it (WCAG 2.1.1).
import { useLayoutEffect, useState, type RefObject } from 'react';

/** True while `ref`'s content is taller or wider than the box; follows resizes and new content. */
export function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () =>
      setOverflows(el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
    check();
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(check) : null;
    resized?.observe(el);
    const changed = new MutationObserver(check);
    changed.observe(el, { childList: true, subtree: true, characterData: true });
    return () => {
      resized?.disconnect();
      changed.disconnect();
    };
  }, [ref]);
  return overflows;
}
