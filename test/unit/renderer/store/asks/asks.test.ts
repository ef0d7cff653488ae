// The one queue of questions against a fake host: tool permissions, servers' questions and the
// window's link questions, shown oldest first whatever their kind, each answered by id.
import { describe, expect, it } from 'vitest';
import type { AskView } from '../../../../../shared/asks';
import type { LinkQuestion } from '../../../../../renderer/store/asks/initial-state';
import {
  asksSelectors,
  headQuestion,
  questionCount,
} from '../../../../../renderer/store/asks/selectors';
import { storeWithFakeHost } from '../fake-host';

const permission = (id: string, createdAt: number) =>
  ({
    kind: 'permission',
    id,
    createdAt,
    server: 'fs',
    qualifiedName: 'mcp__fs__write_file',
  }) as AskView;
const question = (id: string, createdAt: number) =>
  ({ kind: 'elicitation-form', id, createdAt, server: 'fs', message: 'Name?' }) as AskView;
const link = (id: string, createdAt: number): LinkQuestion => ({
  kind: 'link',
  id,
  createdAt,
  href: 'https://evil.invalid/',
  text: 'bank',
  reasons: ['x'],
});

describe('asks slice', () => {
  it('starts with no question', () => {
    const { store } = storeWithFakeHost();
    expect(asksSelectors.head(store.getState())).toBeNull();
    expect(asksSelectors.count(store.getState())).toBe(0);
  });

  it('loads and receives every kind into one queue, oldest first, and drops each however it ended', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('asks:pending', () => [question('q2', 20)]);
    store.getState().subscribeQuestions();
    await store.getState().loadQuestions();
    host.emit('asks:requested', permission('p1', 10));
    host.emit('asks:requested', question('q3', 30));
    expect(asksSelectors.queue(store.getState()).map((a) => a.id)).toEqual(['p1', 'q2', 'q3']);
    expect(asksSelectors.headSummary(store.getState())).toBe('Allow mcp__fs__write_file from fs?');
    host.on('permissions:answer', () => undefined);
    await store.getState().answerPermission('p1', 'allow-once');
    expect(host.calls.at(-1)).toEqual({
      channel: 'permissions:answer',
      args: { id: 'p1', decision: 'allow-once' },
    });
    expect(asksSelectors.headSummary(store.getState())).toBe('fs asks for information.');
    host.on('questions:answer', () => undefined);
    await store.getState().answerServerQuestion('q2', { action: 'decline' });
    host.emit('asks:resolved', {
      id: 'q3',
      kind: 'elicitation-form',
      decision: 'cancel',
      by: 'timeout',
    });
    expect(asksSelectors.queue(store.getState())).toEqual([]);
  });

  it('an answer core refused keeps the question and says why, whatever its kind', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('asks:pending', () => [permission('p1', 10), question('q1', 20)]);
    await store.getState().loadQuestions();
    host.fail('permissions:answer', { code: 'not-found', message: 'The request timed out.' });
    const r = await store.getState().answerPermission('p1', 'deny');
    expect(r.ok).toBe(false);
    expect(asksSelectors.permission('p1')(store.getState())).toBeDefined();
    expect(asksSelectors.error(store.getState())?.message).toBe('The request timed out.');
    host.fail('questions:answer', {
      code: 'not-found',
      message: 'The server cancelled this request.',
    });
    await store.getState().answerServerQuestion('q1', { action: 'decline' });
    expect(asksSelectors.question('q1')(store.getState())).toBeDefined();
    expect(asksSelectors.error(store.getState())?.message).toBe(
      'The server cancelled this request.',
    );
  });

  it('opens the link through the host only when the answer is yes, and tells whoever asked (a view’s ui/open-link waits for this)', async () => {
    const { host, store } = storeWithFakeHost();
    const refused = store
      .getState()
      .askToOpenLink({ href: 'https://a.example/', text: 'a', reasons: ['x'] });
    const accepted = store
      .getState()
      .askToOpenLink({ href: 'https://b.example/', text: 'b', reasons: ['y'] });
    expect(asksSelectors.headSummary(store.getState())).toBe(
      'Open the link to https://a.example/?',
    );
    const [first, second] = store.getState().questionQueue;
    store.getState().answerLink(first.id, false);
    store.getState().answerLink(second.id, true);
    expect(await refused).toBe(false);
    expect(await accepted).toBe(true);
    expect(host.opened).toEqual(['https://b.example/']);
    expect(asksSelectors.count(store.getState())).toBe(0);
  });

  it('a load keeps the link questions the window asked meanwhile', async () => {
    const { host, store } = storeWithFakeHost();
    void store.getState().askToOpenLink({ href: 'https://a.example/', text: 'a', reasons: [] });
    host.on('asks:pending', () => [permission('p1', 1)]);
    await store.getState().loadQuestions();
    expect(asksSelectors.queue(store.getState()).map((a) => a.kind)).toEqual([
      'permission',
      'link',
    ]);
  });
});

it('shows the oldest question of any kind first and counts them all', () => {
  expect(headQuestion({ questionQueue: [] })).toBeNull();
  expect(headQuestion({ questionQueue: [link('l1', 10), permission('p1', 20)] })).toEqual({
    kind: 'link',
    id: 'l1',
    summary: 'Open the link to https://evil.invalid/?',
  });
  expect(headQuestion({ questionQueue: [permission('p1', 20), link('l1', 30)] })).toEqual({
    kind: 'permission',
    id: 'p1',
    summary: 'Allow mcp__fs__write_file from fs?',
  });
  expect(questionCount({ questionQueue: [permission('p1', 20), question('q1', 30)] })).toBe(2);
});
