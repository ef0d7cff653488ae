// Whether the window is narrow enough for the sidebar to be an overlay (matches layout.css).
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 899px)';

export const isNarrowWindow = (): boolean =>
  typeof matchMedia === 'function' && matchMedia(NARROW_QUERY).matches;

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => undefined;
  const query = matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export const useNarrowWindow = (): boolean =>
  useSyncExternalStore(subscribe, isNarrowWindow, () => false);
