// A menu or popover drawn above everything: rendered (a portal) at the end of the window's main
// landmark when its button is in it (else document.body), so screen readers find it
// inside a landmark, at a fixed position under the button that opened it, so no bar's `overflow` clips it and focusing a field
// inside it never scrolls the bar. It stays inside the window at any width, follows its button on
// resize and scroll, closes on a press outside it or when focus leaves it, and moves focus in on
// open. Arrow keys move between its items.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';

const MARGIN = 8;
/** The landmark a layer lives in; it neither clips nor transforms a fixed child. */
const LANDMARK = 'main';
const ITEMS = 'button:not([disabled]), input:not([disabled]), [role=menuitem]';

interface Place {
  top: number;
  left: number;
  maxHeight: number;
}

/** Where the layer goes: under its button, aligned to its left or right edge, kept in the window. */
export function placeUnder(
  anchor: { left: number; right: number; bottom: number },
  size: { width: number },
  view: { width: number; height: number },
  align: 'left' | 'right',
): Place {
  const wanted = align === 'right' ? anchor.right - size.width : anchor.left;
  const left = Math.max(MARGIN, Math.min(wanted, view.width - size.width - MARGIN));
  const top = anchor.bottom + 4;
  return { top, left, maxHeight: Math.max(120, view.height - top - MARGIN) };
}

export function TopLayerMenu({
  anchor,
  align = 'left',
  className = '',
  role,
  label,
  onDismiss,
  initialFocus = ITEMS,
  children,
}: {
  anchor: RefObject<HTMLElement | null>;
  align?: 'left' | 'right';
  className?: string;
  role: 'menu' | 'dialog';
  label: string;
  /** A press outside, or focus moving elsewhere: the owner closes the layer. */
  onDismiss(): void;
  /** What takes focus when the layer opens (a selector); the first item by default. */
  initialFocus?: string;
  children: ReactNode;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useLayoutEffect(() => {
    const measure = () => {
      const a = anchor.current?.getBoundingClientRect();
      const el = layer.current;
      if (!a || !el) return;
      setPlace(
        placeUnder(
          a,
          { width: el.offsetWidth },
          { width: window.innerWidth, height: window.innerHeight },
          align,
        ),
      );
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [anchor, align]);

  // Focus moves in once the layer is placed (a hidden element takes no focus).
  const placed = place !== null;
  useEffect(() => {
    const el = layer.current;
    if (placed && el && !el.contains(document.activeElement))
      el.querySelector<HTMLElement>(initialFocus)?.focus();
  }, [placed, initialFocus]);

  useEffect(() => {
    const outside = (target: EventTarget | null) =>
      target instanceof Node &&
      !layer.current?.contains(target) &&
      !anchor.current?.contains(target);
    const onPointer = (e: PointerEvent) => {
      if (outside(e.target)) dismiss.current();
    };
    const onFocus = (e: FocusEvent) => {
      if (outside(e.target)) dismiss.current();
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('focusin', onFocus, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('focusin', onFocus, true);
    };
  }, [anchor]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = Array.from(layer.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? []);
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next =
      e.key === 'ArrowDown' ? (at + 1) % items.length : at <= 0 ? items.length - 1 : at - 1;
    items[next].focus();
    e.preventDefault();
  };

  return createPortal(
    <div
      ref={layer}
      className={`popover top-layer ${className}`}
      role={role}
      aria-label={label}
      onKeyDown={onKeyDown}
      style={
        place
          ? { top: place.top, left: place.left, maxHeight: place.maxHeight }
          : { visibility: 'hidden' }
      }
    >
      {children}
    </div>,
    anchor.current?.closest(LANDMARK) ?? document.body,
  );
}
