// The conversation list, the open conversation's id, renaming, and full-text search.
import type { ConversationSummary, SearchHit } from '../../../shared/chat/conversations';
import { idle, type Loadable } from '../loadable';

export interface ConversationsState {
  conversationList: Loadable<ConversationSummary[]>;
  activeId: string | null;
  /** A message to bring into view once its conversation is open (a search hit). */
  focusMessageId: string | null;
  renamingId: string | null;
  searchOpen: boolean;
  searchQuery: string;
  searchResults: Loadable<SearchHit[]>;
  /** The sidebar shows the archived conversations instead of the list. */
  showArchived: boolean;
  /** Conversations with a turn running, and those answered while another was shown (issue 48). */
  running: Record<string, true>;
  unread: Record<string, true>;
  /** The find bar over the open conversation (Ctrl/Cmd+F). */
  findOpen: boolean;
}

export const initialConversationsState = (): ConversationsState => ({
  conversationList: idle(),
  activeId: null,
  focusMessageId: null,
  renamingId: null,
  searchOpen: false,
  searchQuery: '',
  searchResults: idle(),
  showArchived: false,
  running: {},
  unread: {},
  findOpen: false,
});
