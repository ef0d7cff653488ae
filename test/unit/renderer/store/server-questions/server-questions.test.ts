// The server-questions slice against a fake host: sampling and elicitation requests in one queue.
import { describe, expect, it } from 'vitest';
import type { ClientQuestion } from '../../../../../shared/client-questions';
import { serverQuestionsSelectors } from '../../../../../renderer/store/server-questions/selectors';
import { storeWithFakeHost } from '../fake-host';

const question = (id: string, createdAt: number) =>
  ({ id, createdAt, kind: 'elicitation', server: 'fs' }) as unknown as ClientQuestion;

describe('server questions slice', () => {
  it('starts empty', () => {
    const { store } = storeWithFakeHost();
    expect(serverQuestionsSelectors.queue(store.getState())).toEqual([]);
  });

  it('loads and queues questions oldest first, and an answer removes its question', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('questions:pending', () => [question('q2', 20)]);
    store.getState().subscribeServerQuestions();
    await store.getState().loadServerQuestions();
    host.emit('questions:requested', question('q1', 10));
    expect(serverQuestionsSelectors.queue(store.getState()).map((q) => q.id)).toEqual(['q1', 'q2']);
    host.on('questions:answer', () => undefined);
    await store.getState().answerServerQuestion('q1', { action: 'decline' } as never);
    expect(serverQuestionsSelectors.queue(store.getState()).map((q) => q.id)).toEqual(['q2']);
    host.emit('questions:resolved', { id: 'q2' } as never);
    expect(serverQuestionsSelectors.queue(store.getState())).toEqual([]);
  });

  it('an answer that did not reach the server keeps the question and says why', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('questions:pending', () => [question('q1', 10)]);
    await store.getState().loadServerQuestions();
    host.fail('questions:answer', {
      code: 'not-found',
      message: 'The server cancelled this request.',
    });
    await store.getState().answerServerQuestion('q1', { action: 'decline' } as never);
    expect(serverQuestionsSelectors.question('q1')(store.getState())).toBeDefined();
    expect(serverQuestionsSelectors.error(store.getState())?.message).toBe(
      'The server cancelled this request.',
    );
  });
});
