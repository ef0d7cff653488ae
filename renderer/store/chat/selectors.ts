// Pure selectors over the open conversation and the composer. Those taking an argument return a
// selector (`chatSelectors.message(i)`); a component builds it once per render, which is cheap.
import type { Attachment } from '../../../shared/chat/messages';
import { lastUserMessage } from '../../lib/chat-reducer';
import { foundBySearch } from '../../lib/found-by-search';
import type { LenaState } from '../create-store';
import { NO_CONVERSATION, type SystemCard } from './initial-state';

const NO_ATTACHMENTS: Attachment[] = [];
const NO_CARDS: SystemCard[] = [];
const draftKey = (s: LenaState) => s.activeId ?? NO_CONVERSATION;

export const chatSelectors = {
  chat: (s: LenaState) => s.openChat.value,
  chatLoad: (s: LenaState) => s.openChat,
  /** A turn is running (or was inferred on reopening). */
  running: (s: LenaState) => s.openChat.value?.turnId != null,
  messageCount: (s: LenaState) => s.openChat.value?.messages.length ?? 0,
  messages: (s: LenaState) => s.openChat.value?.messages,
  /** Older messages exist that are not loaded yet. */
  hasOlder: (s: LenaState) => s.openChat.value?.hasOlder ?? false,
  message: (index: number) => (s: LenaState) => s.openChat.value?.messages[index],
  /** The message at `index` only carries tool results (a row continues the one before it); a boolean, so streaming elsewhere does not re-render. */
  onlyToolResultsAt: (index: number) => (s: LenaState) => {
    const m = s.openChat.value?.messages[index];
    return (
      m !== undefined &&
      m.role === 'user' &&
      m.content.length > 0 &&
      m.content.every((b) => b.type === 'tool_result')
    );
  },
  lastMessage: (s: LenaState) => s.openChat.value?.messages.at(-1),
  conversationId: (s: LenaState) => s.openChat.value?.conversationId ?? null,
  toolCall: (id: string) => (s: LenaState) => s.openChat.value?.toolCalls[id],
  toolCalls: (s: LenaState) => s.openChat.value?.toolCalls,
  /** Whether the tool call came from Claude's tool search (tools at scale) rather than its first list. */
  foundBySearch: (messageId: string, toolName: string) => (s: LenaState) => {
    const chat = s.openChat.value;
    return chat ? foundBySearch(chat.messages, messageId, toolName, chat.toolCalls) : false;
  },
  /** The last message the user sent (Stop notes and ↑ editing refer to it). */
  lastPromptId: (s: LenaState) => {
    const chat = s.openChat.value;
    return chat ? (lastUserMessage(chat.messages)?.id ?? null) : null;
  },
  /** A search hit to bring into view, once the conversation has loaded. */
  focusWhenLoaded: (s: LenaState) => (s.openChat.status === 'ready' ? s.focusMessageId : null),
  /** The model the open conversation uses: its own, else the default from Settings. */
  conversationModel: (s: LenaState) =>
    s.conversationList.value?.find((c) => c.id === s.activeId)?.model ??
    s.settingsView.value?.model ??
    null,
  /** The error that ended the last turn, once no turn runs. */
  turnError: (s: LenaState) =>
    s.openChat.value?.turnId ? null : (s.openChat.value?.error ?? null),
  /** How the last turn stopped without a finished answer (refusal, max tokens…), once no turn runs. */
  turnStop: (s: LenaState) => (s.openChat.value?.turnId ? null : (s.openChat.value?.stop ?? null)),
  lastRequestTools: (s: LenaState) => s.openChat.value?.lastRequestTools,
  sendError: (s: LenaState) => s.sendError,
  draft: (s: LenaState) => s.drafts[draftKey(s)] ?? '',
  attachments: (s: LenaState) => s.attachments[draftKey(s)] ?? NO_ATTACHMENTS,
  systemCards: (s: LenaState) => s.systemCards[draftKey(s)] ?? NO_CARDS,
  /** Cards shown in the blank chat before a conversation exists (the first-run notes). */
  blankCards: (s: LenaState) => s.systemCards[NO_CONVERSATION] ?? NO_CARDS,
  editingId: (s: LenaState) => s.editingId,
  budget: (s: LenaState) => s.tokenBudget.value,
  models: (s: LenaState) => s.modelList.value,
  /** Something to show in the pane: a message or a card of the window's own. */
  hasContent: (s: LenaState) =>
    (s.openChat.value?.messages.length ?? 0) > 0 || (s.systemCards[draftKey(s)]?.length ?? 0) > 0,
};
