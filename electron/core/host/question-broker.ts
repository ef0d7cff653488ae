// The broker for what servers ask of the user (sampling, elicitation), in the permission broker's
// pattern: core raises a typed question with an id and a deadline, whoever can answer (the window)
// sees `requested` and answers by id, nothing proceeds without an answer, and a question nobody
// answers in time, or whose request is cancelled, ends with its safe answer.
import { randomUUID } from 'node:crypto';
import {
  SAFE_ANSWERS,
  type ClientAnswer,
  type ClientQuestion,
} from '../../../shared/client-questions';
import { ERROR_CODE, LenaError } from '../../../shared/result';

type Body = ClientQuestion extends infer Q
  ? Q extends ClientQuestion
    ? Omit<Q, 'id' | 'createdAt' | 'expiresAt'>
    : never
  : never;

/** Which answers each kind accepts; anything else is refused and the question stays. */
const ALLOWED: Record<ClientQuestion['kind'], ClientAnswer['action'][]> = {
  'sampling-request': ['approve', 'deny'],
  'sampling-answer': ['approve', 'deny'],
  'elicitation-form': ['accept', 'decline', 'cancel'],
  'elicitation-url': ['accept', 'decline', 'cancel'],
  'app-message': ['approve', 'deny'],
  'sign-in': ['accept', 'cancel'],
};

export interface QuestionEvents {
  requested: ClientQuestion;
  resolved: {
    id: string;
    action: ClientAnswer['action'];
    decidedBy: 'user' | 'timeout' | 'cancelled' | 'completed';
  };
}

interface Entry {
  question: ClientQuestion;
  settle(answer: ClientAnswer, by: QuestionEvents['resolved']['decidedBy']): void;
}

export class QuestionBroker {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners: { [K in keyof QuestionEvents]: Set<(e: QuestionEvents[K]) => void> } =
    { requested: new Set(), resolved: new Set() };

  constructor(private readonly timeoutMs = 10 * 60_000) {}

  on<K extends keyof QuestionEvents>(
    event: K,
    listener: (e: QuestionEvents[K]) => void,
  ): () => void {
    this.listeners[event].add(listener);
    return () => this.listeners[event].delete(listener);
  }

  /** Raises a question; resolves with the user's answer, or the safe answer (timeout, abort). Never rejects. */
  ask(
    body: Body,
    opts: { signal?: AbortSignal; timeoutMs?: number; onId?: (id: string) => void } = {},
  ): Promise<ClientAnswer> {
    const safe = SAFE_ANSWERS[body.kind];
    if (opts.signal?.aborted) return Promise.resolve(safe);
    const id = randomUUID();
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    const question = {
      ...body,
      id,
      createdAt: Date.now(),
      expiresAt: new Date(Date.now() + timeoutMs).toISOString(),
    } as ClientQuestion;
    opts.onId?.(id);
    return new Promise((resolve) => {
      const onAbort = () => this.finish(id, safe, 'cancelled');
      const timer = setTimeout(() => this.finish(id, safe, 'timeout'), timeoutMs);
      timer.unref?.();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      this.entries.set(id, {
        question,
        settle: (answer, by) => {
          clearTimeout(timer);
          opts.signal?.removeEventListener('abort', onAbort);
          this.entries.delete(id);
          this.emit('resolved', { id, action: answer.action, decidedBy: by });
          resolve(answer);
        },
      });
      this.emit('requested', question);
    });
  }

  /** The user's answer; one the question does not offer is refused with why, and it stays pending. */
  answer(id: string, answer: ClientAnswer): void {
    const entry = this.entries.get(id);
    if (!entry)
      throw new LenaError(
        ERROR_CODE.notFound,
        `Question ${id} is no longer waiting (it was answered, timed out or cancelled).`,
      );
    if (!ALLOWED[entry.question.kind].includes(answer.action)) {
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${answer.action}" is not an answer to this question; use one of: ${ALLOWED[entry.question.kind].join(', ')}.`,
      );
    }
    this.finish(id, answer, 'user');
  }

  /** Closes a question without the user (a URL flow the server says is complete). */
  complete(id: string): void {
    this.finish(id, { action: 'accept' }, 'completed');
  }

  pending(): ClientQuestion[] {
    return [...this.entries.values()].map((e) => e.question);
  }

  /** Ends every waiting question with its safe answer (the window closed, Lena quits). */
  cancelAll(): void {
    for (const [id, e] of [...this.entries])
      this.finish(id, SAFE_ANSWERS[e.question.kind], 'cancelled');
  }

  private finish(
    id: string,
    answer: ClientAnswer,
    by: QuestionEvents['resolved']['decidedBy'],
  ): void {
    this.entries.get(id)?.settle(answer, by);
  }

  private emit<K extends keyof QuestionEvents>(event: K, payload: QuestionEvents[K]): void {
    for (const l of this.listeners[event]) l(payload);
  }
}
