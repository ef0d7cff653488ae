// The conversation list: load, create, open, rename, delete with undo, and full-text search.
import type { StateCreator } from 'zustand';
import type { ConversationSummary, SearchHit } from '../../shared/chat-types';
import { call, subscribe } from '../host';
import type { LenaState } from './index';
import { attempt, toUiError, type LoadState, type Outcome, type UiError } from './result';

const UNDO_MS = 6000;

export interface ConversationsSlice {
  conversations: ConversationSummary[];
  conversationsState: LoadState;
  conversationsError: UiError | null;
  activeId: string | null;
  /** A message to bring into view once its conversation is open (a search hit). */
  focusMessageId: string | null;
  renamingId: string | null;
  searchOpen: boolean;
  searchQuery: string;
  searchHits: SearchHit[];
  searchError: UiError | null;
  loadConversations(): Promise<void>;
  newConversation(): Promise<Outcome<ConversationSummary>>;
  openConversation(id: string | null, messageId?: string): void;
  clearFocusMessage(): void;
  setRenaming(id: string | null): void;
  renameConversation(id: string, title: string): Promise<Outcome<ConversationSummary>>;
  deleteConversation(id: string): Promise<Outcome<void>>;
  duplicateConversation(id: string): Promise<Outcome<ConversationSummary>>;
  exportConversation(id: string, format: 'markdown' | 'json'): Promise<Outcome<{ filename: string; content: string }>>;
  /** Starts a new conversation seeded with a summary of `id` (when it grew past the context). */
  continueWithSummary(id: string): Promise<Outcome<ConversationSummary>>;
  setSearchOpen(open: boolean): void;
  searchConversations(query: string): Promise<void>;
  subscribeConversations(): () => void;
}

/** Newly active conversations go first; a change that is no activity (its tool switches) keeps its place. */
const upsert = (list: ConversationSummary[], c: ConversationSummary) =>
  list.some((x) => x.id === c.id && x.updatedAt === c.updatedAt) ? list.map((x) => (x.id === c.id ? c : x)) : [c, ...list.filter((x) => x.id !== c.id)];

/** The title core gives a conversation before its first message (electron/core/store/conversations.ts). */
const DEFAULT_TITLE = 'New conversation';

export const createConversationsSlice: StateCreator<LenaState, [], [], ConversationsSlice> = (set, get) => ({
  conversations: [],
  conversationsState: 'idle',
  conversationsError: null,
  activeId: null,
  focusMessageId: null,
  renamingId: null,
  searchOpen: false,
  searchQuery: '',
  searchHits: [],
  searchError: null,
  async loadConversations() {
    set({ conversationsState: 'loading' });
    try {
      set({ conversations: await call('conversations:list'), conversationsState: 'ready', conversationsError: null });
    } catch (err) {
      set({ conversationsState: 'error', conversationsError: toUiError(err) });
    }
  },
  async newConversation() {
    const r = await attempt(() => call('conversations:create', {}));
    if (r.ok) {
      set((s) => ({ conversations: upsert(s.conversations, r.value), conversationsError: null }));
      get().openConversation(r.value.id);
    } else {
      // Without storage there is still a blank chat to type into; the error shows where it matters.
      get().openConversation(null);
    }
    return r;
  },
  openConversation(id, messageId) {
    const s = get();
    const left = s.activeId !== id ? s.conversations.find((c) => c.id === s.activeId) : undefined;
    // A "New conversation" left without a message, a draft or a card in it is not kept.
    if (left && left.messageCount === 0 && left.title === DEFAULT_TITLE && !s.chat?.turnId && (s.chat?.conversationId !== left.id || s.chat.messages.length === 0)
      && !(s.drafts[left.id] ?? '').trim() && (s.systemCards[left.id]?.length ?? 0) === 0) {
      set((st) => ({ conversations: st.conversations.filter((c) => c.id !== left.id) }));
      void attempt(() => call('conversations:delete', { id: left.id }));
    }
    set({ activeId: id, view: 'chat', renamingId: null, focusMessageId: messageId ?? null });
    get().focusComposerSoon();
    void get().loadChat(id);
  },
  clearFocusMessage: () => set({ focusMessageId: null }),
  setRenaming: (id) => set({ renamingId: id }),
  async renameConversation(id, title) {
    const r = await attempt(() => call('conversations:rename', { id, title }));
    if (r.ok) set((s) => ({ conversations: s.conversations.map((c) => (c.id === id ? r.value : c)), renamingId: null }));
    return r;
  },
  async deleteConversation(id) {
    const r = await attempt(() => call('conversations:delete', { id }));
    if (!r.ok) {
      get().pushToast({ message: `Could not delete the conversation: ${r.error.message}`, tone: 'error' });
      return r;
    }
    const removed = get().conversations.find((c) => c.id === id);
    set((s) => ({ conversations: s.conversations.filter((c) => c.id !== id), ...(s.activeId === id ? { activeId: null } : {}) }));
    if (get().activeId === null) void get().loadChat(null);
    get().pushToast(
      {
        message: `Deleted “${removed?.title ?? 'conversation'}”`,
        actionLabel: 'Undo',
        action: () => {
          void attempt(() => call('conversations:restore', { id })).then((back) => {
            if (back.ok) set((s) => ({ conversations: upsert(s.conversations, back.value) }));
            else get().pushToast({ message: `Could not restore the conversation: ${back.error.message}`, tone: 'error' });
          });
        },
      },
      UNDO_MS,
    );
    return r;
  },
  async duplicateConversation(id) {
    const r = await attempt(() => call('conversations:duplicate', { id }));
    if (r.ok) {
      set((s) => ({ conversations: upsert(s.conversations, r.value) }));
      get().openConversation(r.value.id);
    } else get().pushToast({ message: `Could not duplicate the conversation: ${r.error.message}`, tone: 'error' });
    return r;
  },
  async exportConversation(id, format) {
    const r = await attempt(() => call('conversations:export', { id, format }));
    if (!r.ok) get().pushToast({ message: `Could not export the conversation: ${r.error.message}`, tone: 'error' });
    return r;
  },
  async continueWithSummary(id) {
    const r = await attempt(() => call('conversations:continue-with-summary', { id }));
    if (r.ok) {
      set((s) => ({ conversations: upsert(s.conversations, r.value) }));
      get().openConversation(r.value.id);
    } else get().pushToast({ message: `Could not start a new conversation with a summary: ${r.error.message}`, tone: 'error' });
    return r;
  },
  setSearchOpen: (open) => set(open ? { searchOpen: true } : { searchOpen: false, searchQuery: '', searchHits: [], searchError: null }),
  async searchConversations(query) {
    set({ searchQuery: query });
    if (query.trim() === '') {
      set({ searchHits: [], searchError: null });
      return;
    }
    const r = await attempt(() => call('conversations:search', { query }));
    if (get().searchQuery !== query) return;
    set(r.ok ? { searchHits: r.value, searchError: null } : { searchHits: [], searchError: r.error });
  },
  subscribeConversations() {
    return subscribe('chat:event', (event) => {
      if (event.type === 'conversation-updated') set((s) => ({ conversations: upsert(s.conversations, event.conversation) }));
    });
  },
});
