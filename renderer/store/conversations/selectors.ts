// Pure selectors over the conversation list and search.
import type { ConversationSummary, SearchHit } from '../../../shared/chat/conversations';
import type { LenaState } from '../create-store';

const NONE: ConversationSummary[] = [];
const NO_HITS: SearchHit[] = [];

// Derived lists are cached on the list's identity, so a selector returns the same array until it changes.
const cached = (pick: (list: ConversationSummary[]) => ConversationSummary[]) => {
  let from: ConversationSummary[] | undefined;
  let out: ConversationSummary[] = NONE;
  return (s: LenaState) => {
    const list = s.conversationList.value ?? NONE;
    if (list !== from) {
      from = list;
      out = pick(list);
    }
    return out;
  };
};

export const conversationsSelectors = {
  /** The list: not archived (pinned ones among them; the sidebar puts those on top). */
  conversations: cached((list) => list.filter((c) => !c.archived)),
  archivedConversations: cached((list) => list.filter((c) => c.archived)),
  showArchived: (s: LenaState) => s.showArchived,
  isRunning: (id: string) => (s: LenaState) => s.running[id] === true,
  isUnread: (id: string) => (s: LenaState) => s.unread[id] === true,
  /** The sidebar's mark for one conversation: its turn is running, or it was answered unseen. */
  mark: (id: string) => (s: LenaState) =>
    s.running[id] ? ('running' as const) : s.unread[id] ? ('unread' as const) : null,
  findOpen: (s: LenaState) => s.findOpen,
  conversationsLoad: (s: LenaState) => s.conversationList,
  activeId: (s: LenaState) => s.activeId,
  active: (s: LenaState) => s.conversationList.value?.find((c) => c.id === s.activeId) ?? null,
  activeTitle: (s: LenaState) =>
    s.conversationList.value?.find((c) => c.id === s.activeId)?.title ?? null,
  byId: (id: string) => (s: LenaState) =>
    s.conversationList.value?.find((c) => c.id === id) ?? null,
  /** The title of conversation `id` when it is not the open one (a question from another chat says where it is from). */
  titleElsewhere: (id: string) => (s: LenaState) =>
    s.activeId === id ? null : (s.conversationList.value?.find((c) => c.id === id)?.title ?? null),
  focusMessageId: (s: LenaState) => s.focusMessageId,
  renamingId: (s: LenaState) => s.renamingId,
  searchOpen: (s: LenaState) => s.searchOpen,
  searchQuery: (s: LenaState) => s.searchQuery,
  searchHits: (s: LenaState) => s.searchResults.value ?? NO_HITS,
  searchError: (s: LenaState) => s.searchResults.error,
};
