// One open/closed state for a composer chip and the popover above it: a click outside closes it,
// Escape closes it and puts focus back on its button (the innermost surface, UI.md).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useEscape } from '../../components/use-escape';

export function usePopover<B extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const button = useRef<B>(null);
  const popup = useRef<HTMLDivElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useEscape('overlay', () => close(true), open);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!popup.current?.contains(t) && !button.current?.contains(t)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, close]);
  return { open, setOpen, close, button, popup };
}
