// Servers and tools per conversation (issue 16): the switches stored with a conversation decide
// which definitions its requests carry, on top of the global switches, and the model cannot call
// a tool switched off in this conversation. Real engine, real MCP peer, scripted Messages API.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolBudget } from '../../../../electron/core/chat/tool-budget';
import {
  reply,
  text,
  toolResultText,
  toolResultsOf,
  toolUse,
  type RecordedRequest,
} from '../../../fixtures/messages-api';
import { catalogMcpConfig } from '../../../fixtures/tool-catalog/catalog';
import { chatHarness, type ChatHarness } from './harness';

const ORDER_PEER = resolve(__dirname, '../../../fixtures/chat/order-peer.mjs');
const FS_SERVER = resolve(
  __dirname,
  '../../../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);
let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const toolNames = (req: RecordedRequest | undefined): string[] =>
  ((req?.body.tools ?? []) as { name: string }[]).map((t) => t.name).sort();

async function harness(): Promise<ChatHarness> {
  const c = await chatHarness({
    servers: {
      peer: { command: process.execPath, args: [ORDER_PEER] },
      files: { command: process.execPath, args: [FS_SERVER, __dirname] },
    },
  });
  await c.manager.whenReady(10_000);
  await expect.poll(() => c.registry.servers(), { timeout: 20_000 }).toEqual(['files', 'peer']);
  return c;
}

describe('tools per conversation', () => {
  it('leaves a tool switched off in one conversation out of its requests only', async () => {
    h = await harness();
    const a = h.store.create();
    const b = h.store.create();
    h.engine.setTools(a.id, { server: 'peer', tool: 'mcp__peer__big', on: false });
    h.api.push(reply(text('a')), reply(text('b')));
    await h.engine.send(a.id, 'in a').done;
    await h.engine.send(b.id, 'in b').done;
    const [ra, rb] = h.api.messageRequests();
    expect(toolNames(ra)).not.toContain('mcp__peer__big');
    expect(toolNames(ra)).toContain('mcp__peer__hang');
    expect(toolNames(rb)).toContain('mcp__peer__big');
    // Stored with the conversation: the summary carries it, and switching back forgets the entry.
    expect(h.store.summary(a.id).tools).toEqual({
      offServers: [],
      tools: { mcp__peer__big: false },
    });
    expect(h.store.summary(b.id).tools).toBeUndefined();
    h.engine.setTools(a.id, { server: 'peer', tool: 'mcp__peer__big', on: true });
    expect(h.store.summary(a.id).tools).toBeUndefined();
  });

  it('a server switched off sends none of its tools; a globally disabled tool can be switched on for one chat', async () => {
    h = await harness();
    h.registry.setDisabledTools(['mcp__peer__big']);
    const a = h.store.create();
    h.engine.setTools(a.id, { server: 'files', on: false });
    h.engine.setTools(a.id, { server: 'peer', tool: 'mcp__peer__big', on: true });
    const b = h.store.create();
    h.api.push(reply(text('a')), reply(text('b')));
    await h.engine.send(a.id, 'in a').done;
    await h.engine.send(b.id, 'in b').done;
    const [ra, rb] = h.api.messageRequests();
    expect(toolNames(ra).filter((n) => n.startsWith('mcp__files__'))).toEqual([]);
    expect(toolNames(ra)).toContain('mcp__peer__big');
    expect(toolNames(rb)).not.toContain('mcp__peer__big');
    expect(toolNames(rb).some((n) => n.startsWith('mcp__files__'))).toBe(true);
  });

  it('refuses a call to a tool switched off in this conversation, without running it', async () => {
    h = await harness();
    const a = h.store.create();
    h.api.push(reply(text('first')));
    await h.engine.send(a.id, 'hello').done;
    h.engine.setTools(a.id, { server: 'files', on: false });
    h.api.push(
      reply(toolUse('mcp__files__list_allowed_directories', {}, 'toolu_off')),
      reply(text('understood')),
    );
    await h.engine.send(a.id, 'list them').done;
    const sent = h.api.messageRequests().at(-1)!;
    expect(
      toolResultText(toolResultsOf(sent).find((r) => r.tool_use_id === 'toolu_off')?.content),
    ).toMatch(/Unknown or disabled tool "mcp__files__list_allowed_directories"/);
    expect(h.store.toolCall(a.id, 'toolu_off')).toMatchObject({ status: 'error', startedAt: null });
  });

  it('says which tool is unknown when a switch names a tool the server does not have', async () => {
    h = await harness();
    const a = h.store.create();
    expect(() =>
      h!.engine.setTools(a.id, { server: 'peer', tool: 'mcp__peer__nope', on: false }),
    ).toThrow(/peer has no tool named mcp__peer__nope/);
  });

  it('the budget of a conversation counts only the tools switched on in it', async () => {
    h = await harness();
    const budget = new ToolBudget({
      registry: h.registry,
      settings: () => h!.settings,
      apiKey: async () => undefined,
    });
    const a = h.store.create();
    const all = await budget.compute(null, h.store.summary(a.id).tools);
    h.engine.setTools(a.id, { server: 'peer', tool: 'mcp__peer__big', on: false });
    const fewer = await budget.compute(null, h.store.summary(a.id).tools);
    expect(fewer.totalToolTokens).toBeLessThan(all.totalToolTokens);
    expect(fewer.perServer.find((s) => s.server === 'peer')?.toolCount).toBe(
      (all.perServer.find((s) => s.server === 'peer')?.toolCount ?? 0) - 1,
    );
    h.engine.setTools(a.id, { server: 'peer', on: false });
    const none = await budget.compute(null, h.store.summary(a.id).tools);
    expect(none.perServer.find((s) => s.server === 'peer')).toMatchObject({
      tokens: 0,
      toolCount: 0,
    });
  });

  it('tools at scale: a server switched off here is neither deferred nor found by Lena’s own search', async () => {
    h = await chatHarness({
      servers: catalogMcpConfig(500),
      api: { refuseToolSearch: true },
      settings: {
        model: 'claude-sonnet-4-6',
        toolSearch: { budgetTokens: null, alwaysLoaded: [] },
      },
    });
    await expect.poll(() => h!.registry.tools().length, { timeout: 60_000 }).toBe(500);
    const conv = h.store.create();
    h.engine.setTools(conv.id, { server: 'slack', on: false });
    h.api.push(
      reply(
        toolUse('lena_tool_search', { query: 'post a message to a slack channel' }, 'toolu_search'),
      ),
      reply(text('No Slack here.')),
    );
    expect((await h.engine.send(conv.id, 'Tell the team hi on Slack').done).error).toBeNull();
    const requests = h.api.messageRequests();
    for (const r of requests)
      expect(toolNames(r).filter((n) => n.startsWith('mcp__slack__'))).toEqual([]);
    const found = toolResultText(
      toolResultsOf(requests.at(-1)!).find((r) => r.tool_use_id === 'toolu_search')?.content,
    );
    expect(found).not.toContain('mcp__slack__');
  });
});
