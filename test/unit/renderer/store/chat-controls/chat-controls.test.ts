// The per-chat tool switches against a fake host: a switch reloads the conversation's budget, and
// a budget asked for earlier that answers later (count_tokens per server is slow with hundreds of
// tools) never puts the old count back in the composer.
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../../shared/chat/conversations';
import type { TokenBudget } from '../../../../../shared/chat/models';
import { chatSelectors } from '../../../../../renderer/store/chat/selectors';
import { storeWithFakeHost } from '../fake-host';

const budget = (toolCount: number): TokenBudget => ({
  model: 'claude-sonnet-4-6',
  totalToolTokens: toolCount * 10,
  perServer: [{ server: 'catalog', tokens: toolCount * 10, toolCount }],
  lastTurn: null,
  exact: false,
});

describe('chat controls slice', () => {
  it('a switch reloads the budget, and an earlier budget answering late does not overwrite it', async () => {
    const { host, store } = storeWithFakeHost();
    store.setState({ activeId: 'c1' });
    const answers: ((b: TokenBudget) => void)[] = [];
    host.on('chat:budget', () => new Promise<TokenBudget>((resolve) => answers.push(resolve)));
    host.on('chat:set-tools', () => undefined);
    // A budget asked before the switch (the composer opening the conversation) is still counting…
    const early = store.getState().loadBudget();
    const r = await store
      .getState()
      .setChatTool({ server: 'catalog', tool: 'mcp__catalog__query', on: false });
    expect(r.ok).toBe(true);
    expect(host.calls.filter((c) => c.channel === 'chat:set-tools')).toEqual([
      {
        channel: 'chat:set-tools',
        args: { conversationId: 'c1', server: 'catalog', tool: 'mcp__catalog__query', on: false },
      },
    ]);
    await expect.poll(() => answers.length).toBe(2);
    // …the switch's own budget answers first, then the early one with the count from before.
    answers[1](budget(499));
    await expect
      .poll(() => chatSelectors.budget(store.getState())?.perServer[0].toolCount)
      .toBe(499);
    answers[0](budget(500));
    await early;
    expect(chatSelectors.budget(store.getState())?.perServer[0].toolCount).toBe(499);
  });

  it('a switch in the blank chat creates the conversation, carries the draft, and leaves focus where the user is', async () => {
    const { host, store } = storeWithFakeHost();
    const created: ConversationSummary = {
      id: 'c9',
      title: 'New conversation',
      createdAt: 1,
      updatedAt: 1,
      model: null,
      messageCount: 0,
    };
    host.on('conversations:create', () => created);
    host.on('conversations:get', () => ({
      ...created,
      messages: [],
      toolCalls: [],
      hasOlder: false,
    }));
    host.on('chat:set-tools', () => undefined);
    host.on('chat:budget', () => budget(1));
    store.getState().setDraft('typed first');
    expect(store.getState().claimComposerFocus()).toBe(false);
    const r = await store.getState().setChatTool({ server: 'catalog', on: false });
    expect(r.ok).toBe(true);
    expect(store.getState().activeId).toBe('c9');
    expect(chatSelectors.draft(store.getState())).toBe('typed first');
    expect(host.calls.find((c) => c.channel === 'chat:set-tools')?.args).toEqual({
      conversationId: 'c9',
      server: 'catalog',
      on: false,
    });
    // Opening a conversation asks for the composer's focus; made for a switch, that request is already handled.
    expect(store.getState().claimComposerFocus()).toBe(false);
    store.getState().openConversation('c9');
    expect(store.getState().claimComposerFocus()).toBe(true);
  });
});
