// What a window opens on, carried in its page URL's query: a conversation ("Open in new window")
// or the quick entry. Main and the harness write it; the renderer reads it once at start.

export interface WindowStart {
  conversationId?: string;
  quickEntry?: boolean;
}

const CONVERSATION = 'conversation';
const QUICK = 'quick-entry';

/** The query string (with its "?", or "" for a plain window) for a window's page URL. */
export function windowQuery(start: WindowStart): string {
  const params = new URLSearchParams();
  if (start.quickEntry) params.set(QUICK, '1');
  else if (start.conversationId) params.set(CONVERSATION, start.conversationId);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Reads `location.search`; anything unknown or malformed opens a plain window. */
export function parseWindowQuery(search: string): WindowStart {
  const params = new URLSearchParams(search);
  if (params.get(QUICK) === '1') return { quickEntry: true };
  const id = params.get(CONVERSATION);
  return id && /^[\w.:-]{1,200}$/.test(id) ? { conversationId: id } : {};
}
