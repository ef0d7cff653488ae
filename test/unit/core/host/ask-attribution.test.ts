// Which conversation a server's question belongs to: the one whose call the wire relates it to
// (here a progress token of that call), else the only conversation with a call in flight on the
// server; with two conversations calling it, or none, the question names no conversation and the
// window router asks the focused window. A real client linked in memory to an SDK server whose
// tool asks a form while it runs, the one gate, the window's ports and the one broker.
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { ClientQuestion } from '../../../../shared/client-questions';
import { DEFAULT_CHAT_SETTINGS } from '../../../../electron/core/chat/chat-settings';
import { ModelCatalog } from '../../../../electron/core/chat/models';
import { windowFeaturePorts } from '../../../../electron/core/host/feature-ports';
import { signInAsker } from '../../../../electron/core/host/sign-in-asker';
import { agentDelegates } from '../../../../electron/core/host/agent-delegates';
import type { DelegationView } from '../../../../shared/a2a';
import { DEFAULT_AGENT_LIMITS } from '../../../../shared/settings-fields';
import { MemoryAuthStore } from '../../../../electron/core/mcp/auth/store';
import { createClientFeatures } from '../../../../electron/core/mcp/client-features/index';
import { AskBroker } from '../../../../electron/core/permissions/broker';
import { defaultPermissionState } from '../../../../electron/core/permissions/scopes';
import { PermissionService } from '../../../../electron/core/permissions/service';
import { MemoryPermissionStore } from '../../../../electron/core/permissions/store';
import { ToolGate, type Admission } from '../../../../electron/core/permissions/tool-gate';
import type { ServerIdentity } from '../../../../electron/core/permissions/types';
import { SettingsStore } from '../../../../electron/core/store/settings';
import { inMemoryClient } from '../mcp/harness';
import { tempHome } from './host-harness';

const FORM = { type: 'object' as const, properties: { city: { type: 'string' as const } } };

/** An SDK server whose tool `book` asks a form while it runs; `{token: true}` relates it by progress token. */
function askingServer(): Server {
  const server = new Server({ name: 'travel', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'book', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const token = req.params.arguments?.token ? req.params._meta?.progressToken : undefined;
    const answer = await server.elicitInput({
      message: 'Which city?',
      requestedSchema: FORM,
      ...(token === undefined ? {} : { _meta: { progressToken: token } }),
    });
    return { content: [{ type: 'text', text: answer.action }] };
  });
  return server;
}

async function setup() {
  const identity: ServerIdentity = { name: 'travel', hash: 'h-travel', source: 'user' };
  const broker = new AskBroker();
  const settings = await SettingsStore.open(join(tempHome('lena-attrib-'), 'settings.json'));
  const gate: ToolGate = new ToolGate({
    permissions: await PermissionService.create({
      store: new MemoryPermissionStore({
        ...defaultPermissionState(),
        permissions: { allow: [{ rule: 'mcp__travel' }], ask: [], deny: [] },
      }),
    }),
    caller: {
      callTool: (_server, tool, args, opts) => client.callTool(tool, args, opts),
      followTask: () => Promise.reject(new Error('no task here')),
    },
  });
  const ports = windowFeaturePorts({
    broker,
    settings,
    project: () => null,
    chatSettings: () => DEFAULT_CHAT_SETTINGS,
    apiKey: () => undefined,
    models: new ModelCatalog(),
    gate: {
      admit: (r) => gate.admit(r),
      identity: () => identity,
      note: () => undefined,
      soleConversation: () => gate.soleConversation(identity),
    },
  });
  const server = askingServer();
  const { client } = await inMemoryClient(server, {
    features: createClientFeatures('travel', ports),
  });
  await client.connect();
  await client.listTools();
  const questions: ClientQuestion[] = [];
  broker.on('requested', (q) => questions.push(q as ClientQuestion));
  /** The model's call of `book` in a conversation; resolves with what the server answered. */
  const call = async (conversationId: string, args: Record<string, unknown> = {}) => {
    const admitted = (await gate.admit({
      origin: 'model',
      call: {
        conversationId,
        toolUseId: `toolu_${conversationId}`,
        qualifiedName: 'mcp__travel__book',
        serverName: 'travel',
        toolName: 'book',
        identity,
        tool: { name: 'book', inputSchema: { type: 'object' } },
        arguments: args,
      },
    })) as Admission;
    expect(admitted.outcome).toBe('allow');
    return admitted.run({ onProgress: () => undefined });
  };
  const asked = async (count: number) => {
    await expect.poll(() => questions.length).toBe(count);
    return questions.slice(0, count);
  };
  const decline = (q: ClientQuestion) => broker.answerQuestion(q.id, { action: 'decline' });
  return { server, call, asked, decline, gate };
}

describe("a server's question and the conversation that caused it", () => {
  it('with one conversation calling the server, its form is asked in that conversation', async () => {
    const t = await setup();
    const running = t.call('conv-a');
    const [form] = await t.asked(1);
    expect(form).toMatchObject({ kind: 'elicitation-form', conversationId: 'conv-a' });
    t.decline(form);
    expect((await running).content).toEqual([{ type: 'text', text: 'decline' }]);
    // The call ended: nothing is in flight, so nothing is attributed any more.
    expect(t.gate.soleConversation({ name: 'travel', hash: 'h-travel' })).toBeUndefined();
  });

  it('with two conversations calling it, neither is guessed; a related request still names its own', async () => {
    const t = await setup();
    const a = t.call('conv-a');
    const b = t.call('conv-b');
    const unrelated = await t.asked(2);
    for (const q of unrelated) expect(q).not.toHaveProperty('conversationId');
    const c = t.call('conv-c', { token: true });
    const [, , related] = await t.asked(3);
    expect(related).toMatchObject({ kind: 'elicitation-form', conversationId: 'conv-c' });
    for (const q of [...unrelated, related]) t.decline(q);
    await Promise.all([a, b, c]);
  });

  it('with no call in flight, a question the server asks on its own names no conversation', async () => {
    const t = await setup();
    const answer = t.server.elicitInput({ message: 'Anything?', requestedSchema: FORM });
    const [form] = await t.asked(1);
    expect(form.kind).toBe('elicitation-form');
    expect(form).not.toHaveProperty('conversationId');
    t.decline(form);
    expect((await answer).action).toBe('decline');
  });
});

describe('a sign-in a call needs', () => {
  it('is asked in the conversation of the call that needs it', async () => {
    const broker = new AskBroker();
    const questions: ClientQuestion[] = [];
    broker.on('requested', (q) => questions.push(q as ClientQuestion));
    const ask = signInAsker({
      broker,
      auth: { signIn: async () => ({ signedIn: true }), cancelSignIn: () => true },
      manager: { restart: async () => undefined },
    });
    let tries = 0;
    const gate = new ToolGate({
      permissions: await PermissionService.create({
        store: new MemoryPermissionStore({
          ...defaultPermissionState(),
          permissions: { allow: [{ rule: 'mcp__docs' }], ask: [], deny: [] },
        }),
      }),
      caller: {
        callTool: async () => {
          if (++tries === 1) throw new Error('401: sign in first');
          return { content: [{ type: 'text', text: 'signed in' }] };
        },
        followTask: () => Promise.reject(new Error('no task here')),
      },
      signIn: async (_err, server, tool, signal, conversationId) => {
        const done = await ask(server, tool, signal, conversationId);
        return done.ok;
      },
    });
    const admitted = (await gate.admit({
      origin: 'model',
      call: {
        conversationId: 'conv-a',
        qualifiedName: 'mcp__docs__whoami',
        serverName: 'docs',
        toolName: 'whoami',
        identity: { name: 'docs', hash: 'h-docs', source: 'user' },
        tool: { name: 'whoami', inputSchema: { type: 'object' } },
        arguments: {},
      },
    })) as Admission;
    const result = admitted.run();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toMatchObject({
      kind: 'sign-in',
      server: 'docs',
      conversationId: 'conv-a',
    });
    broker.answerQuestion(questions[0].id, { action: 'accept' });
    expect((await result).content).toEqual([{ type: 'text', text: 'signed in' }]);
  });
});

describe("an A2A agent's question", () => {
  /** The host's agent delegates over a real broker, with the questions it is asked. */
  const delegatesAsking = () => {
    const broker = new AskBroker();
    const questions: ClientQuestion[] = [];
    broker.on('requested', (q) => questions.push(q as ClientQuestion));
    const delegates = agentDelegates({
      file: join(tempHome('lena-attrib-agents-'), 'agents.json'),
      env: {},
      secrets: { get: () => undefined },
      limits: () => DEFAULT_AGENT_LIMITS,
      asker: broker,
      auth: { store: new MemoryAuthStore(), host: { open: async () => {}, interactive: false } },
    });
    return { broker, questions, delegates };
  };

  it('is asked in the conversation that delegated to the agent', async () => {
    const { broker, questions, delegates } = delegatesAsking();
    const view = { taskId: 't-1', rounds: 1 } as DelegationView;
    const answer = delegates.ask(
      { agent: 'planner', question: 'Which day?', conversationId: 'conv-a', view },
      new AbortController().signal,
    );
    expect(questions).toMatchObject([
      { kind: 'elicitation-form', from: 'agent', server: 'planner', conversationId: 'conv-a' },
    ]);
    broker.answerQuestion(questions[0].id, { action: 'accept', values: { answer: 'Monday' } });
    expect(await answer).toBe('Monday');
  });

  it('asks for the agent’s sign-in in the conversation that delegated', async () => {
    const { broker, questions, delegates } = delegatesAsking();
    const view = { taskId: null, rounds: 0 } as DelegationView;
    const signIn = delegates.signIn!(
      { agent: 'files', why: 'its card declares OAuth', conversationId: 'conv-b', view },
      new AbortController().signal,
    );
    expect(questions).toMatchObject([
      { kind: 'sign-in', server: 'files', conversationId: 'conv-b' },
    ]);
    broker.answerQuestion(questions[0].id, { action: 'cancel' });
    expect(await signIn).toEqual({ ok: false, message: 'the user cancelled the sign-in' });
  });
});
