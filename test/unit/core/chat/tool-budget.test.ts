// Per-server token cost of tool definitions: counted by count_tokens when the endpoint answers
// (once per definition set), estimated when there is no key or the endpoint fails.
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_CHAT_SETTINGS } from '../../../../electron/core/chat/chat-settings';
import { ToolBudget } from '../../../../electron/core/chat/tool-budget';
import { ToolRegistry } from '../../../../electron/core/mcp/registry/registry';
import { startMessagesApiServer, type MessagesApiServer } from '../../../fixtures/messages-api';

let api: MessagesApiServer | undefined;
afterEach(async () => api?.close());

function registry(): ToolRegistry {
  const r = new ToolRegistry();
  r.setServerTools('small', [
    { name: 'ping', description: 'Ping.', inputSchema: { type: 'object' } },
  ]);
  r.setServerTools(
    'large',
    Array.from({ length: 20 }, (_, i) => ({
      name: `tool_${i}`,
      description: 'Does a thing with a long description. '.repeat(10),
      inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
    })),
  );
  return r;
}

it('counts each server’s definitions with count_tokens, once per definition set', async () => {
  api = await startMessagesApiServer({
    countTokens: (req) => 10 + (Array.isArray(req.body.tools) ? req.body.tools.length * 100 : 0),
  });
  const budget = new ToolBudget({
    registry: registry(),
    settings: () => ({ ...DEFAULT_CHAT_SETTINGS, baseUrl: api!.url }),
    apiKey: async () => 'sk-ant-x',
  });
  const first = await budget.compute();
  expect(first.exact).toBe(true);
  expect(Object.fromEntries(first.perServer.map((s) => [s.server, s]))).toEqual({
    small: { server: 'small', tokens: 100, toolCount: 1 },
    large: { server: 'large', tokens: 2000, toolCount: 20 },
  });
  expect(first.totalToolTokens).toBe(2100);
  const requests = api.requests.length;
  await budget.compute();
  expect(api.requests.length).toBe(requests);
});

it('falls back to the estimate without a key', async () => {
  const r = registry();
  const budget = new ToolBudget({
    registry: r,
    settings: () => DEFAULT_CHAT_SETTINGS,
    apiKey: async () => undefined,
  });
  const result = await budget.compute();
  expect(result.exact).toBe(false);
  expect(result.perServer.find((s) => s.server === 'large')?.tokens).toBe(
    r.tokenCosts().find((c) => c.server === 'large')?.tokens,
  );
});
