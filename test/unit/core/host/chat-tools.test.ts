// Tools per conversation through the contract (issue 16): chat:set-tools stores the switch with
// the conversation, chat:budget counts that conversation's tools (the global ones without an id,
// or for a conversation gone meanwhile), the one gate refuses a call in that conversation whatever
// its origin, and a tool the server does not list is a clear error.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../shared/chat/conversations';
import type { TokenBudget } from '../../../../shared/chat/models';
import type { ServerStatus } from '../../../../shared/server-types';
import { serverIdentity } from '../../../../electron/core/host/wiring';
import { MEMORY, newHost } from './host-harness';

const value = <T>(r: unknown): T => {
  expect(r).toMatchObject({ ok: true });
  return (r as { value: T }).value;
};
const memoryCount = (b: TokenBudget) => b.perServer.find((s) => s.server === 'memory')?.toolCount;

describe('chat:set-tools and chat:budget', () => {
  it('switch a tool off for one conversation, and count only its tools', async () => {
    const { home, dispatch, host } = newHost('lena-host-chat-tools-');
    const added = await dispatch('servers:add', {
      name: 'memory',
      entry: {
        command: process.execPath,
        args: [MEMORY],
        env: { MEMORY_FILE_PATH: join(home, 'mem.jsonl') },
      },
    });
    expect(value<ServerStatus>(added).status).toBe('connected');
    const conversation = value<ConversationSummary>(await dispatch('conversations:create', {}));
    const all = memoryCount(value<TokenBudget>(await dispatch('chat:budget', {})))!;
    expect(all).toBeGreaterThan(1);

    value(
      await dispatch('chat:set-tools', {
        conversationId: conversation.id,
        server: 'memory',
        tool: 'mcp__memory__read_graph',
        on: false,
      }),
    );
    const listed = value<ConversationSummary[]>(await dispatch('conversations:list')).find(
      (c) => c.id === conversation.id,
    );
    expect(listed?.tools).toEqual({ offServers: [], tools: { mcp__memory__read_graph: false } });
    expect(
      memoryCount(
        value<TokenBudget>(await dispatch('chat:budget', { conversationId: conversation.id })),
      ),
    ).toBe(all - 1);
    // Without an id, or for a conversation that is gone, the global switches count.
    expect(memoryCount(value<TokenBudget>(await dispatch('chat:budget', {})))).toBe(all);
    expect(
      memoryCount(
        value<TokenBudget>(
          await dispatch('chat:budget', { conversationId: 'no-such-conversation' }),
        ),
      ),
    ).toBe(all);

    // The host's gate reads the same switches: a call in this conversation (a view's, say) is
    // refused; a run by hand on the servers page is outside any conversation and runs.
    const { runtime } = await host.services();
    const readGraph = runtime.registry.resolve('mcp__memory__read_graph')!;
    const inConversation = await runtime.gate.admit({
      origin: 'view',
      call: {
        conversationId: conversation.id,
        qualifiedName: readGraph.qualifiedName,
        serverName: 'memory',
        toolName: 'read_graph',
        identity: serverIdentity(runtime.manager, 'memory'),
        tool: readGraph.tool,
        arguments: {},
      },
    });
    expect(inConversation).toMatchObject({
      outcome: 'deny',
      audit: { decidedBy: 'switched off in this conversation' },
    });
    expect(
      value<{ outcome: string }>(
        await dispatch('servers:run-tool', { server: 'memory', tool: 'read_graph', arguments: {} }),
      ).outcome,
    ).toBe('done');

    const refused = await dispatch('chat:set-tools', {
      conversationId: conversation.id,
      server: 'memory',
      tool: 'mcp__memory__nope',
      on: false,
    });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'not-found',
        message: expect.stringContaining('memory has no tool named mcp__memory__nope'),
      },
    });
  });
});
