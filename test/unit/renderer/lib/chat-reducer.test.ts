import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/chat/messages';
import type { ToolCallView } from '../../../../shared/chat/tool-calls';
import {
  applyChatEvent,
  lastUserMessage,
  messageText,
  openChatFrom,
  prependPage,
  type OpenChat,
} from '../../../../renderer/lib/chat-reducer';

const msg = (id: string, role: 'user' | 'assistant', text: string, seq: number): ChatMessage => ({
  id,
  conversationId: 'c1',
  role,
  content: [{ type: 'text', text }],
  status: 'complete',
  createdAt: seq,
  seq,
  stopReason: null,
  usage: null,
  error: null,
});

const base = (): OpenChat =>
  openChatFrom({
    id: 'c1',
    title: 't',
    createdAt: 0,
    updatedAt: 0,
    model: null,
    messageCount: 2,
    messages: [msg('u1', 'user', 'hi', 1), msg('a1', 'assistant', '', 2)],
    toolCalls: [],
  });

describe('applying streamed chat events', () => {
  it('appends text deltas to the streaming message without touching the others', () => {
    const chat = base();
    const a = applyChatEvent(chat, {
      type: 'text-delta',
      conversationId: 'c1',
      messageId: 'a1',
      index: 0,
      text: 'Hel',
    });
    const b = applyChatEvent(a, {
      type: 'text-delta',
      conversationId: 'c1',
      messageId: 'a1',
      index: 0,
      text: 'lo',
    });
    expect(messageText(b.messages[1])).toBe('Hello');
    expect(b.messages[1].status).toBe('streaming');
    expect(b.messages[0]).toBe(chat.messages[0]);
    expect(messageText(chat.messages[1])).toBe('');
  });
  it('drops a message saved as superseded (a partial answer the retry replaced) from view', () => {
    const chat = applyChatEvent(base(), {
      type: 'message-saved',
      conversationId: 'c1',
      message: { ...msg('a1', 'assistant', 'half', 2), status: 'superseded' },
    });
    expect(chat.messages.map((m) => m.id)).toEqual(['u1']);
  });
  it('opens a new text block at a new index', () => {
    const chat = applyChatEvent(base(), {
      type: 'text-delta',
      conversationId: 'c1',
      messageId: 'a1',
      index: 2,
      text: 'later',
    });
    expect(chat.messages[1].content).toHaveLength(3);
    expect(chat.messages[1].content[2]).toEqual({ type: 'text', text: 'later' });
  });
  it('streams thinking into a thinking block at its index (shown collapsed while it grows)', () => {
    const a = applyChatEvent(base(), {
      type: 'thinking-delta',
      conversationId: 'c1',
      messageId: 'a1',
      index: 0,
      thinking: 'Let me ',
    });
    const b = applyChatEvent(a, {
      type: 'thinking-delta',
      conversationId: 'c1',
      messageId: 'a1',
      index: 0,
      thinking: 'think.',
    });
    expect(b.messages[1].content[0]).toEqual({ type: 'thinking', thinking: 'Let me think.' });
    expect(b.messages[1].status).toBe('streaming');
  });
  it('ignores events of other conversations', () => {
    const chat = base();
    expect(
      applyChatEvent(chat, {
        type: 'text-delta',
        conversationId: 'other',
        messageId: 'a1',
        index: 0,
        text: 'x',
      }),
    ).toBe(chat);
  });
  it('replaces a saved message and inserts a new one in seq order', () => {
    let chat = applyChatEvent(base(), {
      type: 'message-saved',
      conversationId: 'c1',
      message: msg('a1', 'assistant', 'final', 2),
    });
    chat = applyChatEvent(chat, {
      type: 'message-saved',
      conversationId: 'c1',
      message: msg('u0', 'user', 'early', 0),
    });
    expect(chat.messages.map((m) => m.id)).toEqual(['u0', 'u1', 'a1']);
    expect(messageText(chat.messages[2])).toBe('final');
  });
  it('replaces a tool call with each update', () => {
    const call = { id: 't1', status: 'running' } as ToolCallView;
    let chat = applyChatEvent(base(), { type: 'tool-call-updated', conversationId: 'c1', call });
    chat = applyChatEvent(chat, {
      type: 'tool-call-updated',
      conversationId: 'c1',
      call: { ...call, status: 'done' },
    });
    expect(chat.toolCalls.t1.status).toBe('done');
  });
  it('a turn only inferred on reopening ends when its last running call does (a task followed after a restart)', () => {
    const running = { id: 't1', conversationId: 'c1', status: 'running' } as ToolCallView;
    const opened = openChatFrom({
      id: 'c1',
      title: 't',
      createdAt: 0,
      updatedAt: 0,
      model: null,
      messageCount: 2,
      messages: [msg('u1', 'user', 'hi', 1), msg('a1', 'assistant', 'ok', 2)],
      toolCalls: [running],
    });
    expect(opened.turnId).toBe('in-progress');
    const done = applyChatEvent(opened, {
      type: 'tool-call-updated',
      conversationId: 'c1',
      call: { ...running, status: 'done' },
    });
    expect(done.turnId).toBeNull();
    // A real turn is ended only by turn-ended.
    const real = applyChatEvent(
      applyChatEvent(base(), { type: 'turn-started', conversationId: 'c1', turnId: 'T' }),
      { type: 'tool-call-updated', conversationId: 'c1', call: { ...running, status: 'done' } },
    );
    expect(real.turnId).toBe('T');
  });
  it('tracks the running turn and its error', () => {
    let chat = applyChatEvent(base(), { type: 'turn-started', conversationId: 'c1', turnId: 'T' });
    expect(chat.turnId).toBe('T');
    chat = applyChatEvent(chat, {
      type: 'text-delta',
      conversationId: 'c1',
      messageId: 'a1',
      index: 0,
      text: 'x',
    });
    chat = applyChatEvent(chat, {
      type: 'turn-ended',
      conversationId: 'c1',
      turnId: 'T',
      stopReason: null,
      error: { code: 'rate-limited', message: 'slow down', data: { retryAfterSeconds: 30 } },
      stop: null,
    });
    expect(chat.turnId).toBeNull();
    expect(chat.error?.code).toBe('rate-limited');
    expect(chat.messages[1].status).toBe('complete');
  });
  it('finds the last typed user message', () => {
    const chat = base();
    expect(lastUserMessage(chat.messages)?.id).toBe('u1');
  });
});

describe('superseding on regenerate and edit', () => {
  it('drops the answer after the last prompt, or everything from an edited message', async () => {
    const { dropFrom, regenerateFrom } = await import('../../../../renderer/lib/chat-reducer');
    const chat = base();
    expect(regenerateFrom(chat.messages)).toBe(2);
    expect(dropFrom(chat, 2).messages.map((m) => m.id)).toEqual(['u1']);
    expect(dropFrom(chat, 1).messages).toEqual([]);
    expect(dropFrom(chat, 3)).toBe(chat);
  });
});

describe('reopening a conversation', () => {
  it('keeps Stop available while its turn is still streaming', () => {
    const streaming = { ...msg('a2', 'assistant', 'partial', 3), status: 'streaming' as const };
    const chat = openChatFrom({
      id: 'c1',
      title: 't',
      createdAt: 0,
      updatedAt: 0,
      model: null,
      messageCount: 3,
      messages: [...base().messages, streaming],
      toolCalls: [],
    });
    expect(chat.turnId).not.toBeNull();
    expect(base().turnId).toBeNull();
  });
});

describe('paging a long conversation', () => {
  const call = (id: string, messageId: string) =>
    ({ id, messageId, conversationId: 'c1', status: 'done' }) as ToolCallView;

  it('opens with the newest page and puts older pages in front, keeping tool calls and skipping overlaps', () => {
    const chat = openChatFrom({
      id: 'c1',
      title: 't',
      createdAt: 0,
      updatedAt: 0,
      model: null,
      messageCount: 4,
      messages: [msg('m3', 'user', 'c', 3), msg('m4', 'assistant', 'd', 4)],
      toolCalls: [call('t4', 'm4')],
      hasOlder: true,
    });
    expect(chat.hasOlder).toBe(true);
    const next = prependPage(chat, {
      messages: [
        msg('m1', 'user', 'a', 1),
        msg('m2', 'assistant', 'b', 2),
        msg('m3', 'user', 'c', 3),
      ],
      toolCalls: [call('t1', 'm1')],
      hasOlder: false,
    });
    expect(next.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(Object.keys(next.toolCalls).sort()).toEqual(['t1', 't4']);
    expect(next.hasOlder).toBe(false);
    expect(chat.messages.map((m) => m.seq)).toEqual([3, 4]);
  });
});
