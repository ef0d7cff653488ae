// Tools per conversation through the contract (issue 16): chat:set-tools stores the switch with
// the conversation, chat:budget counts that conversation's tools (the global ones without an id,
// or for a conversation gone meanwhile), and a tool the server does not list is a clear error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationSummary, TokenBudget } from '../../../../shared/chat-types';
import type { ServerStatus } from '../../../../shared/server-types';
import { createHost, type Host } from '../../../../electron/core/host';

const MEMORY = resolve(__dirname, '../../../../node_modules/@modelcontextprotocol/server-memory/dist/index.js');
const ctx = { senderUrl: 'app://lena/index.html' };
let host: Host | undefined;
let home: string;

afterEach(async () => {
  await host?.close();
  rmSync(home, { recursive: true, force: true });
});

const value = <T>(r: unknown): T => {
  expect(r).toMatchObject({ ok: true });
  return (r as { value: T }).value;
};
const memoryCount = (b: TokenBudget) => b.perServer.find((s) => s.server === 'memory')?.toolCount;

describe('chat:set-tools and chat:budget', () => {
  it('switch a tool off for one conversation, and count only its tools', async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-host-chat-tools-'));
    host = createHost({ home, env: { PATH: process.env.PATH, HOME: home } });
    const added = await host.dispatch('servers:add', { name: 'memory', entry: { command: process.execPath, args: [MEMORY], env: { MEMORY_FILE_PATH: join(home, 'mem.jsonl') } } }, ctx);
    expect(value<ServerStatus>(added).status).toBe('connected');
    const conversation = value<ConversationSummary>(await host.dispatch('conversations:create', {}, ctx));
    const all = memoryCount(value<TokenBudget>(await host.dispatch('chat:budget', {}, ctx)))!;
    expect(all).toBeGreaterThan(1);

    value(await host.dispatch('chat:set-tools', { conversationId: conversation.id, server: 'memory', tool: 'mcp__memory__read_graph', on: false }, ctx));
    const listed = value<ConversationSummary[]>(await host.dispatch('conversations:list', undefined, ctx)).find((c) => c.id === conversation.id);
    expect(listed?.tools).toEqual({ offServers: [], tools: { mcp__memory__read_graph: false } });
    expect(memoryCount(value<TokenBudget>(await host.dispatch('chat:budget', { conversationId: conversation.id }, ctx)))).toBe(all - 1);
    // Without an id, or for a conversation that is gone, the global switches count.
    expect(memoryCount(value<TokenBudget>(await host.dispatch('chat:budget', {}, ctx)))).toBe(all);
    expect(memoryCount(value<TokenBudget>(await host.dispatch('chat:budget', { conversationId: 'no-such-conversation' }, ctx)))).toBe(all);

    const refused = await host.dispatch('chat:set-tools', { conversationId: conversation.id, server: 'memory', tool: 'mcp__memory__nope', on: false }, ctx);
    expect(refused).toEqual({ ok: false, error: { code: 'not-found', message: expect.stringContaining('memory has no tool named mcp__memory__nope') } });
  });
});
