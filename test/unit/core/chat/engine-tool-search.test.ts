// Tools at scale through the real engine: 500 real tool definitions served by the catalog's
// scripted stdio server (31 server entries), the scripted Messages API enforcing the tool search
// rules. Deferral engages, the always-loaded set and the used tools stay loaded, the history stays
// valid across turns, and an endpoint that refuses tool search gets Lena's own search instead.
import { afterEach, describe, expect, it } from 'vitest';
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatEvent } from '../../../../shared/chat/events';
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

type SentTool = { name: string; type?: string; defer_loading?: boolean };
let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const SLACK_POST = 'mcp__slack__slack_post_message';
const loadedIn = (r: RecordedRequest) =>
  (r.body.tools as SentTool[]).filter((t) => !t.defer_loading).map((t) => t.name);
const deferredIn = (r: RecordedRequest) =>
  (r.body.tools as SentTool[]).filter((t) => t.defer_loading).length;
const requestTools = (events: ChatEvent[]) =>
  events.flatMap((e) => (e.type === 'request-tools' ? [e] : []));

async function with500Tools(options: Parameters<typeof chatHarness>[0] = {}): Promise<ChatHarness> {
  h = await chatHarness({
    servers: catalogMcpConfig(500),
    permissions: { permissions: { allow: [{ rule: 'mcp__slack' }], ask: [], deny: [] } },
    ...options,
    settings: {
      model: 'claude-sonnet-4-6',
      toolSearch: { budgetTokens: null, alwaysLoaded: ['mcp__github__create_issue'] },
      ...options.settings,
    },
  });
  await expect.poll(() => h!.registry.tools().length, { timeout: 60_000 }).toBe(500);
  return h;
}

describe('tool search with 500 tools', () => {
  it('defers all but the always-loaded and used tools, and keeps the history valid across turns', async () => {
    const h = await with500Tools();
    const searchResult = {
      type: 'tool_search_tool_result' as const,
      tool_use_id: 'srvtoolu_1',
      content: {
        type: 'tool_search_tool_search_result',
        tool_references: [{ type: 'tool_reference', tool_name: SLACK_POST }],
      },
    };
    h.api.push(
      reply(
        {
          type: 'server_tool_use',
          id: 'srvtoolu_1',
          name: 'tool_search_tool_bm25',
          input: { query: 'post slack message' },
        },
        searchResult,
        toolUse(SLACK_POST, { channel_id: 'C1', text: 'hi' }, 'toolu_post'),
      ),
      reply(text('Posted.')),
      reply(text('Anything else?')),
    );
    const conv = h.store.create();
    expect((await h.engine.send(conv.id, 'Tell the team hi on Slack').done).error).toBeNull();
    expect((await h.engine.send(conv.id, 'Thanks').done).error).toBeNull();

    const [first, second, third] = h.api.messageRequests();
    // Turn 1: 500 real tools (~150k estimated tokens) exceed the default budget, a tenth of the
    // model's 1M-token window; only the always-loaded tool and the search tool are loaded.
    expect((first.body.tools as SentTool[])[0]).toEqual({
      type: 'tool_search_tool_bm25_20251119',
      name: 'tool_search_tool_bm25',
    });
    expect(loadedIn(first).sort()).toEqual(['mcp__github__create_issue', 'tool_search_tool_bm25']);
    expect(deferredIn(first)).toBe(499);
    // The searched-in tool ran, and its search blocks went back exactly as received.
    expect(
      toolResultText(toolResultsOf(second).find((r) => r.tool_use_id === 'toolu_post')?.content),
    ).toContain('slack_post_message ran with');
    const sentBack = (second.body.messages as Anthropic.Messages.MessageParam[])[1]
      .content as Array<{ type: string }>;
    expect(sentBack.map((b) => b.type)).toEqual([
      'server_tool_use',
      'tool_search_tool_result',
      'tool_use',
    ]);
    // The next turn: the searched-in tool stays deferred (its reference in the history loads it),
    // so the tools prefix is the first request's and the prompt cache survives; the stand-in
    // accepted every request.
    expect(loadedIn(third)).not.toContain(SLACK_POST);
    expect(JSON.stringify(third.body.tools)).toBe(JSON.stringify(first.body.tools));
    expect(deferredIn(third)).toBe(499);
    expect(h.api.unscripted).toHaveLength(0);
    const info = requestTools(h.events).at(-1)!;
    expect(info).toMatchObject({ engaged: true, mode: 'native', loaded: 1, deferred: 499 });
    expect(info.tokens).toBeLessThan(info.allTokens / 10);

    // The searched-in tool switched off, and the rest now below the budget: the history's search
    // blocks still come with the search tool, and the reference to the missing tool is dropped.
    h.registry.setDisabledTools([SLACK_POST]);
    h.settings.toolSearch = { budgetTokens: 10_000_000, alwaysLoaded: [] };
    h.api.push(reply(text('OK.')));
    expect((await h.engine.send(conv.id, 'And now?').done).error).toBeNull();
    const fourth = h.api.messageRequests()[3];
    expect(loadedIn(fourth)).toContain('tool_search_tool_bm25');
    expect(loadedIn(fourth)).not.toContain(SLACK_POST);
    expect(JSON.stringify(fourth.body.messages)).not.toContain(`"tool_name":"${SLACK_POST}"`);
  });

  it('changes nothing below the budget', async () => {
    const h = await with500Tools({
      settings: { toolSearch: { budgetTokens: 10_000_000, alwaysLoaded: [] } },
    });
    h.api.push(reply(text('Hi.')));
    const conv = h.store.create();
    expect((await h.engine.send(conv.id, 'hi').done).error).toBeNull();
    const [only] = h.api.messageRequests();
    expect(loadedIn(only)).toHaveLength(500);
    expect(requestTools(h.events)[0]).toMatchObject({ engaged: false, loaded: 500, deferred: 0 });
  });

  it('uses Lena’s own search where the endpoint refuses tool search, and loads what it found for the rest of the turn', async () => {
    const h = await with500Tools({ api: { refuseToolSearch: true } });
    h.api.push(
      reply(
        toolUse('lena_tool_search', { query: 'post a message to a slack channel' }, 'toolu_search'),
      ),
      reply(toolUse(SLACK_POST, { channel_id: 'C1', text: 'hi' }, 'toolu_post')),
      reply(text('Done.')),
    );
    const conv = h.store.create();
    expect((await h.engine.send(conv.id, 'Tell the team hi on Slack').done).error).toBeNull();
    const requests = h.api.messageRequests();
    // The first request (Anthropic's tool search) was refused; Lena built it again with its own.
    expect(requests).toHaveLength(4);
    expect((requests[0].body.tools as SentTool[])[0].type).toBe('tool_search_tool_bm25_20251119');
    expect(loadedIn(requests[1]).sort()).toEqual(['lena_tool_search', 'mcp__github__create_issue']);
    expect(deferredIn(requests[1])).toBe(0);
    // The search answered with the slack tool's definition, which the next request carries.
    expect(
      toolResultText(
        toolResultsOf(requests[2]).find((r) => r.tool_use_id === 'toolu_search')?.content,
      ),
    ).toContain(`- ${SLACK_POST}:`);
    expect(loadedIn(requests[2])).toContain(SLACK_POST);
    // Loading the finds rewrote the tools prefix once (one batch); the meter counts it.
    expect(h.store.summary(conv.id).meter).toMatchObject({ toolsRewrites: 1 });
    expect(
      toolResultText(
        toolResultsOf(requests[3]).find((r) => r.tool_use_id === 'toolu_post')?.content,
      ),
    ).toContain('slack_post_message ran with');
    expect(h.engine.toolSearch.refused()).toEqual([h.api.url]);
    expect(
      h.events.some(
        (e) => e.type === 'notice' && /does not offer Anthropic's tool search/.test(e.message),
      ),
    ).toBe(true);
    // The search shows as a card of Lena's own.
    expect(h.store.get(conv.id).toolCalls.find((c) => c.id === 'toolu_search')).toMatchObject({
      server: 'lena',
      status: 'done',
    });
  });
});
