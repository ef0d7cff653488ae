// The window's regions for F6 (UI.md): sidebar, conversation (or the open page), composer, and an
// open question, in that order; F6 moves to the next one present, Shift+F6 to the previous, both
// wrapping. Each region says what takes focus in it: the sidebar's current conversation, the
// message list or the page's heading, the composer's text, the question's heading (never a button).
import { nextRegion } from '../lib/shortcuts';

export type RegionName = 'sidebar' | 'conversation' | 'composer' | 'question';

interface Region {
  name: RegionName;
  /** The region's element, or null when it is not on screen. */
  root(): HTMLElement | null;
  /** What takes focus when F6 arrives in the region. */
  target(root: HTMLElement): HTMLElement | null;
}

const first = <T extends Element>(root: ParentNode, selector: string): T | null =>
  root.querySelector<T>(selector);

const REGIONS: readonly Region[] = [
  {
    name: 'sidebar',
    root: () => first(document, 'nav.sidebar'),
    target: (root) =>
      first(root, '.conversation.active .conversation-open') ??
      first(root, '.conversation-open[tabindex="0"]') ??
      first(root, 'button, input'),
  },
  {
    name: 'conversation',
    root: () => first(document, 'main [data-testid="message-scroller"], main .page'),
    target: (root) => (root.matches('.page') ? (first(root, 'h1') ?? root) : root),
  },
  {
    name: 'composer',
    root: () => first(document, '[data-composer]'),
    target: (root) => root,
  },
  {
    name: 'question',
    root: () => first(document, '[data-question]'),
    target: (root) => first(root, '[data-question-heading]'),
  },
];

/** Focuses `el`, making it focusable first when it is a region's container or heading. */
export function focusRegionTarget(el: HTMLElement): void {
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.tabIndex = -1;
  el.focus({ preventScroll: el.matches('[data-testid="message-scroller"], h2') });
}

/** The region focus is in now, or null (the title bar, a toast, nowhere). */
export function currentRegion(): RegionName | null {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  // The question sits inside the main pane: the innermost region wins.
  for (const r of [...REGIONS].reverse()) if (r.root()?.contains(active)) return r.name;
  return null;
}

/** Moves focus to the next (or previous) region on screen; false when there is none to move to. */
export function cycleRegions(backwards: boolean): boolean {
  const present = REGIONS.filter((r) => r.root() !== null).map((r) => r.name);
  const to = nextRegion(present, currentRegion(), backwards);
  if (!to) return false;
  const region = REGIONS.find((r) => r.name === to)!;
  const root = region.root()!;
  const target = region.target(root) ?? root;
  focusRegionTarget(target);
  return true;
}

/** Puts focus in the page labelled `label` (Settings after Ctrl+,): its heading, once it is rendered. */
export function focusPage(label: string, frames = 30): void {
  const heading = first<HTMLElement>(document, `main .page[aria-label="${label}"] h1`);
  if (heading) focusRegionTarget(heading);
  else if (frames > 0) requestAnimationFrame(() => focusPage(label, frames - 1));
}
