// The conversation list's actions: load, create, open, rename, pin, archive, delete with undo,
// import, search, and which conversations are running or answered unseen.
import { IMPORT_MAX_BYTES, type ConversationSummary } from '../../../shared/chat/conversations';
import { failed, idle, ready, reloading, withValue, type Loadable } from '../loadable';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';

const UNDO_MS = 6000;

/** The title core gives a conversation before its first message (electron/core/store/conversations.ts). */
const DEFAULT_TITLE = 'New conversation';

export interface ConversationsActions {
  loadConversations(): Promise<void>;
  newConversation(): Promise<Outcome<ConversationSummary>>;
  openConversation(id: string | null, messageId?: string): void;
  clearFocusMessage(): void;
  /** Brings a message of the open conversation into view (a find match). */
  revealMessage(messageId: string): void;
  setRenaming(id: string | null): void;
  renameConversation(id: string, title: string): Promise<Outcome<ConversationSummary>>;
  /** Moves a conversation to a project folder (null: no project). */
  moveConversation(id: string, project: string | null): Promise<Outcome<ConversationSummary>>;
  deleteConversation(id: string): Promise<Outcome<void>>;
  duplicateConversation(id: string): Promise<Outcome<ConversationSummary>>;
  exportConversation(
    id: string,
    format: 'markdown' | 'json' | 'html',
  ): Promise<Outcome<{ filename: string; content: string }>>;
  /** Pins on top of the list, or unpins. */
  pinConversation(id: string, pinned: boolean): Promise<Outcome<ConversationSummary>>;
  /** Archives (out of the list, still found by search; Undo offered), or brings back. */
  archiveConversation(id: string, archived: boolean): Promise<Outcome<ConversationSummary>>;
  /** A JSON export's text as a new conversation, opened. */
  importConversation(content: string): Promise<Outcome<ConversationSummary>>;
  /** A picked file: refused by its size before it is read (a huge file would fill memory), else imported. */
  importConversationFile(file: {
    name: string;
    size: number;
    text(): Promise<string>;
  }): Promise<Outcome<ConversationSummary> | null>;
  setShowArchived(show: boolean): void;
  setFindOpen(open: boolean): void;
  /** Starts a new conversation seeded with a summary of `id` (when it grew past the context). */
  continueWithSummary(id: string): Promise<Outcome<ConversationSummary>>;
  setSearchOpen(open: boolean): void;
  searchConversations(query: string): Promise<void>;
  subscribeConversations(): () => void;
}

type List = Loadable<ConversationSummary[]>;
const edit = (l: List, fn: (list: ConversationSummary[]) => ConversationSummary[]): List =>
  withValue(l, fn(l.value ?? []));
/** Newly active conversations go first; a change that is no activity (its tool switches) keeps its place. */
const upsert = (l: List, c: ConversationSummary) =>
  edit(l, (list) =>
    list.some((x) => x.id === c.id && x.updatedAt === c.updatedAt)
      ? list.map((x) => (x.id === c.id ? c : x))
      : [c, ...list.filter((x) => x.id !== c.id)],
  );

/** A summary changed in place (pin, archive): it keeps its position. */
const replace = (l: List, c: ConversationSummary) =>
  edit(l, (list) => list.map((x) => (x.id === c.id ? c : x)));
const without = (flags: Record<string, true>, id: string): Record<string, true> => {
  const { [id]: _gone, ...rest } = flags;
  return rest;
};

// Long: the slice's actions, each short, in one object over the helpers they share.
export const createConversationsActions: ActionsCreator<ConversationsActions> = (
  set,
  get,
  host,
) => ({
  async loadConversations() {
    set((s) => ({ conversationList: reloading(s.conversationList) }));
    const [r, elsewhere] = await Promise.all([
      attempt(() => host.call('conversations:list', { includeArchived: true })),
      get().reportShowing(get().activeId),
    ]);
    if (!r.ok) return set((s) => ({ conversationList: failed(s.conversationList, r.error) }));
    // A "New conversation" left empty in an earlier session (nothing sent, no draft) is not kept;
    // one another window shows is that window's.
    const { activeId, drafts } = get();
    const left = r.value.filter(
      (c) =>
        c.id !== activeId &&
        !elsewhere.includes(c.id) &&
        c.messageCount === 0 &&
        c.title === DEFAULT_TITLE &&
        !(drafts[c.id] ?? '').trim(),
    );
    for (const c of left) void attempt(() => host.call('conversations:delete', { id: c.id }));
    set({ conversationList: ready(r.value.filter((c) => !left.includes(c))) });
  },
  async newConversation() {
    const r = await attempt(() => host.call('conversations:create', {}));
    if (r.ok) {
      set((s) => ({ conversationList: { ...upsert(s.conversationList, r.value), error: null } }));
      get().openConversation(r.value.id);
    } else {
      // Without storage there is still a blank chat to type into; the error shows where it matters.
      get().openConversation(null);
    }
    return r;
  },
  openConversation(id, messageId) {
    const s = get();
    const chat = s.openChat.value;
    const left =
      s.activeId !== id ? s.conversationList.value?.find((c) => c.id === s.activeId) : undefined;
    // A "New conversation" left without a message, a draft or a card in it is not kept.
    if (
      left &&
      !s.shownElsewhere.includes(left.id) &&
      left.messageCount === 0 &&
      left.title === DEFAULT_TITLE &&
      !chat?.turnId &&
      (chat?.conversationId !== left.id || chat.messages.length === 0) &&
      !(s.drafts[left.id] ?? '').trim() &&
      (s.systemCards[left.id]?.length ?? 0) === 0
    ) {
      set((st) => ({
        conversationList: edit(st.conversationList, (list) => list.filter((c) => c.id !== left.id)),
      }));
      void attempt(() => host.call('conversations:delete', { id: left.id }));
    }
    set((st) => ({
      activeId: id,
      view: 'chat',
      renamingId: null,
      focusMessageId: messageId ?? null,
      findOpen: st.activeId === id && st.findOpen,
      ...(id && st.unread[id] ? { unread: without(st.unread, id) } : {}),
    }));
    // Before the messages load, so no event of a turn running there is missed.
    void get().reportShowing(id);
    get().focusComposerSoon();
    void get().loadChat(id);
  },
  clearFocusMessage: () => set({ focusMessageId: null }),
  revealMessage: (messageId) => set({ focusMessageId: messageId }),
  setRenaming: (id) => set({ renamingId: id }),
  async renameConversation(id, title) {
    const r = await attempt(() => host.call('conversations:rename', { id, title }));
    if (r.ok)
      set((s) => ({
        conversationList: edit(s.conversationList, (list) =>
          list.map((c) => (c.id === id ? r.value : c)),
        ),
        renamingId: null,
      }));
    return r;
  },
  async moveConversation(id, project) {
    const r = await attempt(() => host.call('conversations:move', { id, project }));
    if (r.ok)
      set((s) => ({
        conversationList: edit(s.conversationList, (list) =>
          list.map((c) => (c.id === id ? r.value : c)),
        ),
      }));
    return r;
  },
  async pinConversation(id, pinned) {
    const r = await attempt(() => host.call('conversations:set-pinned', { id, pinned }));
    if (r.ok) set((s) => ({ conversationList: replace(s.conversationList, r.value) }));
    else
      get().pushToast({
        message: `Could not ${pinned ? 'pin' : 'unpin'} the conversation: ${r.error.message}`,
        tone: 'error',
      });
    return r;
  },
  async archiveConversation(id, archived) {
    const r = await attempt(() => host.call('conversations:set-archived', { id, archived }));
    if (!r.ok) {
      get().pushToast({
        message: `Could not ${archived ? 'archive' : 'unarchive'} the conversation: ${r.error.message}`,
        tone: 'error',
      });
      return r;
    }
    set((s) => ({ conversationList: replace(s.conversationList, r.value) }));
    get().pushToast(
      archived
        ? {
            message: `Archived “${r.value.title}”`,
            actionLabel: 'Undo',
            action: () => void get().archiveConversation(id, false),
          }
        : { message: `“${r.value.title}” is back in the list` },
      UNDO_MS,
    );
    return r;
  },
  async importConversation(content) {
    const r = await attempt(() => host.call('conversations:import', { content }));
    if (r.ok) {
      set((s) => ({ conversationList: upsert(s.conversationList, r.value), showArchived: false }));
      get().openConversation(r.value.id);
      get().pushToast({ message: `Imported “${r.value.title}”` });
    } else
      get().pushToast({
        message: `Could not import the conversation: ${r.error.message}`,
        tone: 'error',
      });
    return r;
  },
  async importConversationFile(file) {
    if (file.size > IMPORT_MAX_BYTES) {
      get().pushToast({
        message: `Could not import “${file.name}”: it is ${Math.ceil(file.size / 1024 / 1024)} MB, more than the ${IMPORT_MAX_BYTES / 1024 / 1024} MB an import reads.`,
        tone: 'error',
      });
      return null;
    }
    return get().importConversation(await file.text());
  },
  setShowArchived: (show) => set({ showArchived: show }),
  setFindOpen: (open) => set({ findOpen: open }),
  async deleteConversation(id) {
    const r = await attempt(() => host.call('conversations:delete', { id }));
    if (!r.ok) {
      get().pushToast({
        message: `Could not delete the conversation: ${r.error.message}`,
        tone: 'error',
      });
      return r;
    }
    const removed = get().conversationList.value?.find((c) => c.id === id);
    set((s) => ({
      conversationList: edit(s.conversationList, (list) => list.filter((c) => c.id !== id)),
      ...(s.activeId === id ? { activeId: null } : {}),
    }));
    if (get().activeId === null) void get().loadChat(null);
    get().pushToast(
      {
        message: `Deleted “${removed?.title ?? 'conversation'}”`,
        actionLabel: 'Undo',
        action: () => {
          void attempt(() => host.call('conversations:restore', { id })).then((back) => {
            if (back.ok) set((s) => ({ conversationList: upsert(s.conversationList, back.value) }));
            else
              get().pushToast({
                message: `Could not restore the conversation: ${back.error.message}`,
                tone: 'error',
              });
          });
        },
      },
      UNDO_MS,
    );
    return r;
  },
  async duplicateConversation(id) {
    const r = await attempt(() => host.call('conversations:duplicate', { id }));
    if (r.ok) {
      set((s) => ({ conversationList: upsert(s.conversationList, r.value) }));
      get().openConversation(r.value.id);
    } else
      get().pushToast({
        message: `Could not duplicate the conversation: ${r.error.message}`,
        tone: 'error',
      });
    return r;
  },
  async exportConversation(id, format) {
    const r = await attempt(() => host.call('conversations:export', { id, format }));
    if (!r.ok)
      get().pushToast({
        message: `Could not export the conversation: ${r.error.message}`,
        tone: 'error',
      });
    return r;
  },
  async continueWithSummary(id) {
    const r = await attempt(() => host.call('conversations:continue-with-summary', { id }));
    if (r.ok) {
      set((s) => ({ conversationList: upsert(s.conversationList, r.value) }));
      get().openConversation(r.value.id);
    } else
      get().pushToast({
        message: `Could not start a new conversation with a summary: ${r.error.message}`,
        tone: 'error',
      });
    return r;
  },
  setSearchOpen: (open) =>
    set(
      open ? { searchOpen: true } : { searchOpen: false, searchQuery: '', searchResults: idle() },
    ),
  async searchConversations(query) {
    set({ searchQuery: query });
    if (query.trim() === '') {
      set({ searchResults: idle() });
      return;
    }
    const r = await attempt(() => host.call('conversations:search', { query }));
    if (get().searchQuery !== query) return;
    set((s) => ({ searchResults: r.ok ? ready(r.value) : failed(s.searchResults, r.error, []) }));
  },
  subscribeConversations() {
    return host.subscribe('chat:progressed', (event) => {
      if (event.type === 'conversation-updated')
        set((s) => ({ conversationList: upsert(s.conversationList, event.conversation) }));
      else if (event.type === 'conversation-removed') {
        // Deleted in another window: it leaves this list, and this window's chat if shown here.
        const id = event.conversationId;
        const shown = get().activeId === id;
        set((s) => ({
          conversationList: edit(s.conversationList, (list) => list.filter((c) => c.id !== id)),
          ...(shown ? { activeId: null } : {}),
        }));
        if (shown) void get().loadChat(null);
      } else if (event.type === 'turn-started')
        set((s) => ({ running: { ...s.running, [event.conversationId]: true } }));
      else if (event.type === 'turn-ended')
        // An answer that ended while another conversation was shown waits, marked, until opened.
        set((s) => ({
          running: without(s.running, event.conversationId),
          ...(s.activeId !== event.conversationId
            ? { unread: { ...s.unread, [event.conversationId]: true } }
            : {}),
        }));
    });
  },
});
