// What a server's sampling costs a conversation: a request the server makes while one
// conversation's tool call runs is answered with the user's key by the (stand-in) Messages API,
// priced like a turn and added to that conversation's meter, which says what servers spent and
// keeps it in the database; with two conversations calling the server neither is charged, and the
// server's own tally counts every request. A real client linked in memory to an SDK server whose
// tool samples, the one gate, the window's ports and the one broker; compose.ts wires the same.
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientQuestion } from '../../../../shared/client-questions';
import { meterDetails, usdText } from '../../../../shared/chat/meter-text';
import { costOf, priceFor } from '../../../../shared/prices';
import { DEFAULT_CHAT_SETTINGS } from '../../../../electron/core/chat/chat-settings';
import { addTurn, recordSampling, turnMeter } from '../../../../electron/core/chat/meter';
import { ModelCatalog } from '../../../../electron/core/chat/models';
import { windowFeaturePorts } from '../../../../electron/core/host/feature-ports';
import { SamplingUsage } from '../../../../electron/core/host/sampling-usage';
import { createClientFeatures } from '../../../../electron/core/mcp/client-features/index';
import { AskBroker } from '../../../../electron/core/permissions/broker';
import { defaultPermissionState } from '../../../../electron/core/permissions/scopes';
import { PermissionService } from '../../../../electron/core/permissions/service';
import { MemoryPermissionStore } from '../../../../electron/core/permissions/store';
import { ToolGate, type Admission } from '../../../../electron/core/permissions/tool-gate';
import type { ServerIdentity } from '../../../../electron/core/permissions/types';
import { openConversationStore } from '../../../../electron/core/store/open-store';
import { SettingsStore } from '../../../../electron/core/store/settings';
import {
  reply,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
} from '../../../fixtures/messages-api';
import { inMemoryClient } from '../mcp/harness';
import { tempHome } from './host-harness';

const MODEL = DEFAULT_CHAT_SETTINGS.model;
const SAMPLED = { input_tokens: 1200, output_tokens: 300 };
const sampledUsage = {
  inputTokens: 1200,
  outputTokens: 300,
  cacheReadTokens: 0,
  cacheCreationTokens: 0,
};

let api: MessagesApiServer;
beforeAll(async () => {
  api = await startMessagesApiServer();
});
afterAll(() => api.close());

/**
 * An SDK server whose tool `summarize` asks Claude (sampling) while it runs, once `release`d:
 * so a test can have two calls in flight before either samples.
 */
function samplingServer() {
  const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
  let entered = 0;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'summarize', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async () => {
    entered++;
    await released;
    const answer = await server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarize the notes' } }],
      maxTokens: 200,
    });
    const content = answer.content as { type: string; text?: string };
    return { content: [{ type: 'text', text: content.text ?? '' }] };
  });
  return { server, entered: () => entered, release: () => release() };
}

async function setup() {
  const home = tempHome('lena-sampling-cost-');
  const identity: ServerIdentity = { name: 'notes', hash: 'h-notes', source: 'user' };
  const broker = new AskBroker();
  const settings = await SettingsStore.open(join(home, 'settings.json'));
  // The user let this server sample without review; the answer is still shown before it goes back.
  await settings.update({ servers: { notes: { sampling: 'always' } } });
  const database = join(home, 'lena.db');
  const conversations = openConversationStore(database);
  const tally = await SamplingUsage.open();
  const gate: ToolGate = new ToolGate({
    permissions: await PermissionService.create({
      store: new MemoryPermissionStore({
        ...defaultPermissionState(),
        permissions: { allow: [{ rule: 'mcp__notes' }], ask: [], deny: [] },
      }),
    }),
    caller: {
      callTool: (_server, tool, args, opts) => client.callTool(tool, args, opts),
      followTask: () => Promise.reject(new Error('no task here')),
    },
  });
  const updated: string[] = [];
  const ports = windowFeaturePorts({
    broker,
    settings,
    project: () => null,
    chatSettings: () => ({ ...DEFAULT_CHAT_SETTINGS, baseUrl: api.url, maxRetries: 0 }),
    apiKey: () => 'sk-ant-test-0123456789',
    models: new ModelCatalog(),
    usage: tally,
    // As compose.ts wires it: the spend joins the conversation's stored meter.
    spent: (conversationId, model, usage) => {
      const c = recordSampling(conversations.store, conversationId, { model, usage });
      if (c) updated.push(c.id);
    },
    gate: {
      admit: (r) => gate.admit(r),
      identity: () => identity,
      note: () => undefined,
      soleConversation: () => gate.soleConversation(identity),
    },
  });
  const mcp = samplingServer();
  const { client } = await inMemoryClient(mcp.server, {
    features: createClientFeatures('notes', ports),
  });
  await client.connect();
  await client.listTools();
  // Every answer Claude gave is let go back to the server.
  broker.on('requested', (q) => {
    const question = q as ClientQuestion;
    if (question.kind === 'sampling-answer')
      broker.answerQuestion(question.id, { action: 'approve' });
  });
  /** The model's call of `summarize` in a conversation; resolves with the tool's result. */
  const call = async (conversationId: string) => {
    const admitted = (await gate.admit({
      origin: 'model',
      call: {
        conversationId,
        toolUseId: `toolu_${conversationId.slice(0, 8)}`,
        qualifiedName: 'mcp__notes__summarize',
        serverName: 'notes',
        toolName: 'summarize',
        identity,
        tool: { name: 'summarize', inputSchema: { type: 'object' } },
        arguments: {},
      },
    })) as Admission;
    expect(admitted.outcome).toBe('allow');
    return admitted.run({ onProgress: () => undefined });
  };
  /** A conversation that had one turn already (its meter as the engine stores it). */
  const conversation = () => {
    const { id } = conversations.store.create({ title: 'Notes' });
    const usage = {
      inputTokens: 2000,
      outputTokens: 500,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
    };
    const figures = { model: MODEL, usage, lastResponse: usage, requests: 1, toolsRewrites: 0 };
    const turn = turnMeter({ ...figures, contextLimit: 200_000 });
    conversations.store.setMeter(
      id,
      addTurn(undefined, turn, { ...figures, contextLimit: 200_000 }),
    );
    return id;
  };
  return { call, conversation, conversations, database, tally, mcp, updated };
}

describe("a server's sampling in the conversation that caused it", () => {
  it('adds the response’s cost to the meter, says so in its details, and keeps it in the database', async () => {
    const t = await setup();
    const id = t.conversation();
    const before = t.conversations.store.summary(id).meter!;
    api.push(reply(text('Three notes about the trip'), { usage: SAMPLED }));
    const running = t.call(id);
    t.mcp.release();
    expect((await running).content).toEqual([{ type: 'text', text: 'Three notes about the trip' }]);

    const cost = costOf(sampledUsage, priceFor(MODEL))!;
    expect(cost).toBeGreaterThan(0);
    const after = t.conversations.store.summary(id).meter!;
    expect(after.costUsd).toBeCloseTo(before.costUsd! + cost, 10);
    expect(after.usage.inputTokens).toBe(before.usage.inputTokens + 1200);
    expect(after.usage.outputTokens).toBe(before.usage.outputTokens + 300);
    // The context window is the conversation's own: the server's request was not in it.
    expect(after.contextTokens).toBe(before.contextTokens);
    expect(after.turns).toBe(1);
    expect(t.updated).toEqual([id]);
    const details = meterDetails(after);
    expect(details).toContain(`of which 1 request by servers: ${usdText(cost)}`);
    // The server's own tally counted it too.
    expect(t.tally.get('notes')).toMatchObject({
      requests: 1,
      inputTokens: 1200,
      outputTokens: 300,
    });

    // Reopened, the conversation still says what servers spent.
    t.conversations.close();
    const reopened = openConversationStore(t.database);
    try {
      const kept = reopened.store.summary(id).meter!;
      expect(kept.costUsd).toBeCloseTo(before.costUsd! + cost, 10);
      expect(kept.sampling).toEqual(after.sampling);
      expect(meterDetails(kept)).toBe(details);
    } finally {
      reopened.close();
    }
  });

  it('with two conversations calling the server, neither is charged; the server’s tally counts both', async () => {
    const t = await setup();
    const a = t.conversation();
    const b = t.conversation();
    const before = [a, b].map((id) => t.conversations.store.summary(id).meter);
    api.push(reply(text('First'), { usage: SAMPLED }), reply(text('Second'), { usage: SAMPLED }));
    const calls = [t.call(a), t.call(b)];
    await expect.poll(() => t.mcp.entered()).toBe(2);
    t.mcp.release();
    await Promise.all(calls);
    expect(t.tally.get('notes')).toMatchObject({
      requests: 2,
      inputTokens: 2400,
      outputTokens: 600,
    });
    expect([a, b].map((id) => t.conversations.store.summary(id).meter)).toEqual(before);
    expect(meterDetails(before[0]!)).not.toContain('by servers');
    expect(t.updated).toEqual([]);
    t.conversations.close();
  });
});
