// Applies a turn's streamed events to the open conversation. Pure, so it is tested under Node and
// cheap on a long conversation: a text delta touches only the streaming message (found from the
// end) and never re-creates the other messages.
import type { BranchInfo, Conversation, MessagePage } from '../../shared/chat/conversations';
import type { ChatEvent, RequestToolsInfo } from '../../shared/chat/events';
import type { ChatMessage, ContentBlock, Usage } from '../../shared/chat/messages';
import type { TurnStop } from '../../shared/chat/stops';
import type { ErrorInfo } from '../../shared/result';
import type { ToolCallView } from '../../shared/chat/tool-calls';

export interface OpenChat {
  conversationId: string;
  messages: ChatMessage[];
  toolCalls: Record<string, ToolCallView>;
  /** Set while a turn runs. */
  turnId: string | null;
  /** How the last turn failed, or how it stopped without a finished answer (never both). */
  error: ErrorInfo | null;
  stop: TurnStop | null;
  lastUsage: Usage | null;
  /** The tools of the latest request: loaded, deferred, estimated tokens (tools at scale). */
  lastRequestTools?: RequestToolsInfo;
  /** Older messages exist before `messages[0]`: long conversations open with their newest page. */
  hasOlder: boolean;
  /** Messages with kept alternatives (Edit, Regenerate), by id: the `< 2/3 >` switchers. */
  branches?: Record<string, BranchInfo>;
}

export function openChatFrom(conversation: Conversation): OpenChat {
  const toolCalls: Record<string, ToolCallView> = {};
  for (const call of conversation.toolCalls) toolCalls[call.id] = call;
  const last = conversation.messages[conversation.messages.length - 1];
  // Reopening a conversation whose turn is still running (core marks crash leftovers incomplete,
  // so a streaming message is live): keep Stop available until that turn ends.
  const running =
    last?.status === 'streaming' ||
    conversation.toolCalls.some((c) => c.status === 'running' || c.status === 'pending');
  return {
    conversationId: conversation.id,
    messages: conversation.messages,
    toolCalls,
    turnId: running ? 'in-progress' : null,
    error: last?.error ?? null,
    stop: last?.stop ?? null,
    lastUsage: null,
    hasOlder: conversation.hasOlder ?? false,
    ...(conversation.branches ? { branches: conversation.branches } : {}),
  };
}

/** Puts a page of older messages in front (skipping any already there, should pages overlap). */
export function prependPage(chat: OpenChat, page: MessagePage): OpenChat {
  const known = new Set(chat.messages.map((m) => m.id));
  const older = page.messages.filter((m) => !known.has(m.id));
  const toolCalls = { ...chat.toolCalls };
  for (const call of page.toolCalls) toolCalls[call.id] ??= call;
  return { ...chat, messages: [...older, ...chat.messages], toolCalls, hasOlder: page.hasOlder };
}

function indexOfMessage(messages: readonly ChatMessage[], id: string): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].id === id) return i;
  return -1;
}

function withText(message: ChatMessage, index: number, text: string): ChatMessage {
  const content = message.content.slice();
  while (content.length <= index) content.push({ type: 'text', text: '' });
  const block = content[index];
  const prior = block.type === 'text' && typeof block.text === 'string' ? block.text : '';
  content[index] = {
    ...block,
    type: block.type === 'text' ? 'text' : block.type,
    text: prior + text,
  } as ContentBlock;
  return { ...message, content, status: 'streaming' };
}

function withThinking(message: ChatMessage, index: number, thinking: string): ChatMessage {
  const content = message.content.slice();
  while (content.length <= index) content.push({ type: 'text', text: '' });
  const block = content[index];
  const prior =
    block.type === 'thinking' && typeof block.thinking === 'string' ? block.thinking : '';
  content[index] = { type: 'thinking', thinking: prior + thinking };
  return { ...message, content, status: 'streaming' };
}

/** The chat with one message changed (the same chat when that message is not open). */
function patchMessage(
  chat: OpenChat,
  messageId: string,
  change: (m: ChatMessage) => ChatMessage,
): OpenChat {
  const at = indexOfMessage(chat.messages, messageId);
  if (at < 0) return chat;
  const messages = chat.messages.slice();
  messages[at] = change(messages[at]);
  return { ...chat, messages };
}

function placeMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const at = indexOfMessage(messages, message.id);
  if (at >= 0) {
    const next = messages.slice();
    next[at] = message;
    return next;
  }
  // Messages arrive in order almost always; keep `seq` order when one arrives late.
  let insert = messages.length;
  while (insert > 0 && messages[insert - 1].seq > message.seq) insert--;
  const next = messages.slice();
  next.splice(insert, 0, message);
  return next;
}

/** The chat after one event; the same object when the event is for another conversation. */
export function applyChatEvent(chat: OpenChat, event: ChatEvent): OpenChat {
  if (event.type === 'conversation-updated' || event.type === 'conversation-removed') return chat;
  if (event.conversationId !== chat.conversationId) return chat;
  switch (event.type) {
    case 'turn-started':
      return { ...chat, turnId: event.turnId, error: null, stop: null };
    case 'message-saved':
      // Superseded: a partial answer the retry's answer replaced (edits and regenerates drop theirs
      // in dropFrom); it leaves the view.
      if (event.message.status === 'superseded')
        return { ...chat, messages: chat.messages.filter((m) => m.id !== event.message.id) };
      return { ...chat, messages: placeMessage(chat.messages, event.message) };
    case 'text-delta':
      return patchMessage(chat, event.messageId, (m) => withText(m, event.index, event.text));
    case 'thinking-delta':
      return patchMessage(chat, event.messageId, (m) =>
        withThinking(m, event.index, event.thinking),
      );
    case 'tool-input-delta':
    case 'notice':
      return chat;
    case 'request-tools': {
      const { type: _type, conversationId: _id, ...info } = event;
      return { ...chat, lastRequestTools: info };
    }
    case 'tool-call-updated': {
      const toolCalls = { ...chat.toolCalls, [event.call.id]: event.call };
      // A turn only inferred on reopening (a task followed again after a restart runs outside any
      // turn, so no turn-ended comes) is over once nothing runs or streams any more.
      const idle =
        chat.turnId === 'in-progress' &&
        !Object.values(toolCalls).some((c) => c.status === 'running' || c.status === 'pending') &&
        !chat.messages.some((m) => m.status === 'streaming');
      return { ...chat, toolCalls, ...(idle ? { turnId: null } : {}) };
    }
    case 'usage':
      return { ...chat, lastUsage: event.usage };
    case 'turn-ended': {
      const messages = chat.messages.map((m) =>
        m.status === 'streaming' ? { ...m, status: 'complete' as const } : m,
      );
      return {
        ...chat,
        turnId: null,
        error: event.error,
        stop: event.stop,
        messages: messages.some((m, i) => m !== chat.messages[i]) ? messages : chat.messages,
      };
    }
  }
}

/**
 * The chat as core leaves it when a regenerate or an edit supersedes messages (core says so only by
 * starting the new turn): every message from `seq` on is dropped from view.
 */
export function dropFrom(chat: OpenChat, seq: number): OpenChat {
  const messages = chat.messages.filter((m) => m.seq < seq);
  return messages.length === chat.messages.length
    ? chat
    : { ...chat, messages, error: null, stop: null };
}

/** The seq a regenerate supersedes from: just after the last prompt the user typed. */
export function regenerateFrom(messages: readonly ChatMessage[]): number | null {
  const prompt = lastUserMessage(messages);
  return prompt ? prompt.seq + 1 : null;
}

/** Concatenated text blocks of a message (what "copy" and "edit" use). */
export function messageText(message: ChatMessage): string {
  return message.content
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text as string)
    .join('\n\n');
}

/** Whether a message has anything to show (a user turn made only of tool results has not). */
export function isVisibleMessage(message: ChatMessage): boolean {
  return (
    message.content.some((b) => b.type !== 'tool_result') ||
    message.error !== null ||
    (message.stop ?? null) !== null ||
    message.content.length === 0
  );
}

/** The last user message that the user typed (not a tool-result carrier). */
export function lastUserMessage(messages: readonly ChatMessage[]): ChatMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === 'user' && m.content.some((b) => b.type !== 'tool_result')) return m;
  }
  return null;
}

/** The last assistant message with text. */
export function lastAssistantMessage(messages: readonly ChatMessage[]): ChatMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === 'assistant' && messageText(m) !== '') return m;
  }
  return null;
}
