// The one broker for everything Lena asks the user and waits on: tool permissions, and what
// servers ask (sampling, elicitation, sign-in, an App view's message). One queue, one id space, one
// way to end (an answer, the deadline, a cancellation), and one pair of events for whoever answers
// (the window): `requested` when a question joins the queue, `resolved` however it ended. The
// caller awaits a Promise that never rejects: a permission request nobody answers is denied with
// the reason; a server question ends with its safe answer.
import { randomUUID } from 'node:crypto';
import {
  SAFE_ANSWERS,
  type ClientAnswer,
  type ClientQuestion,
} from '../../../shared/client-questions';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import type { PermissionPrompt } from './prompt';
import type { Answer, DecisionKind } from './types';

/** A pending tool-permission request as the window sees it. `position` is 1-based in the queue. */
export interface PendingRequest extends PermissionPrompt {
  kind: 'permission';
  id: string;
  position: number;
  queueLength: number;
  requestedAt: string;
  /** When it will be denied for lack of an answer. */
  expiresAt: string;
}

/** Anything waiting for the user, in one queue. */
export type PendingAsk = PendingRequest | ClientQuestion;
export type AskKind = PendingAsk['kind'];

/** A server's question as raised: the broker adds its id and deadline. */
export type QuestionBody = ClientQuestion extends infer Q
  ? Q extends ClientQuestion
    ? Omit<Q, 'id' | 'createdAt' | 'expiresAt'>
    : never
  : never;

/**
 * How a permission request ended: the user's answer, why there was none (already an audit
 * string), or `settled`: the asker withdrew it because another answer already decided it (an
 * identical call the user allowed for this chat while this one waited in the queue).
 */
export type BrokerResult =
  { answered: true; answer: Answer } | { answered: false; decidedBy: string; settled?: true };

/** Who ended a question: the user, the deadline, a cancellation, another answer, or the server (a URL flow it says is complete). */
export type EndedBy = 'user' | 'timeout' | 'cancelled' | 'settled' | 'completed';

export interface ResolvedEvent {
  id: string;
  kind: AskKind;
  conversationId?: string;
  by: EndedBy;
  /** The answer given (a permission's kind, a question's action), or why a permission request had none. */
  decision: string;
}

export interface BrokerEvents {
  requested: PendingAsk;
  resolved: ResolvedEvent;
}

export interface BrokerOptions {
  /** How long a permission request waits for an answer (default 120 s). */
  timeoutMs?: number;
  /** How long a server's question waits (default 10 min: a form takes longer to fill). */
  questionTimeoutMs?: number;
  newId?: () => string;
  now?: () => Date;
}

export interface AskOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Called with the id once the question is queued (before `requested` is emitted). */
  onId?: (id: string) => void;
}

/** How one question ended, before its kind turns it into what the caller awaits. */
type Ending =
  { by: 'user'; answer: Answer | ClientAnswer } | { by: Exclude<EndedBy, 'user'>; why: string };

interface Entry {
  id: string;
  kind: AskKind;
  conversationId?: string;
  /** The question without its queue position. */
  body: PermissionPrompt | QuestionBody;
  requestedAt: Date;
  expiresAt: Date;
  /** Ends the caller's wait; returns the event's `decision`. */
  end(ending: Ending): string;
}

const LABELS: Record<DecisionKind, string> = {
  'allow-once': 'allow once',
  'allow-conversation': 'allow for this conversation',
  deny: 'deny',
  'always-allow-tool': 'always allow this tool',
  'always-allow-when': 'always allow these arguments',
  'always-allow-server': 'always allow this server',
  'always-deny-tool': 'always deny this tool',
};

export const decisionLabel = (kind: DecisionKind): string => LABELS[kind];

/** Which answers each kind of server question accepts; anything else is refused and the question stays. */
const ALLOWED: Record<ClientQuestion['kind'], ClientAnswer['action'][]> = {
  'sampling-request': ['approve', 'deny'],
  'sampling-answer': ['approve', 'deny'],
  'elicitation-form': ['accept', 'decline', 'cancel'],
  'elicitation-url': ['accept', 'decline', 'cancel'],
  'app-message': ['approve', 'deny'],
  'sign-in': ['accept', 'cancel'],
};

export class AskBroker {
  private readonly entries = new Map<string, Entry>(); // insertion order is queue order
  private readonly listeners: {
    [K in keyof BrokerEvents]: Set<(payload: BrokerEvents[K]) => void>;
  } = { requested: new Set(), resolved: new Set() };
  private readonly timeoutMs: number;
  private readonly questionTimeoutMs: number;
  private readonly newId: () => string;
  private readonly now: () => Date;

  constructor(options: BrokerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.questionTimeoutMs = options.questionTimeoutMs ?? 10 * 60_000;
    this.newId = options.newId ?? randomUUID;
    this.now = options.now ?? (() => new Date());
  }

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof BrokerEvents>(
    event: K,
    listener: (payload: BrokerEvents[K]) => void,
  ): () => void {
    this.listeners[event].add(listener);
    return () => this.listeners[event].delete(listener);
  }

  /** Queues a tool-permission request; resolves with the answer, or with why there was none. */
  request(
    prompt: PermissionPrompt,
    options: AskOptions & { onQueued?: (id: string) => void } = {},
  ): Promise<BrokerResult> {
    const { signal } = options;
    if (signal?.aborted) return Promise.resolve({ answered: false, decidedBy: abortText(signal) });
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    return new Promise<BrokerResult>((resolve) => {
      const onId = (id: string) => {
        options.onQueued?.(id);
        options.onId?.(id);
      };
      this.enqueue(
        'permission',
        prompt,
        prompt.conversationId,
        timeoutMs,
        { ...options, onId },
        (ending) => {
          if (ending.by === 'user') {
            const answer = ending.answer as Answer;
            resolve({ answered: true, answer });
            return answer.kind;
          }
          const decidedBy =
            ending.by === 'timeout'
              ? `timeout: no answer in ${formatSeconds(timeoutMs)}`
              : ending.by === 'cancelled'
                ? `cancelled: ${ending.why}`
                : ending.why;
          resolve({
            answered: false,
            decidedBy,
            ...(ending.by === 'settled' ? { settled: true } : {}),
          });
          return decidedBy;
        },
      );
    });
  }

  /** Raises a server's question; resolves with the user's answer, or its safe answer (timeout, abort). */
  ask(body: QuestionBody, options: AskOptions = {}): Promise<ClientAnswer> {
    const safe = SAFE_ANSWERS[body.kind];
    if (options.signal?.aborted) return Promise.resolve(safe);
    const timeoutMs = options.timeoutMs ?? this.questionTimeoutMs;
    const conversationId = 'conversationId' in body ? body.conversationId : undefined;
    return new Promise<ClientAnswer>((resolve) => {
      this.enqueue(body.kind, body, conversationId, timeoutMs, options, (ending) => {
        const answer =
          ending.by === 'user'
            ? (ending.answer as ClientAnswer)
            : ending.by === 'completed'
              ? { action: 'accept' as const }
              : safe;
        resolve(answer);
        return answer.action;
      });
    });
  }

  /**
   * Answers a pending permission request. A refused answer (not offered, or an "always allow"
   * that needs `confirmed: true`) throws a LenaError saying why, and the request stays pending.
   */
  answer(id: string, answer: Answer): void {
    const entry = this.waiting(id);
    if (entry.kind !== 'permission')
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `${id} is a server's question, not a permission request; answer it as a question.`,
      );
    const prompt = entry.body as PermissionPrompt;
    const { offered, needsConfirmation } = prompt;
    if (!offered.includes(answer.kind)) {
      const why =
        answer.kind === 'always-allow-server' || answer.kind === 'always-allow-when'
          ? 'it is offered only for a server you marked trusted (in its current configuration)'
          : 'an ask rule requires a decision each time for this tool';
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${decisionLabel(answer.kind)}" is not available for ${prompt.qualifiedName}: ${why}.`,
      );
    }
    if (needsConfirmation.includes(answer.kind) && answer.confirmed !== true) {
      const what =
        answer.kind === 'always-allow-server'
          ? 'every tool of this server, including destructive ones'
          : 'a tool that may modify or delete data';
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${decisionLabel(answer.kind)}" would let ${what} run without asking again; confirm it a second time (confirmed: true) or choose "allow once".`,
      );
    }
    this.finish(id, { by: 'user', answer });
  }

  /** The user's answer to a server's question; one the question does not offer is refused, and it stays. */
  answerQuestion(id: string, answer: ClientAnswer): void {
    const entry = this.waiting(id);
    if (entry.kind === 'permission')
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `${id} is a permission request; answer it with a permission decision.`,
      );
    const allowed = ALLOWED[entry.kind];
    if (!allowed.includes(answer.action))
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${answer.action}" is not an answer to this question; use one of: ${allowed.join(', ')}.`,
      );
    this.finish(id, { by: 'user', answer });
  }

  /** Everything waiting, in queue order (permission requests with their current positions). */
  pending(): PendingAsk[] {
    const all = [...this.entries.values()];
    return all.map((entry, index) => this.view(entry, index + 1, all.length));
  }

  /** The waiting tool-permission requests, in queue order. */
  requests(): PendingRequest[] {
    return this.pending().filter((a): a is PendingRequest => a.kind === 'permission');
  }

  /** The waiting server questions, in queue order. */
  questions(): ClientQuestion[] {
    return this.pending().filter((a): a is ClientQuestion => a.kind !== 'permission');
  }

  /**
   * Takes a permission request off the queue without the user's answer, because another decision
   * already covers it (`decidedBy` says which). The window sees it resolved like any other.
   */
  settle(id: string, decidedBy: string): void {
    this.finish(id, { by: 'settled', why: decidedBy });
  }

  /** Closes a question without the user (a URL flow or sign-in the server says is complete). */
  complete(id: string): void {
    this.finish(id, { by: 'completed', why: 'completed' });
  }

  /**
   * Ends every waiting question (the window closed, Lena quits), or only one conversation's;
   * permission requests are denied, server questions get their safe answer. Returns how many.
   */
  cancelAll(reason: string, conversationId?: string): number {
    const ids = [...this.entries.values()]
      .filter((e) => conversationId === undefined || e.conversationId === conversationId)
      .map((e) => e.id);
    for (const id of ids) this.finish(id, { by: 'cancelled', why: reason });
    return ids.length;
  }

  // The one path a question joins the queue by: its deadline, its abort, its `requested` event.
  private enqueue(
    kind: AskKind,
    body: PermissionPrompt | QuestionBody,
    conversationId: string | undefined,
    timeoutMs: number,
    options: AskOptions,
    end: (ending: Ending) => string,
  ): void {
    const { signal } = options;
    const id = this.newId();
    const requestedAt = this.now();
    const onAbort = () => this.finish(id, { by: 'cancelled', why: abortReason(signal) });
    const timer = setTimeout(() => this.finish(id, { by: 'timeout', why: 'timeout' }), timeoutMs);
    timer.unref?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.entries.set(id, {
      id,
      kind,
      ...(conversationId !== undefined ? { conversationId } : {}),
      body,
      requestedAt,
      expiresAt: new Date(requestedAt.getTime() + timeoutMs),
      end: (ending) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        return end(ending);
      },
    });
    options.onId?.(id);
    const all = [...this.entries.values()];
    this.emit('requested', this.view(this.entries.get(id)!, all.length, all.length));
  }

  private view(entry: Entry, position: number, queueLength: number): PendingAsk {
    if (entry.kind === 'permission')
      return {
        ...(entry.body as PermissionPrompt),
        kind: 'permission',
        id: entry.id,
        position,
        queueLength,
        requestedAt: entry.requestedAt.toISOString(),
        expiresAt: entry.expiresAt.toISOString(),
      };
    return {
      ...(entry.body as QuestionBody),
      id: entry.id,
      createdAt: entry.requestedAt.getTime(),
      expiresAt: entry.expiresAt.toISOString(),
    } as ClientQuestion;
  }

  private waiting(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry)
      throw new LenaError(
        ERROR_CODE.notFound,
        `Question ${id} is no longer pending (it was answered, timed out or cancelled).`,
      );
    return entry;
  }

  private finish(id: string, ending: Ending): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const decision = entry.end(ending);
    this.emit('resolved', {
      id,
      kind: entry.kind,
      ...(entry.conversationId !== undefined ? { conversationId: entry.conversationId } : {}),
      by: ending.by,
      decision,
    });
  }

  private emit<K extends keyof BrokerEvents>(event: K, payload: BrokerEvents[K]): void {
    for (const listener of [...this.listeners[event]]) {
      try {
        listener(payload);
      } catch {
        // A faulty listener (a closed window) must not keep the caller waiting or break others.
      }
    }
  }
}

function abortReason(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  return typeof reason === 'string' && reason ? reason : 'the turn was stopped';
}

const abortText = (signal: AbortSignal | undefined) => `cancelled: ${abortReason(signal)}`;

function formatSeconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
