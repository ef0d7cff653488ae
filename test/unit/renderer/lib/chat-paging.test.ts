// Older pages of a long conversation go in front of what is loaded, without duplicates.
import { expect, it } from 'vitest';
import type { ChatMessage, Conversation, ToolCallView } from '../../../../shared/chat-types';
import { openChatFrom, prependPage } from '../../../../renderer/lib/chat-reducer';

const message = (seq: number): ChatMessage => ({
  id: `m${seq}`,
  conversationId: 'c',
  role: seq % 2 ? 'assistant' : 'user',
  content: [{ type: 'text', text: `message ${seq}` }],
  status: 'complete',
  createdAt: seq,
  seq,
  stopReason: null,
  usage: null,
  error: null,
});
const call = (id: string, messageId: string) => ({ id, messageId, conversationId: 'c', status: 'done' }) as ToolCallView;

it('opens with the newest page and prepends older pages, keeping tool calls', () => {
  const conversation = { id: 'c', messages: [message(3), message(4)], toolCalls: [call('t4', 'm4')], hasOlder: true } as unknown as Conversation;
  const chat = openChatFrom(conversation);
  expect(chat.hasOlder).toBe(true);
  const next = prependPage(chat, { messages: [message(1), message(2), message(3)], toolCalls: [call('t1', 'm1')], hasOlder: false });
  expect(next.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  expect(Object.keys(next.toolCalls).sort()).toEqual(['t1', 't4']);
  expect(next.hasOlder).toBe(false);
  expect(chat.messages.map((m) => m.seq)).toEqual([3, 4]);
});
