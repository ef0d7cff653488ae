// Makes a box as tall as the space left below it in its scrolling page (at least `min` pixels), so
// a log fills the window at any size instead of a fixed height; follows window resizes.
import { useLayoutEffect, type RefObject } from 'react';

export function useFillHeight(ref: RefObject<HTMLElement | null>, min = 240): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      const page = el.closest<HTMLElement>('.page');
      const bottomPad = page ? parseFloat(getComputedStyle(page).paddingBottom) || 0 : 16;
      const viewTop = page ? page.getBoundingClientRect().top : 0;
      const viewHeight = page ? page.clientHeight : window.innerHeight;
      // The box's place in the page's content, whatever the page is scrolled to.
      const top = el.getBoundingClientRect().top - viewTop + (page?.scrollTop ?? 0);
      el.style.height = `${Math.max(min, Math.floor(viewHeight - top - bottomPad))}px`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el.closest('.page') ?? document.documentElement);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
    };
  });
}
