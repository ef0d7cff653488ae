// Pure selectors over the open conversation and the composer. Those taking an argument return a
// selector (`chatSelectors.message(i)`); a component builds it once per render, which is cheap.
import type { Attachment } from '../../../shared/chat-types';
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
  message: (index: number) => (s: LenaState) => s.openChat.value?.messages[index],
  lastMessage: (s: LenaState) => s.openChat.value?.messages.at(-1),
  conversationId: (s: LenaState) => s.openChat.value?.conversationId ?? null,
  toolCall: (id: string) => (s: LenaState) => s.openChat.value?.toolCalls[id],
  toolCalls: (s: LenaState) => s.openChat.value?.toolCalls,
  /** The error that ended the last turn, once no turn runs. */
  turnError: (s: LenaState) => (s.openChat.value?.turnId ? null : (s.openChat.value?.error ?? null)),
  lastRequestTools: (s: LenaState) => s.openChat.value?.lastRequestTools,
  sendError: (s: LenaState) => s.sendError,
  draft: (s: LenaState) => s.drafts[draftKey(s)] ?? '',
  attachments: (s: LenaState) => s.attachments[draftKey(s)] ?? NO_ATTACHMENTS,
  systemCards: (s: LenaState) => s.systemCards[draftKey(s)] ?? NO_CARDS,
  editingId: (s: LenaState) => s.editingId,
  budget: (s: LenaState) => s.tokenBudget.value,
  models: (s: LenaState) => s.modelList.value,
  /** Something to show in the pane: a message or a card of the window's own. */
  hasContent: (s: LenaState) => (s.openChat.value?.messages.length ?? 0) > 0 || (s.systemCards[draftKey(s)]?.length ?? 0) > 0,
};
