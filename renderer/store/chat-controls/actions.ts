// What the composer controls per conversation (issue 16): the tool switches kept with the
// conversation and its kept branches. Actions only; what they change lives in the chat slice.
import type { ToolSwitchChange } from '../../../shared/conversation-tools';
import { openChatFrom } from '../../lib/chat-reducer';
import { NO_CONVERSATION, PAGE_SIZE } from '../chat/initial-state';
import { ready } from '../loadable';
import { ERROR_CODE } from '../../../shared/result';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';

export interface ChatControlsActions {
  /** The open conversation's id, creating it first from the blank chat (a switch needs somewhere to live). */
  ensureConversation(): Promise<Outcome<string>>;
  /** Flips a server's or a tool's switch for the open conversation; its token count follows. */
  setChatTool(change: ToolSwitchChange): Promise<Outcome<void>>;
  /** Switches a skill on or off in the open conversation (made if there is none yet). */
  setChatSkill(skill: string, on: boolean): Promise<Outcome<void>>;
  /** Makes the kept branch starting at `messageId` the current one and shows it. */
  switchBranch(messageId: string): Promise<Outcome<void>>;
  /** Reads the open conversation's branch points again (after Edit or Regenerate made one). */
  refreshBranches(): Promise<void>;
}

export const createChatControlsActions: ActionsCreator<ChatControlsActions> = (set, get, host) => ({
  async ensureConversation() {
    const id = get().activeId;
    if (id) return { ok: true, value: id };
    // The control the user is on (a switch in the tools menu, the model picker) keeps focus: the
    // new conversation's request to focus the composer is marked handled before it is made.
    set((s) => ({ composerFocusHandled: s.composerFocus + 1 }));
    const created = await get().newConversation();
    if (!created.ok) return created;
    // What was typed or attached in the blank chat moves with it, as when sending creates it.
    const to = created.value.id;
    set((s) => ({
      drafts: { ...s.drafts, [to]: s.drafts[NO_CONVERSATION] ?? '', [NO_CONVERSATION]: '' },
      attachments: {
        ...s.attachments,
        [to]: s.attachments[NO_CONVERSATION] ?? [],
        [NO_CONVERSATION]: [],
      },
    }));
    return { ok: true, value: to };
  },
  async setChatTool(change) {
    const id = await get().ensureConversation();
    if (!id.ok) return id;
    // The conversation-updated event that follows carries the new switches to the list.
    const r = await attempt(() =>
      host.call('chat:set-tools', { conversationId: id.value, ...change }),
    );
    if (r.ok) void get().loadBudget();
    else get().addSystemCard({ kind: 'notice', text: r.error.message, tone: 'error' });
    return r;
  },
  async setChatSkill(skill, on) {
    const id = await get().ensureConversation();
    if (!id.ok) return id;
    const r = await attempt(() =>
      host.call('chat:set-skill', { conversationId: id.value, skill, on }),
    );
    if (r.ok) void get().loadBudget();
    else get().addSystemCard({ kind: 'notice', text: r.error.message, tone: 'error' });
    return r;
  },
  async switchBranch(messageId) {
    const chat = get().openChat.value;
    if (!chat)
      return {
        ok: false,
        error: { code: ERROR_CODE.notFound, message: 'Open a conversation first.' },
      };
    const id = chat.conversationId;
    const r = await attempt(async () => {
      await host.call('chat:switch-branch', { conversationId: id, messageId });
      return host.call('conversations:get', { id, limit: PAGE_SIZE });
    });
    if (!r.ok) {
      get().addSystemCard({ kind: 'notice', text: r.error.message, tone: 'error' });
      return r;
    }
    if (get().openChat.value?.conversationId === id)
      set({ openChat: ready(openChatFrom(r.value)) });
    return { ok: true, value: undefined };
  },
  async refreshBranches() {
    const chat = get().openChat.value;
    if (!chat) return;
    const r = await attempt(() =>
      host.call('conversations:get', { id: chat.conversationId, limit: 1 }),
    );
    const now = get().openChat.value;
    if (r.ok && now?.conversationId === chat.conversationId)
      set({ openChat: ready({ ...now, branches: r.value.branches ?? {} }) });
  },
});
