// The conversations slice against a fake host: list, create, rename, delete with undo, search.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '../../../../../shared/chat/conversations';
import { conversationsSelectors } from '../../../../../renderer/store/conversations/selectors';
import { storeWithFakeHost } from '../fake-host';

const summary = (id: string, title = 'Notes', messageCount = 1): ConversationSummary => ({
  id,
  title,
  createdAt: 1,
  updatedAt: 1,
  model: null,
  messageCount,
});

describe('conversations slice', () => {
  it('starts with an empty list and nothing open', () => {
    const { store } = storeWithFakeHost();
    expect(conversationsSelectors.conversations(store.getState())).toEqual([]);
    expect(conversationsSelectors.activeId(store.getState())).toBeNull();
  });

  it('loads the list, or keeps why it could not', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('conversations:list', () => [summary('a'), summary('b')]);
    await store.getState().loadConversations();
    expect(conversationsSelectors.conversations(store.getState()).map((c) => c.id)).toEqual([
      'a',
      'b',
    ]);
    host.fail('conversations:list', {
      code: 'unavailable',
      message: 'The conversation database could not be opened.',
      action: 'restart-lena',
    });
    await store.getState().loadConversations();
    expect(store.getState().conversationList.status).toBe('error');
    expect(store.getState().conversationList.error?.action).toBe('restart-lena');
    expect(store.getState().conversationList.error?.code).toBe('unavailable');
  });

  it('renames in place and follows conversation-updated events', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('conversations:list', () => [summary('a')]);
    await store.getState().loadConversations();
    host.on('conversations:rename', ({ id, title }) => summary(id, title));
    await store.getState().renameConversation('a', 'Plans');
    expect(conversationsSelectors.byId('a')(store.getState())?.title).toBe('Plans');
    store.getState().subscribeConversations();
    host.emit('chat:progressed', {
      type: 'conversation-updated',
      conversation: summary('b', 'New one'),
    });
    expect(conversationsSelectors.conversations(store.getState()).map((c) => c.id)).toEqual([
      'b',
      'a',
    ]);
  });

  it('drops a "New conversation" left empty when another one is opened', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('conversations:list', () => [summary('blank', 'New conversation', 0), summary('a')]);
    host.on('conversations:delete', () => undefined);
    store.setState({ activeId: 'blank' });
    await store.getState().loadConversations();
    expect(host.calls.some((c) => c.channel === 'conversations:delete')).toBe(false);
    store.getState().openConversation('a');
    expect(conversationsSelectors.conversations(store.getState()).map((c) => c.id)).toEqual(['a']);
    expect(host.calls.some((c) => c.channel === 'conversations:delete')).toBe(true);
  });

  it('does not keep a "New conversation" left empty in an earlier session, unless it has a draft', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('conversations:list', () => [
      summary('blank', 'New conversation', 0),
      summary('drafted', 'New conversation', 0),
      summary('a'),
    ]);
    host.on('conversations:delete', () => undefined);
    store.setState({ drafts: { drafted: 'half a thought' } });
    await store.getState().loadConversations();
    expect(conversationsSelectors.conversations(store.getState()).map((c) => c.id)).toEqual([
      'drafted',
      'a',
    ]);
    expect(
      host.calls.filter((c) => c.channel === 'conversations:delete').map((c) => c.args),
    ).toEqual([{ id: 'blank' }]);
  });

  it('search keeps only the answer to the latest query and shows a failed one', async () => {
    const { host, store } = storeWithFakeHost();
    host.fail('conversations:search', {
      code: 'invalid-arguments',
      message: 'The query is not valid full-text syntax.',
    });
    await store.getState().searchConversations('"unclosed');
    expect(conversationsSelectors.searchError(store.getState())?.message).toBe(
      'The query is not valid full-text syntax.',
    );
    expect(conversationsSelectors.searchHits(store.getState())).toEqual([]);
    store.getState().setSearchOpen(false);
    expect(conversationsSelectors.searchError(store.getState())).toBeNull();
  });

  describe('delete with undo', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('removes the conversation, offers Undo, and Undo restores it', async () => {
      const { host, store } = storeWithFakeHost();
      host.on('conversations:list', () => [summary('a', 'Plans')]);
      host.on('conversations:delete', () => undefined);
      host.on('conversations:restore', ({ id }) => summary(id, 'Plans'));
      await store.getState().loadConversations();
      await store.getState().deleteConversation('a');
      expect(conversationsSelectors.conversations(store.getState())).toEqual([]);
      const toast = store.getState().toasts[0];
      expect(toast.message).toBe('Deleted “Plans”');
      toast.action?.();
      await vi.waitFor(() =>
        expect(conversationsSelectors.conversations(store.getState()).map((c) => c.id)).toEqual([
          'a',
        ]),
      );
    });
  });
});
