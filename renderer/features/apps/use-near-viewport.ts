// Whether an element is on screen or near it, inside the conversation's scroller. A view far from
// the visible part of the conversation is torn down (its frame and process freed) and started
// again from the stored tool input and result when the user scrolls back.
import { useEffect, useState, type RefObject } from 'react';

/** How far outside the visible area a view stays alive: a few screens, so a short scroll never restarts it. */
export const NEAR_MARGIN = '1500px 0px';

export function useNearViewport(
  ref: RefObject<HTMLElement | null>,
  margin: string = NEAR_MARGIN,
): boolean {
  const [near, setNear] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const root = el.closest('.messages');
    const observer = new IntersectionObserver(
      (entries) => setNear(entries[entries.length - 1].isIntersecting),
      { root, rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin]);
  return near;
}
