// The broker between the agent loop and whoever answers permission dialogs. The loop awaits a
// Promise; the window sees `requested`/`resolved` events and answers by id. A request that nobody
// answers in time, whose window closes, or whose turn is stopped is denied with that reason.
import { randomUUID } from 'node:crypto';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import type { PermissionPrompt } from './prompt';
import type { Answer, DecisionKind } from './types';

/** A pending request as the window sees it. `position` is 1-based in the queue. */
export interface PendingRequest extends PermissionPrompt {
  id: string;
  position: number;
  queueLength: number;
  requestedAt: string;
  /** When it will be denied for lack of an answer. */
  expiresAt: string;
}

/**
 * How a request ended: the user's answer, why there was none (already an audit string), or
 * `settled`: the asker withdrew it because another answer already decided it (an identical call
 * the user allowed for this chat while this one waited in the queue).
 */
export type BrokerResult =
  { answered: true; answer: Answer } | { answered: false; decidedBy: string; settled?: true };

export interface ResolvedEvent {
  id: string;
  conversationId: string;
  result: BrokerResult;
}

export interface BrokerEvents {
  requested: PendingRequest;
  resolved: ResolvedEvent;
}

export interface BrokerOptions {
  /** How long a dialog waits for an answer (default 120 s). */
  timeoutMs?: number;
  newId?: () => string;
  now?: () => Date;
}

interface Entry {
  id: string;
  prompt: PermissionPrompt;
  requestedAt: Date;
  expiresAt: Date;
  settle: (result: BrokerResult) => void;
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

export class PermissionBroker {
  private readonly entries = new Map<string, Entry>(); // insertion order is queue order
  private readonly listeners: {
    [K in keyof BrokerEvents]: Set<(payload: BrokerEvents[K]) => void>;
  } = {
    requested: new Set(),
    resolved: new Set(),
  };
  private readonly timeoutMs: number;
  private readonly newId: () => string;
  private readonly now: () => Date;

  constructor(options: BrokerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 120_000;
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

  /** Queues a dialog; resolves with the answer, or with why there was none. Never rejects. */
  request(
    prompt: PermissionPrompt,
    options: { signal?: AbortSignal; timeoutMs?: number; onQueued?: (id: string) => void } = {},
  ): Promise<BrokerResult> {
    const { signal } = options;
    if (signal?.aborted) return Promise.resolve({ answered: false, decidedBy: abortText(signal) });
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const id = this.newId();
    const requestedAt = this.now();
    return new Promise<BrokerResult>((resolve) => {
      const onAbort = () => this.finish(id, { answered: false, decidedBy: abortText(signal) });
      const timer = setTimeout(
        () =>
          this.finish(id, {
            answered: false,
            decidedBy: `timeout: no answer in ${formatSeconds(timeoutMs)}`,
          }),
        timeoutMs,
      );
      timer.unref?.();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.entries.set(id, {
        id,
        prompt,
        requestedAt,
        expiresAt: new Date(requestedAt.getTime() + timeoutMs),
        settle: (result) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(result);
        },
      });
      options.onQueued?.(id);
      const view = this.pending().find((p) => p.id === id);
      if (view) this.emit('requested', view);
    });
  }

  /**
   * Answers a pending request. A refused answer (not offered, or an "always allow" that needs
   * `confirmed: true`) throws a LenaError saying why, and the request stays pending.
   */
  answer(id: string, answer: Answer): void {
    const entry = this.entries.get(id);
    if (!entry)
      throw new LenaError(
        ERROR_CODE.notFound,
        `Permission request ${id} is no longer pending (it was answered, timed out or cancelled).`,
      );
    const { offered, needsConfirmation } = entry.prompt;
    if (!offered.includes(answer.kind)) {
      const why =
        answer.kind === 'always-allow-server' || answer.kind === 'always-allow-when'
          ? 'it is offered only for a server you marked trusted (in its current configuration)'
          : 'an ask rule requires a decision each time for this tool';
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${decisionLabel(answer.kind)}" is not available for ${entry.prompt.qualifiedName}: ${why}.`,
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
    this.finish(id, { answered: true, answer });
  }

  /** Pending requests in queue order, with their current positions. */
  pending(): PendingRequest[] {
    const all = [...this.entries.values()];
    return all.map((entry, index) => ({
      ...entry.prompt,
      id: entry.id,
      position: index + 1,
      queueLength: all.length,
      requestedAt: entry.requestedAt.toISOString(),
      expiresAt: entry.expiresAt.toISOString(),
    }));
  }

  /**
   * Takes a request off the queue without the user's answer, because another decision already
   * covers it (`decidedBy` says which). The window sees it resolved like any other.
   */
  settle(id: string, decidedBy: string): void {
    this.finish(id, { answered: false, decidedBy, settled: true });
  }

  /** Denies every pending request (the window closed); returns how many there were. */
  cancelAll(reason: string, conversationId?: string): number {
    const ids = [...this.entries.values()]
      .filter((e) => conversationId === undefined || e.prompt.conversationId === conversationId)
      .map((e) => e.id);
    for (const id of ids) this.finish(id, { answered: false, decidedBy: `cancelled: ${reason}` });
    return ids.length;
  }

  private finish(id: string, result: BrokerResult): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    entry.settle(result);
    this.emit('resolved', { id, conversationId: entry.prompt.conversationId, result });
  }

  private emit<K extends keyof BrokerEvents>(event: K, payload: BrokerEvents[K]): void {
    for (const listener of [...this.listeners[event]]) {
      try {
        listener(payload);
      } catch {
        // A faulty listener (a closed window) must not keep the loop waiting or break others.
      }
    }
  }
}

function abortText(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  if (typeof reason === 'string' && reason) return `cancelled: ${reason}`;
  return 'cancelled: the turn was stopped';
}

function formatSeconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
