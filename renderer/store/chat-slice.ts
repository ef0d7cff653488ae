// The open conversation: its messages and tool calls kept current from `chat:event`, the composer's
// drafts and attachments per conversation, and the turn's actions (send, stop, regenerate, edit).
import type { StateCreator } from 'zustand';
import type { Attachment, ChatEvent, ModelOption, TokenBudget } from '../../shared/chat-types';
import { call, subscribe } from '../host';
import { loadDrafts, saveDraftsSoon } from '../lib/draft-storage';
import { applyChatEvent, dropFrom, openChatFrom, prependPage, regenerateFrom, type OpenChat } from '../lib/chat-reducer';
import type { LenaState } from './index';
import { attempt, toUiError, type LoadState, type Outcome, type UiError } from './result';

/** A card the window adds itself (the `/mcp` status, a command's outcome); never sent to Claude. */
export type SystemCard =
  | { id: string; kind: 'mcp-status'; time: number }
  | { id: string; kind: 'notice'; time: number; text: string; tone: 'info' | 'error'; detail?: string };

/** A system card before it gets its id and time. */
export type SystemCardInput = { kind: 'mcp-status' } | { kind: 'notice'; text: string; tone: 'info' | 'error'; detail?: string };

/** Messages fetched at a time: a long conversation opens with its newest page, older ones on scroll. */
export const PAGE_SIZE = 200;

/** Drafts and cards of the blank, not-yet-created conversation live under this key. */
export const NO_CONVERSATION = '';

export interface ChatSlice {
  chat: OpenChat | null;
  chatState: LoadState;
  chatError: UiError | null;
  sendError: UiError | null;
  drafts: Record<string, string>;
  attachments: Record<string, Attachment[]>;
  systemCards: Record<string, SystemCard[]>;
  editingId: string | null;
  budget: TokenBudget | null;
  budgetError: UiError | null;
  loadChat(id: string | null): Promise<void>;
  /** Fetches the page before the first loaded message; resolves to how many messages were added. */
  loadOlder(): Promise<number>;
  setDraft(text: string): void;
  addAttachments(list: Attachment[]): void;
  removeAttachment(index: number): void;
  setEditing(messageId: string | null): void;
  addSystemCard(card: SystemCardInput): void;
  send(text: string): Promise<Outcome<unknown>>;
  stop(): Promise<void>;
  regenerate(): Promise<void>;
  edit(messageId: string, text: string): Promise<Outcome<unknown>>;
  cancelTool(toolUseId: string): Promise<Outcome<void>>;
  /** Issue 19: sends a task's late result to the model as a new turn. */
  continueWithTaskResult(conversationId: string, toolUseId: string): Promise<Outcome<{ turnId: string }>>;
  /** Models for the picker (Models API through core); null until loaded. */
  models: ModelOption[] | null;
  loadModels(): Promise<void>;
  /** The model the open conversation talks to from now on. */
  setConversationModel(model: string): Promise<void>;
  /** Too big for the model: stop sending older tool results, then ask again. */
  dropOldToolResults(): Promise<void>;
  loadBudget(): Promise<void>;
  subscribeChat(): () => void;
}

let cardSeq = 0;
let pending: ChatEvent[] = [];
let flushScheduled = false;
let loadingOlder = false;

export const createChatSlice: StateCreator<LenaState, [], [], ChatSlice> = (set, get) => {
  const key = () => get().activeId ?? NO_CONVERSATION;

  // Text deltas arrive up to hundreds per second: apply them once per frame, in order.
  const flush = () => {
    flushScheduled = false;
    const events = pending;
    pending = [];
    const chat = get().chat;
    if (!chat || events.length === 0) return;
    let next = chat;
    for (const e of events) next = applyChatEvent(next, e);
    if (next !== chat) set({ chat: next });
  };
  const schedule = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(flush);
    else setTimeout(flush, 16);
  };
  const turnCall = async (fn: () => Promise<unknown>): Promise<Outcome<unknown>> => {
    set({ sendError: null });
    const r = await attempt(fn);
    if (!r.ok) set({ sendError: r.error });
    return r;
  };

  return {
    chat: null,
    chatState: 'idle',
    chatError: null,
    sendError: null,
    drafts: loadDrafts(),
    attachments: {},
    systemCards: {},
    editingId: null,
    budget: null,
    budgetError: null,
    async loadChat(id) {
      pending = [];
      set({ editingId: null, sendError: null });
      if (id === null) {
        set({ chat: null, chatState: 'ready', chatError: null });
        return;
      }
      set({ chatState: 'loading', chatError: null });
      try {
        const conversation = await call('conversations:get', { id, limit: PAGE_SIZE });
        // A User Timing mark, so benchmarks can tell the window's own time from the core call's.
        performance.mark('lena:conversation-fetched');
        if (get().activeId === id) set({ chat: openChatFrom(conversation), chatState: 'ready' });
        // What its tool views gave the model, for their cards (MCP Apps).
        void get().loadModelContexts(id);
      } catch (err) {
        if (get().activeId === id) set({ chat: null, chatState: 'error', chatError: toUiError(err) });
      }
    },
    async loadOlder() {
      const chat = get().chat;
      if (!chat || !chat.hasOlder || loadingOlder || chat.messages.length === 0) return 0;
      loadingOlder = true;
      try {
        const page = await call('conversations:messages', { id: chat.conversationId, beforeSeq: chat.messages[0].seq, limit: PAGE_SIZE });
        const now = get().chat;
        if (!now || now.conversationId !== chat.conversationId) return 0;
        const next = prependPage(now, page);
        set({ chat: next });
        return next.messages.length - now.messages.length;
      } catch (err) {
        set({ chatError: toUiError(err) });
        return 0;
      } finally {
        loadingOlder = false;
      }
    },
    setDraft: (text) => {
      set((s) => ({ drafts: { ...s.drafts, [key()]: text } }));
      saveDraftsSoon(get().drafts);
    },
    addAttachments: (list) => set((s) => ({ attachments: { ...s.attachments, [key()]: [...(s.attachments[key()] ?? []), ...list].slice(0, 20) } })),
    removeAttachment: (index) => set((s) => ({ attachments: { ...s.attachments, [key()]: (s.attachments[key()] ?? []).filter((_, i) => i !== index) } })),
    setEditing: (messageId) => set({ editingId: messageId }),
    addSystemCard(card) {
      const full = { ...card, id: `local-${++cardSeq}`, time: Date.now() } as SystemCard;
      set((s) => ({ systemCards: { ...s.systemCards, [key()]: [...(s.systemCards[key()] ?? []), full] } }));
    },
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
        set((s) => ({ attachments: { ...s.attachments, [id as string]: s.attachments[NO_CONVERSATION] ?? [], [NO_CONVERSATION]: [] } }));
      }
      const conversationId = id;
      const attachments = get().attachments[conversationId] ?? [];
      const r = await turnCall(() => call('chat:send', { conversationId, text, ...(attachments.length ? { attachments } : {}) }));
      if (r.ok) {
        set((s) => ({ drafts: { ...s.drafts, [conversationId]: '', [NO_CONVERSATION]: '' }, attachments: { ...s.attachments, [conversationId]: [] } }));
        saveDraftsSoon(get().drafts);
      }
      return r;
    },
    async stop() {
      const id = get().activeId;
      if (!id || !get().chat?.turnId) return;
      await turnCall(() => call('chat:stop', { conversationId: id }));
      // A turn only inferred on reopening may already be over: never leave the composer stuck on Stop.
      const chat = get().chat;
      if (chat?.turnId === 'in-progress') set({ chat: { ...chat, turnId: null } });
    },
    async regenerate() {
      const id = get().activeId;
      const chat = get().chat;
      if (!id || !chat) return;
      // Core supersedes before it answers (its events follow at once), so drop them from view first.
      const from = regenerateFrom(chat.messages);
      if (from !== null) set({ chat: dropFrom(chat, from) });
      const r = await turnCall(() => call('chat:regenerate', { conversationId: id }));
      if (!r.ok) void get().loadChat(id);
    },
    async edit(messageId, text) {
      const id = get().activeId;
      const chat = get().chat;
      if (!id || !chat) return { ok: false, error: { code: 'not-found', message: 'Open a conversation first.' } };
      const original = chat.messages.find((m) => m.id === messageId);
      if (original) set({ chat: dropFrom(chat, original.seq) });
      const r = await turnCall(() => call('chat:edit', { conversationId: id, messageId, text }));
      if (r.ok) set({ editingId: null });
      else void get().loadChat(id);
      return r;
    },
    cancelTool: (toolUseId) => attempt(() => call('chat:cancel-tool', { toolUseId })),
    continueWithTaskResult: (conversationId, toolUseId) => attempt(() => call('chat:continue-task', { conversationId, toolUseId })),
    models: null,
    async loadModels() {
      const r = await attempt(() => call('chat:models'));
      if (r.ok) set({ models: r.value });
    },
    async setConversationModel(model) {
      const id = get().activeId;
      if (!id) return;
      const r = await attempt(() => call('chat:set-model', { conversationId: id, model }));
      if (!r.ok) get().addSystemCard({ kind: 'notice', text: r.error.message, tone: 'error' });
    },
    async dropOldToolResults() {
      const id = get().activeId;
      if (!id) return;
      const r = await attempt(() => call('chat:drop-old-tool-results', { conversationId: id }));
      if (!r.ok) return get().addSystemCard({ kind: 'notice', text: r.error.message, tone: 'error' });
      get().addSystemCard({ kind: 'notice', tone: 'info', text: r.value.dropped > 0 ? `${r.value.dropped} older tool result(s) are no longer sent to Claude (about ${Math.ceil(r.value.bytes / 1024)} KB less per request). They stay visible here.` : 'There are no older tool results to leave out.' });
      if (r.value.dropped > 0) await get().regenerate();
    },
    async loadBudget() {
      // The open conversation's own tool switches count (issue 16).
      const conversationId = get().activeId;
      const r = await attempt(() => call('chat:budget', conversationId ? { conversationId } : {}));
      set(r.ok ? { budget: r.value, budgetError: null } : { budgetError: r.error });
    },
    subscribeChat() {
      return subscribe('chat:event', (event) => {
        if (event.type === 'conversation-updated') return;
        if (event.type === 'notice') {
          if (event.conversationId === get().activeId) get().addSystemCard({ kind: 'notice', text: event.message, tone: 'info' });
          return;
        }
        if (event.type === 'text-delta') {
          pending.push(event);
          schedule();
          return;
        }
        if (pending.length > 0) flush();
        const chat = get().chat;
        if (chat) {
          const next = applyChatEvent(chat, event);
          if (next !== chat) set({ chat: next });
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
