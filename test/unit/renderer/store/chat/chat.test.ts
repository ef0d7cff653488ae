// The chat slice against a fake host: opening a conversation, sending, and the events of a turn.
import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationSummary } from '../../../../../shared/chat/conversations';
import type { ChatMessage } from '../../../../../shared/chat/messages';
import { chatSelectors } from '../../../../../renderer/store/chat/selectors';
import { storeWithFakeHost } from '../fake-host';

const summary = (id: string): ConversationSummary => ({
  id,
  title: 'New conversation',
  createdAt: 1,
  updatedAt: 1,
  model: null,
  messageCount: 0,
});
const message = (id: string, seq: number, text: string): ChatMessage =>
  ({
    id,
    conversationId: 'c1',
    role: 'user',
    content: [{ type: 'text', text }],
    status: 'complete',
    createdAt: seq,
    seq,
    stopReason: null,
    usage: null,
    error: null,
  }) as ChatMessage;
const conversation = (messages: ChatMessage[], hasOlder = false): Conversation => ({
  ...summary('c1'),
  messages,
  toolCalls: [],
  hasOlder,
});

describe('chat slice', () => {
  it('starts with no conversation open, no draft, and nothing running', () => {
    const { store } = storeWithFakeHost();
    const s = store.getState();
    expect(s.openChat.status).toBe('idle');
    expect(chatSelectors.draft(s)).toBe('');
    expect(chatSelectors.running(s)).toBe(false);
    expect(chatSelectors.attachments(s)).toBe(chatSelectors.attachments(s));
  });

  it('opens a conversation from core and pages in older messages', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('conversations:get', () => conversation([message('m2', 2, 'two')], true));
    host.on('conversations:messages', () => ({
      messages: [message('m1', 1, 'one')],
      toolCalls: [],
      hasOlder: false,
    }));
    store.setState({ activeId: 'c1' });
    await store.getState().loadChat('c1');
    expect(chatSelectors.messageCount(store.getState())).toBe(1);
    expect(await store.getState().loadOlder()).toBe(1);
    expect(chatSelectors.messages(store.getState())?.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(host.calls.at(-1)).toEqual({
      channel: 'conversations:messages',
      args: { id: 'c1', beforeSeq: 2, limit: 200 },
    });
  });

  it('a conversation that cannot be read is an error in place of its messages', async () => {
    const { host, store } = storeWithFakeHost();
    host.fail('conversations:get', { code: 'not-found', message: 'No conversation c1.' });
    store.setState({ activeId: 'c1' });
    await store.getState().loadChat('c1');
    expect(store.getState().openChat).toEqual({
      status: 'error',
      value: null,
      error: { code: 'not-found', message: 'No conversation c1.' },
    });
  });

  it('sending into the blank chat creates the conversation, sends the draft and clears it', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('conversations:create', () => summary('c9'));
    host.on('conversations:get', () => ({ ...conversation([]), id: 'c9' }));
    host.on('chat:send', () => ({ turnId: 't1' }) as never);
    store.getState().setDraft('hello');
    expect(chatSelectors.draft(store.getState())).toBe('hello');
    const r = await store.getState().send('hello');
    expect(r.ok).toBe(true);
    expect(host.calls.find((c) => c.channel === 'chat:send')?.args).toEqual({
      conversationId: 'c9',
      text: 'hello',
    });
    expect(chatSelectors.draft(store.getState())).toBe('');
    expect(store.getState().activeId).toBe('c9');
  });

  it('a refused send keeps the draft and shows why', async () => {
    const { host, store } = storeWithFakeHost();
    store.setState({ activeId: 'c1' });
    store.getState().setDraft('hello');
    host.fail('chat:send', { code: 'forbidden', message: 'Add your Anthropic API key first.' });
    const r = await store.getState().send('hello');
    expect(r.ok).toBe(false);
    expect(chatSelectors.sendError(store.getState())?.message).toBe(
      'Add your Anthropic API key first.',
    );
    expect(chatSelectors.draft(store.getState())).toBe('hello');
  });

  it('applies turn events to the open conversation and reloads the budget when the turn ends', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('conversations:get', () => conversation([]));
    host.on('chat:budget', () => ({ used: 10 }) as never);
    store.setState({ activeId: 'c1' });
    await store.getState().loadChat('c1');
    const off = store.getState().subscribeChat();
    host.emit('chat:progressed', { type: 'turn-started', conversationId: 'c1', turnId: 't1' });
    expect(chatSelectors.running(store.getState())).toBe(true);
    host.emit('chat:progressed', {
      type: 'message-saved',
      conversationId: 'c1',
      message: message('m1', 1, 'hi'),
    });
    host.emit('chat:progressed', {
      type: 'turn-ended',
      conversationId: 'c1',
      turnId: 't1',
      stopReason: 'end_turn',
      error: null,
      stop: null,
    });
    expect(chatSelectors.running(store.getState())).toBe(false);
    expect(chatSelectors.messageCount(store.getState())).toBe(1);
    await expect.poll(() => chatSelectors.budget(store.getState())).toEqual({ used: 10 });
    off();
  });

  it('a model list that cannot be fetched is an error, not an endless spinner', async () => {
    const { host, store } = storeWithFakeHost();
    host.fail('chat:models', { code: 'unavailable', message: 'The Models API did not answer.' });
    await store.getState().loadModels();
    expect(store.getState().modelList.status).toBe('error');
    expect(chatSelectors.models(store.getState())).toBeNull();
  });
});
