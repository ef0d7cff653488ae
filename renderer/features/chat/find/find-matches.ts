// Where a find query occurs in the loaded messages: one entry per occurrence, in reading order.
// Case-insensitive, over the text the user reads (text blocks), counted per message so the window
// can bring the message of the current match into view and mark the right occurrence in it.
import type { ChatMessage } from '../../../../shared/chat/messages';

export interface FindMatch {
  /** The message's index in the loaded list (the virtualised row). */
  index: number;
  messageId: string;
  /** Which occurrence within that message (0-based). */
  nth: number;
}

/** Occurrences of `needle` (already lower-case) in `text`, not overlapping. */
export function countIn(text: string, needle: string): number {
  if (!needle) return 0;
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

const messageText = (m: ChatMessage): string =>
  m.content
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text as string)
    .join('\n')
    .toLowerCase();

export function findMatches(messages: readonly ChatMessage[], query: string): FindMatch[] {
  const needle = query.toLowerCase();
  if (!needle.trim()) return [];
  const out: FindMatch[] = [];
  messages.forEach((m, index) => {
    const n = countIn(messageText(m), needle);
    for (let nth = 0; nth < n; nth++) out.push({ index, messageId: m.id, nth });
  });
  return out;
}
