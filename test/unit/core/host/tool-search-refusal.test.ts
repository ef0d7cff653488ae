// An endpoint's refusal of Anthropic's tool search outlives a restart of Lena (issue 24): the host
// keeps it in tool-search.json, so the next start sends Lena's own search straight away instead of
// a request the endpoint refused before. Real host, real MCP server, the scripted Messages API.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { ChatEvent } from '../../../../shared/chat/events';
import {
  reply,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
  type RecordedRequest,
} from '../../../fixtures/messages-api';
import { MEMORY, startHost, tempHome } from './host-harness';

let api: MessagesApiServer | undefined;

afterEach(async () => {
  await api?.close();
});

const toolTypes = (r: RecordedRequest) =>
  ((r.body.tools ?? []) as { type?: string; name: string }[]).map((t) => t.type ?? t.name);

/** Starts a host on `home`, sends one message and waits for the end of its turn. */
async function oneTurn(home: string): Promise<void> {
  const { host, dispatch, close } = startHost(home, {
    env: { ANTHROPIC_API_KEY: 'sk-ant-host-test', ANTHROPIC_BASE_URL: api!.url },
  });
  let ended = false;
  host.events.forward((e, p) => {
    if (e === 'chat:progressed' && (p as ChatEvent).type === 'turn-ended') ended = true;
  });
  // No waiting for the server here: the first turn waits for it (the manager's whenReady).
  const conv = (await dispatch('conversations:create')) as { ok: true; value: { id: string } };
  api!.push(reply(text('Hello.')));
  const sent = await dispatch('chat:send', { conversationId: conv.value.id, text: 'hi' });
  expect(sent.ok).toBe(true);
  await expect.poll(() => ended, { timeout: 30_000 }).toBe(true);
  await close();
}

it('a refused tool search is remembered across a restart, and not asked of the endpoint again', async () => {
  const home = tempHome('lena-host-tool-search-');
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        memory: {
          command: process.execPath,
          args: [MEMORY],
          env: { MEMORY_FILE_PATH: join(home, 'mem.jsonl') },
        },
      },
    }),
  );
  // A tiny budget: the memory server's nine tools exceed it, so deferral engages.
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({
      model: 'claude-sonnet-4-6',
      toolSearch: { budgetTokens: 10, alwaysLoaded: [] },
    }),
  );
  api = await startMessagesApiServer({ refuseToolSearch: true });

  await oneTurn(home);
  const first = api.messageRequests();
  expect(first).toHaveLength(2);
  expect(toolTypes(first[0])).toContain('tool_search_tool_bm25_20251119');
  expect(toolTypes(first[1])).toContain('lena_tool_search');
  expect(existsSync(join(home, 'tool-search.json'))).toBe(true);

  await oneTurn(home);
  const second = api.messageRequests().slice(2);
  expect(second).toHaveLength(1);
  expect(toolTypes(second[0])).toContain('lena_tool_search');
  expect(toolTypes(second[0])).not.toContain('tool_search_tool_bm25_20251119');
});
