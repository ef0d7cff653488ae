import { describe, expect, it } from 'vitest';
import {
  AskBroker,
  type PendingRequest,
  type ResolvedEvent,
} from '../../../../electron/core/permissions/broker';
import { decide } from '../../../../electron/core/permissions/gate';
import { buildPrompt } from '../../../../electron/core/permissions/prompt';
import { defaultPermissionState } from '../../../../electron/core/permissions/scopes';
import { trustServer } from '../../../../electron/core/permissions/trust';
import type { PermissionState } from '../../../../electron/core/permissions/types';
import { LenaError } from '../../../../shared/result';
import { call, FS, readOnly, tool } from './requests';

function prompt(
  name: string,
  conversationId = 'c1',
  state: PermissionState = defaultPermissionState(),
) {
  const request = call(name, {
    conversationId,
    tool: tool(name, name.startsWith('read') ? { annotations: readOnly } : {}),
  });
  return buildPrompt(
    request,
    decide(request, { state: { ...state, autoApproveReadOnlyTrusted: false }, interactive: true }),
  );
}

function recorder(broker: AskBroker) {
  const requested: PendingRequest[] = [];
  const resolved: ResolvedEvent[] = [];
  broker.on('requested', (r) => requested.push(r as PendingRequest));
  broker.on('resolved', (r) => resolved.push(r));
  return { requested, resolved };
}

let counter = 0;
const newBroker = (timeoutMs = 60_000) =>
  new AskBroker({ timeoutMs, newId: () => `r${++counter}` });

describe('AskBroker', () => {
  it('queues requests in order, with positions, and resolves each with its own answer', async () => {
    const broker = newBroker();
    const events = recorder(broker);
    const first = broker.request(prompt('write'));
    const second = broker.request(prompt('delete'));
    expect(events.requested.map((r) => [r.qualifiedName, r.position])).toEqual([
      ['mcp__fs__write', 1],
      ['mcp__fs__delete', 2],
    ]);
    expect(broker.requests().map((p) => [p.toolName, p.position, p.queueLength])).toEqual([
      ['write', 1, 2],
      ['delete', 2, 2],
    ]);
    const [a, b] = broker.requests().map((p) => p.id);
    broker.answer(b, { kind: 'deny', reason: 'not that file' });
    broker.answer(a, { kind: 'allow-once' });
    expect(await first).toEqual({ answered: true, answer: { kind: 'allow-once' } });
    expect(await second).toEqual({
      answered: true,
      answer: { kind: 'deny', reason: 'not that file' },
    });
    expect(events.resolved.map((r) => r.id)).toEqual([b, a]);
    expect(broker.requests()).toEqual([]);
  });

  it('denies a request nobody answers in time, saying so', async () => {
    const broker = newBroker(30);
    const events = recorder(broker);
    const result = await broker.request(prompt('write'));
    expect(result).toEqual({ answered: false, decidedBy: 'timeout: no answer in 30 ms' });
    expect(events.resolved[0]).toMatchObject({
      by: 'timeout',
      decision: 'timeout: no answer in 30 ms',
    });
  });

  it('reports the configured timeout in seconds', async () => {
    const broker = new AskBroker({ timeoutMs: 120_000 });
    const pending = broker.request(prompt('write'), { timeoutMs: 1500 });
    expect(await pending).toEqual({ answered: false, decidedBy: 'timeout: no answer in 1.5 s' });
    const long = broker.request(prompt('write'));
    const expires =
      Date.parse(broker.requests()[0].expiresAt) - Date.parse(broker.requests()[0].requestedAt);
    expect(expires).toBe(120_000);
    broker.cancelAll('done');
    expect(await long).toEqual({ answered: false, decidedBy: 'cancelled: done' });
  });

  it('cancelAll denies every pending request (the window closed); a later answer is refused', async () => {
    const broker = newBroker();
    const a = broker.request(prompt('write'));
    const b = broker.request(prompt('delete', 'c2'));
    const ids = broker.requests().map((p) => p.id);
    expect(broker.cancelAll('the window was closed')).toBe(2);
    expect(await a).toEqual({ answered: false, decidedBy: 'cancelled: the window was closed' });
    expect(await b).toEqual({ answered: false, decidedBy: 'cancelled: the window was closed' });
    expect(() => broker.answer(ids[0], { kind: 'allow-once' })).toThrow(/no longer pending/);
  });

  it('cancels only one conversation when asked to', async () => {
    const broker = newBroker();
    const a = broker.request(prompt('write', 'c1'));
    broker.request(prompt('write', 'c2'));
    expect(broker.cancelAll('conversation deleted', 'c1')).toBe(1);
    expect(await a).toEqual({ answered: false, decidedBy: 'cancelled: conversation deleted' });
    expect(broker.requests().map((p) => p.conversationId)).toEqual(['c2']);
    broker.cancelAll('done');
  });

  it('an aborted turn denies its request, and an already aborted signal never queues one', async () => {
    const broker = newBroker();
    const controller = new AbortController();
    const pending = broker.request(prompt('write'), { signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({
      answered: false,
      decidedBy: 'cancelled: the turn was stopped',
    });
    expect(
      await broker.request(prompt('write'), { signal: AbortSignal.abort('user pressed stop') }),
    ).toEqual({
      answered: false,
      decidedBy: 'cancelled: user pressed stop',
    });
    expect(broker.requests()).toEqual([]);
  });

  it('refuses "always allow" of a destructive tool without the second confirmation, and keeps the request', async () => {
    const broker = newBroker();
    const pending = broker.request(prompt('delete'));
    const id = broker.requests()[0].id;
    expect(() => broker.answer(id, { kind: 'always-allow-tool' })).toThrow(
      /confirm it a second time/,
    );
    expect(broker.requests()).toHaveLength(1);
    broker.answer(id, { kind: 'always-allow-tool', confirmed: true });
    expect(await pending).toEqual({
      answered: true,
      answer: { kind: 'always-allow-tool', confirmed: true },
    });
  });

  it('refuses "always allow this server" for an untrusted server, and accepts it (confirmed) for a trusted one', async () => {
    const broker = newBroker();
    broker.request(prompt('write'));
    const untrusted = broker.requests()[0].id;
    let error: unknown;
    try {
      broker.answer(untrusted, { kind: 'always-allow-server', confirmed: true });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LenaError);
    expect((error as LenaError).message).toMatch(/offered only for a server you marked trusted/);
    broker.cancelAll('next');

    const ok = broker.request(prompt('write', 'c1', trustServer(defaultPermissionState(), FS)));
    const id = broker.requests()[0].id;
    expect(() => broker.answer(id, { kind: 'always-allow-server' })).toThrow(
      /every tool of this server/,
    );
    broker.answer(id, { kind: 'always-allow-server', confirmed: true });
    expect((await ok).answered).toBe(true);
  });

  it('a failing listener does not stop the others or the request', async () => {
    const broker = newBroker();
    broker.on('requested', () => {
      throw new Error('window gone');
    });
    const seen: string[] = [];
    const off = broker.on('requested', (r) => seen.push(r.id));
    const pending = broker.request(prompt('write'));
    off();
    broker.request(prompt('write')).catch(() => undefined);
    expect(seen).toHaveLength(1);
    broker.answer(seen[0], { kind: 'allow-once' });
    expect((await pending).answered).toBe(true);
    broker.cancelAll('done');
  });
});

describe('AskBroker: one queue for every question', () => {
  const form = {
    kind: 'elicitation-form' as const,
    server: 'fs',
    message: 'Your name?',
    fields: [],
    purpose: null,
  };

  it('queues permissions and server questions in one order, with one id space and one pair of events', async () => {
    const broker = newBroker();
    const events = recorder(broker);
    const permission = broker.request(prompt('write'));
    const question = broker.ask(form);
    expect(broker.pending().map((a) => a.kind)).toEqual(['permission', 'elicitation-form']);
    const [p, q] = broker.pending().map((a) => a.id);
    expect(events.requested.map((r) => r.id)).toEqual([p, q]);
    // An answer of the wrong kind is refused, and both stay.
    expect(() => broker.answer(q, { kind: 'allow-once' })).toThrow(/server's question/);
    expect(() => broker.answerQuestion(p, { action: 'accept' })).toThrow(/permission request/);
    expect(() => broker.answerQuestion(q, { action: 'approve' })).toThrow(/not an answer/);
    expect(broker.pending()).toHaveLength(2);
    broker.answerQuestion(q, { action: 'accept', values: { name: 'Ada' } });
    expect(await question).toEqual({ action: 'accept', values: { name: 'Ada' } });
    broker.answer(p, { kind: 'deny' });
    expect((await permission).answered).toBe(true);
    expect(events.resolved.map((r) => [r.kind, r.by, r.decision])).toEqual([
      ['elicitation-form', 'user', 'accept'],
      ['permission', 'user', 'deny'],
    ]);
  });

  it('one deadline and one cancellation path: a question ends with its safe answer, a permission is denied', async () => {
    const broker = new AskBroker({ timeoutMs: 60_000, questionTimeoutMs: 20 });
    const events = recorder(broker);
    expect(await broker.ask(form)).toEqual({ action: 'cancel' });
    expect(events.resolved[0]).toMatchObject({ by: 'timeout', decision: 'cancel' });
    const permission = broker.request(prompt('write'));
    const sampling = broker.ask({
      kind: 'sampling-answer',
      server: 'fs',
      model: 'm',
      text: 'hi',
      stopReason: null,
    });
    const controller = new AbortController();
    const aborted = broker.ask(form, { signal: controller.signal });
    controller.abort('the server cancelled');
    expect(await aborted).toEqual({ action: 'cancel' });
    expect(broker.cancelAll('Lena is quitting')).toBe(2);
    expect(await permission).toEqual({ answered: false, decidedBy: 'cancelled: Lena is quitting' });
    expect(await sampling).toEqual({ action: 'deny' });
    expect(events.resolved.slice(1).map((r) => r.by)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });
});
