// The window's ports for what servers ask: sampling reviewed, edited, sent through the request
// builder to the (scripted) Messages API with the user's key, its answer reviewed before it goes
// back; "always for this server" stored in settings; URL elicitation opened only on yes, its
// waiting note closed by the completion notice; roots from the project and the server's folders.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientQuestion } from '../../../../shared/client-questions';
import { DEFAULT_CHAT_SETTINGS } from '../../../../electron/core/chat/chat-settings';
import { ModelCatalog } from '../../../../electron/core/chat/models';
import { windowFeaturePorts, rootsFor } from '../../../../electron/core/host/feature-ports';
import { AskBroker } from '../../../../electron/core/permissions/broker';
import { parseSamplingParams } from '../../../../electron/core/mcp/client-features/sampling';
import { defaultPermissionState } from '../../../../electron/core/permissions/scopes';
import { PermissionService } from '../../../../electron/core/permissions/service';
import {
  MemoryPermissionStore,
  type PermissionStore,
} from '../../../../electron/core/permissions/store';
import { ToolGate } from '../../../../electron/core/permissions/tool-gate';
import { SettingsStore } from '../../../../electron/core/store/settings';
import {
  reply,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
} from '../../../fixtures/messages-api';
import { tempHome } from './host-harness';

let dir = '';
let api: MessagesApiServer;
let settings: SettingsStore;
/** The rules the one gate reads (a MemoryPermissionStore's state, read again by each setup). */
let rules: PermissionStore;

beforeAll(async () => {
  dir = tempHome('lena-ports-');
  api = await startMessagesApiServer();
  settings = await SettingsStore.open(join(dir, 'settings.json'));
  rules = new MemoryPermissionStore(defaultPermissionState());
});
afterAll(() => api.close());

async function setup(openExternal?: (url: string) => Promise<void>) {
  const broker = new AskBroker();
  const notes: string[] = [];
  const outgoing: unknown[] = [];
  const gate = new ToolGate({
    permissions: await PermissionService.create({ store: rules }),
    caller: {
      callTool: () => Promise.reject(new Error('no tool runs here')),
      followTask: () => Promise.reject(new Error('no task runs here')),
    },
  });
  const ports = windowFeaturePorts({
    gate: {
      admit: (r) => gate.admit(r),
      identity: (server) => ({ name: server, hash: `h-${server}`, source: 'user' }),
      note: (server, line) => notes.push(`${server}: ${line}`),
    },
    broker,
    settings,
    project: () => '/work/project',
    chatSettings: () => ({ ...DEFAULT_CHAT_SETTINGS, baseUrl: api.url, maxRetries: 0 }),
    apiKey: () => 'sk-ant-test-0123456789',
    models: new ModelCatalog(),
    openExternal,
    outgoing: (value) => outgoing.push(value),
  });
  const next = () =>
    new Promise<ClientQuestion>((res) => {
      const off = broker.on('requested', (q) => {
        off();
        res(q as ClientQuestion);
      });
    });
  return { broker, ports, next, notes, outgoing };
}

const request = () =>
  parseSamplingParams({
    messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
    maxTokens: 64,
    temperature: 0.7,
    systemPrompt: 'You are a test server.',
  });

describe('sampling through the window', () => {
  it('shows the request (refused parameters not explained), sends the edited version, shows the answer before returning it', async () => {
    const { broker, ports, next, outgoing } = await setup();
    api.push(reply(text('Hi there')));
    const before = api.messageRequests().length;
    const asked = next();
    const outcome = ports.sampling!.sample('every', request(), new AbortController().signal);
    const review = await asked;
    expect(review).toMatchObject({
      kind: 'sampling-request',
      server: 'every',
      draft: {
        systemPrompt: 'You are a test server.',
        maxTokens: 64,
        messages: [{ role: 'user', text: 'Say hi' }],
      },
    });
    expect((review as { notices: string[] }).notices).toEqual([]);
    const answerShown = next();
    broker.answerQuestion(review.id, {
      action: 'approve',
      draft: {
        systemPrompt: 'Be brief.',
        maxTokens: 32,
        messages: [{ role: 'user', text: 'Say hello', attachments: [] }],
      },
    });
    const answer = await answerShown;
    expect(answer).toMatchObject({ kind: 'sampling-answer', text: 'Hi there' });
    const sent = api.messageRequests()[before].body as Record<string, unknown>;
    expect(sent).toMatchObject({
      system: 'Be brief.',
      max_tokens: 32,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }],
    });
    expect(sent).not.toHaveProperty('temperature');
    broker.answerQuestion(answer.id, { action: 'approve' });
    expect(await outcome).toEqual({
      ok: true,
      model: expect.any(String),
      text: 'Hi there',
      stopReason: 'endTurn',
    });
    // The answer was checked against the untrusted-data boundaries before it went back.
    expect(outgoing).toEqual(['Hi there']);
  });

  it('a deny rule on the whole server refuses its request before anyone is asked, and says so in its log; a rule on one tool does not', async () => {
    await rules.save({
      ...defaultPermissionState(),
      permissions: {
        allow: [],
        ask: [],
        deny: [{ rule: 'mcp__every' }, { rule: 'mcp__other__write' }],
      },
    });
    try {
      const { broker, ports, notes, next } = await setup();
      const questions: ClientQuestion[] = [];
      broker.on('requested', (q) => questions.push(q as ClientQuestion));
      const before = api.messageRequests().length;
      const refused = await ports.sampling!.sample(
        'every',
        request(),
        new AbortController().signal,
      );
      const why =
        "every's sampling request was refused: the rule deny mcp__every (user) denies every tool of that server, and so its requests to Claude with your key; remove that rule in Lena's settings to let it run.";
      expect(refused).toEqual({ ok: false, message: why });
      expect(questions).toEqual([]);
      expect(notes).toEqual([`every: ${why}`]);
      expect(api.messageRequests().length).toBe(before);
      // A deny rule on one tool of a server leaves its sampling to the review.
      const asked = next();
      void ports.sampling!.sample('other', request(), new AbortController().signal);
      expect(await asked).toMatchObject({ kind: 'sampling-request', server: 'other' });
      broker.cancelAll('done');
    } finally {
      await rules.save(defaultPermissionState());
    }
  });

  it('a denied request sends nothing; a denied answer is not returned', async () => {
    const { broker, ports, next } = await setup();
    const before = api.messageRequests().length;
    const asked = next();
    const outcome = ports.sampling!.sample('every', request(), new AbortController().signal);
    broker.answerQuestion((await asked).id, { action: 'deny' });
    expect(await outcome).toEqual({ ok: false, message: 'The user declined the sampling request' });
    expect(api.messageRequests().length).toBe(before);

    api.push(reply(text('secret plans')));
    const again = next();
    const second = ports.sampling!.sample('every', request(), new AbortController().signal);
    const review = await again;
    const shown = next();
    broker.answerQuestion(review.id, { action: 'approve' });
    broker.answerQuestion((await shown).id, { action: 'deny' });
    expect(await second).toEqual({
      ok: false,
      message: 'The user did not let the answer go back to the server',
    });
  });

  it('"always for this server" is stored and skips the review of later requests (the answer is still shown)', async () => {
    const { broker, ports, next } = await setup();
    api.push(reply(text('one')), reply(text('two')));
    let asked = next();
    const first = ports.sampling!.sample('always-srv', request(), new AbortController().signal);
    let q = await asked;
    asked = next();
    broker.answerQuestion(q.id, { action: 'approve', always: true });
    q = await asked;
    broker.answerQuestion(q.id, { action: 'approve' });
    await first;
    expect(settings.current.servers['always-srv']?.sampling).toBe('always');
    asked = next();
    const second = ports.sampling!.sample('always-srv', request(), new AbortController().signal);
    q = await asked;
    expect(q.kind).toBe('sampling-answer');
    broker.answerQuestion(q.id, { action: 'approve' });
    expect(await second).toMatchObject({ ok: true, text: 'two' });
  });

  it('the server cancelling its request ends the question with the safe answer', async () => {
    const { broker, ports, next } = await setup();
    const abort = new AbortController();
    const asked = next();
    const outcome = ports.sampling!.sample('every', request(), abort.signal);
    await asked;
    abort.abort('cancelled by the server');
    expect(await outcome).toMatchObject({ ok: false });
    expect(broker.questions()).toEqual([]);
  });
});

describe('URL elicitation through the window', () => {
  it('opens only after yes, then waits until the completion notice closes the note', async () => {
    const opened: string[] = [];
    const { broker, ports, next } = await setup(async (url) => void opened.push(url));
    const q = {
      server: 'pay',
      message: 'Pay',
      url: 'https://pay.example.com/x',
      origin: 'https://pay.example.com',
      loopback: false,
      elicitationId: 'e-1',
    };
    let asked = next();
    const declined = ports.elicitation!.url!(q, new AbortController().signal);
    broker.answerQuestion((await asked).id, { action: 'decline' });
    expect(await declined).toEqual({ action: 'decline' });
    expect(opened).toEqual([]);

    asked = next();
    const accepted = ports.elicitation!.url!(q, new AbortController().signal);
    const first = await asked;
    expect(first).toMatchObject({
      kind: 'elicitation-url',
      origin: 'https://pay.example.com',
      opened: false,
    });
    const waiting = next();
    broker.answerQuestion(first.id, { action: 'accept' });
    expect(await accepted).toEqual({ action: 'accept' });
    expect(opened).toEqual(['https://pay.example.com/x']);
    expect(await waiting).toMatchObject({ opened: true });
    expect(broker.questions()).toHaveLength(1);
    ports.elicitation!.completed!('pay', 'e-1');
    expect(broker.questions()).toEqual([]);
  });

  it('without a browser to open, URL mode is not offered', async () => {
    expect((await setup()).ports.elicitation!.url).toBeUndefined();
  });
});

describe('the broker, for server questions', () => {
  it('refuses an answer the question does not offer, and keeps it waiting', async () => {
    const broker = new AskBroker();
    let id = '';
    const p = broker.ask(
      { kind: 'elicitation-form', server: 's', message: 'm', fields: [], purpose: null },
      { onId: (i) => (id = i) },
    );
    expect(() => broker.answerQuestion(id, { action: 'approve' })).toThrow(
      /not an answer to this question/,
    );
    expect(broker.questions()).toHaveLength(1);
    broker.answerQuestion(id, { action: 'decline' });
    expect(await p).toEqual({ action: 'decline' });
    expect(() => broker.answerQuestion(id, { action: 'decline' })).toThrow(/no longer pending/);
  });

  it('a question nobody answers ends with its safe answer', async () => {
    const broker = new AskBroker({ questionTimeoutMs: 20 });
    expect(
      await broker.ask({
        kind: 'sampling-answer',
        server: 's',
        model: 'm',
        text: 't',
        stopReason: null,
      }),
    ).toEqual({ action: 'deny' });
    expect(
      await broker.ask({
        kind: 'elicitation-form',
        server: 's',
        message: 'm',
        fields: [],
        purpose: null,
      }),
    ).toEqual({ action: 'cancel' });
  });
});

describe('roots', () => {
  it('the project folder, then the server’s own folders; relative paths and repeats left out', async () => {
    await settings.update({
      servers: { docs: { roots: ['/data/docs', 'relative/dir', '/work/project'] } },
    });
    expect(rootsFor('docs', '/work/project', settings)).toEqual([
      { uri: 'file:///work/project', name: 'Project' },
      { uri: 'file:///data/docs', name: 'docs' },
    ]);
    expect(rootsFor('other', null, settings)).toEqual([]);
  });
});
