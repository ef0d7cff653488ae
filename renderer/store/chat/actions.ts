// The turn's actions (send, stop, regenerate, edit), the composer's drafts and attachments, and
// `chat:progressed` applied to the open conversation.
import type { ChatEvent } from '../../../shared/chat/events';
import type { Attachment } from '../../../shared/chat/messages';
import { saveDraftsSoon } from '../../lib/draft-storage';
import {
  applyChatEvent,
  dropFrom,
  openChatFrom,
  prependPage,
  regenerateFrom,
  type OpenChat,
} from '../../lib/chat-reducer';
import { failed, ready, reloading, withValue } from '../loadable';
import { ERROR_CODE } from '../../../shared/result';
import { attempt, toUiError, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';
import { NO_CONVERSATION, PAGE_SIZE, type SystemCard, type SystemCardInput } from './initial-state';

export interface ChatActions {
  loadChat(id: string | null): Promise<void>;
  /** Fetches the page before the first loaded message; resolves to how many messages were added. */
  loadOlder(): Promise<number>;
  setDraft(text: string): void;
  addAttachments(list: Attachment[]): void;
  removeAttachment(index: number): void;
  setEditing(messageId: string | null): void;
  addSystemCard(card: SystemCardInput): void;
  clearSendError(): void;
  send(text: string): Promise<Outcome<unknown>>;
  stop(): Promise<void>;
  regenerate(): Promise<void>;
  edit(messageId: string, text: string): Promise<Outcome<unknown>>;
  cancelTool(toolUseId: string): Promise<Outcome<void>>;
  /** Issue 19: sends a task's late result to the model as a new turn. */
  continueWithTaskResult(
    conversationId: string,
    toolUseId: string,
  ): Promise<Outcome<{ turnId: string }>>;
  loadModels(): Promise<void>;
  /** The model the open conversation talks to from now on. */
  setConversationModel(model: string): Promise<void>;
  /** Too big for the model: stop sending older tool results, then ask again. */
  dropOldToolResults(): Promise<void>;
  loadBudget(): Promise<void>;
  subscribeChat(): () => void;
}

// Long: the slice's actions, each short, in one object over the counter and buffer they share.
export const createChatActions: ActionsCreator<ChatActions> = (set, get, host) => {
  // Per store, not per module: each store (the window's, each test's) has its own buffer and counters.
  let cardSeq = 0;
  let pending: ChatEvent[] = [];
  let flushScheduled = false;
  let loadingOlder = false;
  // Budgets are computed with count_tokens per server and can answer out of order: only the last asked is kept.
  let budgetSeq = 0;

  const key = () => get().activeId ?? NO_CONVERSATION;
  const setChat = (chat: OpenChat) => set((s) => ({ openChat: withValue(s.openChat, chat) }));

  // Text deltas arrive up to hundreds per second: apply them once per frame, in order.
  const flush = () => {
    flushScheduled = false;
    const events = pending;
    pending = [];
    const chat = get().openChat.value;
    if (!chat || events.length === 0) return;
    let next = chat;
    for (const e of events) next = applyChatEvent(next, e);
    if (next !== chat) setChat(next);
  };
  const schedule = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible')
      requestAnimationFrame(flush);
    else setTimeout(flush, 16);
  };
  const turnCall = async (fn: () => Promise<unknown>): Promise<Outcome<unknown>> => {
    set({ sendError: null });
    const r = await attempt(fn);
    if (!r.ok) set({ sendError: r.error });
    return r;
  };

  return {
    async loadChat(id) {
      pending = [];
      set({ editingId: null, sendError: null });
      if (id === null) {
        set({ openChat: { status: 'ready', value: null, error: null } });
        return;
      }
      // The conversation shown so far stays until the chosen one arrives.
      set((s) => ({ openChat: { ...reloading(s.openChat), error: null } }));
      try {
        const conversation = await host.call('conversations:get', { id, limit: PAGE_SIZE });
        // A User Timing mark, so benchmarks can tell the window's own time from the core call's.
        performance.mark('lena:conversation-fetched');
        if (get().activeId === id) set({ openChat: ready(openChatFrom(conversation)) });
        // What its tool views gave the model, for their cards (MCP Apps).
        void get().loadModelContexts(id);
      } catch (err) {
        if (get().activeId === id)
          set((s) => ({ openChat: failed(s.openChat, toUiError(err), null) }));
      }
    },
    async loadOlder() {
      const chat = get().openChat.value;
      if (!chat || !chat.hasOlder || loadingOlder || chat.messages.length === 0) return 0;
      loadingOlder = true;
      try {
        const page = await host.call('conversations:messages', {
          id: chat.conversationId,
          beforeSeq: chat.messages[0].seq,
          limit: PAGE_SIZE,
        });
        const now = get().openChat.value;
        if (!now || now.conversationId !== chat.conversationId) return 0;
        const next = prependPage(now, page);
        setChat(next);
        return next.messages.length - now.messages.length;
      } catch (err) {
        // The loaded pages stay in view; the error shows beside them.
        set((s) => ({ openChat: { ...s.openChat, error: toUiError(err) } }));
        return 0;
      } finally {
        loadingOlder = false;
      }
    },
    setDraft: (text) => {
      set((s) => ({ drafts: { ...s.drafts, [key()]: text } }));
      saveDraftsSoon(get().drafts);
    },
    addAttachments: (list) =>
      set((s) => ({
        attachments: {
          ...s.attachments,
          [key()]: [...(s.attachments[key()] ?? []), ...list].slice(0, 20),
        },
      })),
    removeAttachment: (index) =>
      set((s) => ({
        attachments: {
          ...s.attachments,
          [key()]: (s.attachments[key()] ?? []).filter((_, i) => i !== index),
        },
      })),
    setEditing: (messageId) => set({ editingId: messageId }),
    addSystemCard(card) {
      const full = { ...card, id: `local-${++cardSeq}`, time: Date.now() } as SystemCard;
      set((s) => ({
        systemCards: { ...s.systemCards, [key()]: [...(s.systemCards[key()] ?? []), full] },
      }));
    },
    clearSendError: () => set({ sendError: null }),
    async send(text) {
      let id = get().activeId;
      if (id === null) {
        const created = await get().newConversation();
        if (!created.ok) {
          set({ sendError: created.error });
          return created;
        }
        id = created.value.id;
        // Carry what was typed into the blank conversation over to the new one.
        set((s) => ({
          attachments: {
            ...s.attachments,
            [id as string]: s.attachments[NO_CONVERSATION] ?? [],
            [NO_CONVERSATION]: [],
          },
        }));
      }
      const conversationId = id;
      const attachments = get().attachments[conversationId] ?? [];
      const r = await turnCall(() =>
        host.call('chat:send', {
          conversationId,
          text,
          ...(attachments.length ? { attachments } : {}),
        }),
      );
      if (r.ok) {
        set((s) => ({
          drafts: { ...s.drafts, [conversationId]: '', [NO_CONVERSATION]: '' },
          attachments: { ...s.attachments, [conversationId]: [] },
        }));
        saveDraftsSoon(get().drafts);
      }
      return r;
    },
    async stop() {
      const id = get().activeId;
      if (!id || !get().openChat.value?.turnId) return;
      await turnCall(() => host.call('chat:stop', { conversationId: id }));
      // A turn only inferred on reopening may already be over: never leave the composer stuck on Stop.
      const chat = get().openChat.value;
      if (chat?.turnId === 'in-progress') setChat({ ...chat, turnId: null });
    },
    async regenerate() {
      const id = get().activeId;
      const chat = get().openChat.value;
      if (!id || !chat) return;
      // Core supersedes before it answers (its events follow at once), so drop them from view first.
      const from = regenerateFrom(chat.messages);
      if (from !== null) setChat(dropFrom(chat, from));
      const r = await turnCall(() => host.call('chat:regenerate', { conversationId: id }));
      if (!r.ok) void get().loadChat(id);
    },
    async edit(messageId, text) {
      const id = get().activeId;
      const chat = get().openChat.value;
      if (!id || !chat)
        return {
          ok: false,
          error: { code: ERROR_CODE.notFound, message: 'Open a conversation first.' },
        };
      const original = chat.messages.find((m) => m.id === messageId);
      if (original) setChat(dropFrom(chat, original.seq));
      const r = await turnCall(() =>
        host.call('chat:edit', { conversationId: id, messageId, text }),
      );
      if (r.ok) set({ editingId: null });
      else void get().loadChat(id);
      return r;
    },
    cancelTool: (toolUseId) => attempt(() => host.call('chat:cancel-tool', { toolUseId })),
    continueWithTaskResult: (conversationId, toolUseId) =>
      attempt(() => host.call('chat:continue-task', { conversationId, toolUseId })),
    async loadModels() {
      set((s) => ({ modelList: reloading(s.modelList) }));
      const r = await attempt(() => host.call('chat:models'));
      set((s) => ({ modelList: r.ok ? ready(r.value) : failed(s.modelList, r.error) }));
    },
    async setConversationModel(model) {
      const id = get().activeId;
      if (!id) return;
      const r = await attempt(() => host.call('chat:set-model', { conversationId: id, model }));
      if (!r.ok) get().addSystemCard({ kind: 'notice', text: r.error.message, tone: 'error' });
    },
    async dropOldToolResults() {
      const id = get().activeId;
      if (!id) return;
      const r = await attempt(() =>
        host.call('chat:drop-old-tool-results', { conversationId: id }),
      );
      if (!r.ok)
        return get().addSystemCard({ kind: 'notice', text: r.error.message, tone: 'error' });
      get().addSystemCard({
        kind: 'notice',
        tone: 'info',
        text:
          r.value.dropped > 0
            ? `${r.value.dropped} older tool result(s) are no longer sent to Claude (about ${Math.ceil(r.value.bytes / 1024)} KB less per request). They stay visible here.`
            : 'There are no older tool results to leave out.',
      });
      if (r.value.dropped > 0) await get().regenerate();
    },
    async loadBudget() {
      // The open conversation's own tool switches count (issue 16).
      const conversationId = get().activeId;
      const seq = ++budgetSeq;
      const r = await attempt(() =>
        host.call('chat:budget', conversationId ? { conversationId } : {}),
      );
      if (seq !== budgetSeq) return;
      set((s) => ({ tokenBudget: r.ok ? ready(r.value) : failed(s.tokenBudget, r.error) }));
    },
    subscribeChat() {
      return host.subscribe('chat:progressed', (event) => {
        if (event.type === 'conversation-updated') return;
        if (event.type === 'notice') {
          if (event.conversationId === get().activeId)
            get().addSystemCard({ kind: 'notice', text: event.message, tone: 'info' });
          return;
        }
        if (event.type === 'text-delta') {
          pending.push(event);
          schedule();
          return;
        }
        if (pending.length > 0) flush();
        const chat = get().openChat.value;
        if (chat) {
          const next = applyChatEvent(chat, event);
          if (next !== chat) setChat(next);
        }
        if (event.type === 'turn-ended') {
          void get().loadBudget();
          // An Edit or Regenerate made a branch point: its switcher appears (issue 16).
          if (event.conversationId === get().activeId) void get().refreshBranches();
        }
      });
    },
  };
};
