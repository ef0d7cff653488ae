// Issue 48 in the conversations slice: pin and archive keep the list in step with core, an import
// opens the new conversation, and running and unread marks follow the turn events.
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../../shared/chat/conversations';
import { conversationsSelectors as sel } from '../../../../../renderer/store/conversations/selectors';
import { storeWithFakeHost } from '../fake-host';

const summary = (id: string, patch: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  title: `Title ${id}`,
  createdAt: 1,
  updatedAt: 1,
  model: null,
  messageCount: 1,
  ...patch,
});

async function loaded() {
  const fake = storeWithFakeHost();
  fake.host.on('conversations:list', () => [
    summary('a'),
    summary('b'),
    summary('z', { archived: true }),
  ]);
  fake.host.on('conversations:get', ({ id }) => ({ ...summary(id), messages: [], toolCalls: [] }));
  await fake.store.getState().loadConversations();
  return fake;
}

describe('pin, archive and import in the slice', () => {
  it('asks core for the archived ones too and keeps them apart from the list', async () => {
    const { host, store } = await loaded();
    expect(host.calls[0]).toEqual({
      channel: 'conversations:list',
      args: { includeArchived: true },
    });
    expect(sel.conversations(store.getState()).map((c) => c.id)).toEqual(['a', 'b']);
    expect(sel.archivedConversations(store.getState()).map((c) => c.id)).toEqual(['z']);
  });

  it('pins in place and archives with an Undo that brings it back', async () => {
    const { host, store } = await loaded();
    host.on('conversations:set-pinned', ({ id, pinned }) => summary(id, pinned ? { pinned } : {}));
    await store.getState().pinConversation('b', true);
    expect(sel.conversations(store.getState()).map((c) => [c.id, c.pinned ?? false])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    host.on('conversations:set-archived', ({ id, archived }) =>
      summary(id, archived ? { archived } : {}),
    );
    await store.getState().archiveConversation('a', true);
    expect(sel.conversations(store.getState()).map((c) => c.id)).toEqual(['b']);
    const toast = store.getState().toasts.at(-1);
    expect(toast?.message).toBe('Archived “Title a”');
    toast?.action?.();
    await expect
      .poll(() => sel.conversations(store.getState()).map((c) => c.id))
      .toEqual(['a', 'b']);
  });

  it('opens an imported conversation, and says why a file was refused', async () => {
    const { host, store } = await loaded();
    host.on('conversations:import', () => summary('new', { title: 'Imported' }));
    await store.getState().importConversation('{}');
    expect(sel.activeId(store.getState())).toBe('new');
    expect(sel.conversations(store.getState())[0].title).toBe('Imported');
    host.fail('conversations:import', {
      code: 'invalid-arguments',
      message: 'This file cannot be imported: it is not JSON.',
    });
    await store.getState().importConversation('[');
    expect(store.getState().toasts.at(-1)?.message).toBe(
      'Could not import the conversation: This file cannot be imported: it is not JSON.',
    );
  });

  it('refuses a file over the import cap by its size, without reading it', async () => {
    const { host, store } = await loaded();
    let read = false;
    const r = await store.getState().importConversationFile({
      name: 'huge.json',
      size: 33 * 1024 * 1024,
      text: async () => {
        read = true;
        return '';
      },
    });
    expect(r).toBeNull();
    expect(read).toBe(false);
    expect(host.calls.some((c) => c.channel === 'conversations:import')).toBe(false);
    expect(store.getState().toasts.at(-1)?.message).toBe(
      'Could not import “huge.json”: it is 33 MB, more than the 32 MB an import reads.',
    );
  });

  it('marks a conversation running during its turn and unread when answered elsewhere', async () => {
    const { host, store } = await loaded();
    store.getState().subscribeConversations();
    store.getState().openConversation('a');
    host.emit('chat:progressed', { type: 'turn-started', conversationId: 'b', turnId: 't' });
    expect(sel.isRunning('b')(store.getState())).toBe(true);
    const ended = {
      type: 'turn-ended',
      turnId: 't',
      stopReason: 'end_turn',
      error: null,
      stop: null,
    } as const;
    host.emit('chat:progressed', { ...ended, conversationId: 'b' });
    expect(sel.isRunning('b')(store.getState())).toBe(false);
    expect(sel.isUnread('b')(store.getState())).toBe(true);
    host.emit('chat:progressed', { ...ended, conversationId: 'a' });
    expect(sel.isUnread('a')(store.getState())).toBe(false);
    store.getState().openConversation('b');
    expect(sel.isUnread('b')(store.getState())).toBe(false);
  });
});
