// Marks a find query's occurrences in the rows the virtualised message list has on screen, with
// the CSS Custom Highlight API: no change to the rendered Markdown, and rows that mount while
// scrolling are marked as they appear. The current match gets a highlight of its own.
import { useEffect } from 'react';
import type { FindMatch } from './find-matches';

export const FIND_ALL = 'find-match';
export const FIND_CURRENT = 'find-current';

// Only the messages' text is searched (find-matches.ts counts text blocks): not a row's controls,
// tool cards, thinking or citations.
const SKIP =
  'button, .message-actions, .tool-card, .server-tool-card, .thinking, .citations, .prompt-origin, .sr-only';
const filter = {
  acceptNode: (node: Node) =>
    node.parentElement?.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
};

/** Ranges of `needle` (lower-case) in the text nodes under `root`, in document order. */
function rangesIn(root: Element, needle: string): Range[] {
  const out: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, filter);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.nodeValue ?? '').toLowerCase();
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      out.push(range);
    }
  }
  return out;
}

function paint(list: Element, needle: string, current: FindMatch | null): void {
  const all: Range[] = [];
  let mine: Range | undefined;
  for (const row of list.querySelectorAll<HTMLElement>('.virtual-row[data-index]')) {
    const ranges = rangesIn(row, needle);
    all.push(...ranges);
    if (current && Number(row.dataset.index) === current.index)
      mine = ranges[Math.min(current.nth, ranges.length - 1)];
  }
  CSS.highlights.set(FIND_ALL, new Highlight(...all));
  if (mine) CSS.highlights.set(FIND_CURRENT, new Highlight(mine));
  else CSS.highlights.delete(FIND_CURRENT);
}

export function useFindHighlights(query: string, current: FindMatch | null, on: boolean): void {
  useEffect(() => {
    // Without the API (an old engine) the bar still counts and scrolls; nothing is marked.
    if (typeof CSS === 'undefined' || !('highlights' in CSS)) return;
    const needle = query.toLowerCase();
    const list = document.querySelector('.message-list');
    const clear = () => {
      CSS.highlights.delete(FIND_ALL);
      CSS.highlights.delete(FIND_CURRENT);
    };
    if (!on || !needle.trim() || !list) return clear;
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => paint(list, needle, current));
    };
    paint(list, needle, current);
    // Rows mount and unmount as the list scrolls, and streamed text changes them.
    const observer = new MutationObserver(schedule);
    observer.observe(list, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clear();
    };
  }, [query, current, on]);
}
