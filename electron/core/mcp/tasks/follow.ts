// Follows a server task to its end: polls tasks/get at the server's pollInterval (woken early by
// status notifications), answers input requests (2026: through the client-features port, sent
// with tasks/update; 2025: by calling tasks/result, whose stream carries the server's requests),
// fetches the payload (2025: tasks/result; 2026: inline), and gives up at the task's TTL or the
// per-server maximum, whichever comes first. Aborting the signal sends tasks/cancel (never
// notifications/cancelled, which both revisions forbid for tasks).
import {
  answerInputRequests,
  type CallBudget,
  type ClientFeatureHandlers,
} from '../client-features';
import {
  McpCancelledError,
  McpProtocolError,
  McpRpcError,
  McpTransportError,
  isMcpError,
} from '../errors';
import type { Era } from '../era';
import type { RequestOptions } from '../jsonrpc';
import { isTerminal, readTask, type TaskView } from './task';

export interface TaskHost {
  era(): Era | undefined;
  request(
    method: string,
    params: Record<string, unknown>,
    opts: RequestOptions,
  ): Promise<Record<string, unknown>>;
  features?: ClientFeatureHandlers;
  diagnostic(message: string): void;
}

export interface FollowOptions {
  signal?: AbortSignal;
  /** Every change of status or status message, the first one included. */
  onTask?: (task: TaskView) => void;
  /** Which request the task stands for ("tools/call research"), for messages. */
  purpose: string;
  /** When Lena began waiting for this task (before a reconnect or restart: the first time). */
  since?: number;
  /** What the request the task stands for has asked so far (the caps count a task's input with its call). */
  call?: CallBudget;
  /** The conversation the task's call serves (opaque here): what the server asks for it carries it. */
  conversationId?: string;
}

export interface TaskLimits {
  /** The longest Lena follows one task, whatever its TTL says (the per-server maximum). */
  maxTaskMs: number;
  /** Timeout of each tasks/get, tasks/update, tasks/cancel. */
  requestTimeoutMs: number;
}

const DEFAULT_POLL_MS = 1_000;
const MIN_POLL_MS = 50;
const MAX_POLL_MS = 30_000;

/** A task lost with its connection; the manager follows it again on the next one. */
export class TaskInterruptedError extends McpTransportError {
  constructor(
    readonly task: TaskView,
    readonly since: number,
    cause: McpTransportError,
  ) {
    super(
      `${cause.message} (task ${task.taskId} is still on the server; Lena follows it again when the server is back)`,
      { exitCode: cause.exitCode, signal: cause.signal, stderrTail: cause.stderrTail },
      { cause },
    );
    this.name = 'TaskInterruptedError';
  }
}

/**
 * An abort with this reason leaves the task running on the server (Lena quitting): no
 * tasks/cancel, and the call ends as interrupted, so the journal keeps it for the next start.
 */
export class DetachFromTask extends Error {
  constructor(message = 'Lena is quitting') {
    super(message);
    this.name = 'DetachFromTask';
  }
}

/** The tasks of one session: wakes a follower when its status notification arrives. */
export class TaskTracker {
  private readonly watchers = new Map<string, (task: Record<string, unknown>) => void>();

  constructor(
    private readonly host: TaskHost,
    private readonly limits: TaskLimits,
  ) {}

  /** notifications/tasks (2026) or notifications/tasks/status (2025). */
  notify(params: Record<string, unknown> | undefined): void {
    const id = params?.taskId;
    if (typeof id === 'string') this.watchers.get(id)?.(params!);
  }

  /** Follows `seed` to its result (what the original request would have answered). */
  async follow(seed: TaskView, given: FollowOptions): Promise<Record<string, unknown>> {
    // A task followed again after a reconnect counts its input afresh; its first follow shares the call's count.
    const opts: FollowOptions = { ...given, call: given.call ?? { sampling: 0 } };
    const since = opts.since ?? Date.now();
    const id = seed.taskId;
    let task = seed;
    let shown: string | undefined;
    const show = () => {
      const key = `${task.status}\u0000${task.statusMessage ?? ''}`;
      if (key !== shown) opts.onTask?.(((shown = key), task));
    };
    let wake: (() => void) | undefined;
    let pushed: Record<string, unknown> | undefined;
    this.watchers.set(id, (raw) => {
      pushed = raw;
      wake?.();
    });
    const listen = this.host.era() === 'modern' ? this.listen(id) : undefined;
    const answered = new Set<string>();
    try {
      for (;;) {
        show();
        if (opts.signal?.aborted) return await this.cancel(task, opts);
        if (isTerminal(task.status)) return await this.outcome(task, opts, since);
        const deadline = this.deadline(task, since);
        if (Date.now() >= deadline.at) {
          void this.request('tasks/cancel', id).catch(() => undefined);
          throw new McpProtocolError(
            `${opts.purpose}: ${deadline.why}; Lena stopped following task ${id}`,
          );
        }
        if (task.status === 'input_required') {
          if (this.host.era() !== 'modern') return await this.payload(task, opts, since);
          await this.answer(task, answered, opts);
        }
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            opts.signal?.removeEventListener('abort', done);
            wake = undefined;
            resolve();
          };
          const interval = Math.min(
            MAX_POLL_MS,
            Math.max(MIN_POLL_MS, task.pollIntervalMs ?? DEFAULT_POLL_MS),
          );
          const timer = setTimeout(done, Math.max(0, Math.min(interval, deadline.at - Date.now())));
          wake = done;
          if (pushed) done();
          opts.signal?.addEventListener('abort', done, { once: true });
        });
        if (opts.signal?.aborted) continue;
        const raw = pushed ?? (await this.request('tasks/get', id));
        pushed = undefined;
        task = readTask(raw, this.host.era(), task) ?? task;
      }
    } catch (e) {
      if (
        e instanceof McpTransportError &&
        !(e instanceof TaskInterruptedError) &&
        !opts.signal?.aborted
      )
        throw new TaskInterruptedError(task, since, e);
      throw e;
    } finally {
      this.watchers.delete(id);
      listen?.abort('the task ended');
    }
  }

  /** 2026: a listen stream for this task's notifications; polling goes on if the server has none. */
  private listen(taskId: string): AbortController {
    const abort = new AbortController();
    this.host
      .request(
        'subscriptions/listen',
        { notifications: { taskIds: [taskId] } },
        { timeoutMs: this.limits.maxTaskMs, signal: abort.signal },
      )
      .catch((e: unknown) => {
        if (!abort.signal.aborted && e instanceof McpRpcError)
          this.host.diagnostic(
            `subscriptions/listen for task ${taskId} refused (${e.serverMessage}); polling tasks/get instead`,
          );
      });
    return abort;
  }

  private deadline(task: TaskView, since: number): { at: number; why: string } {
    const max = {
      at: since + this.limits.maxTaskMs,
      why: `the task ran longer than this server's maximum of ${seconds(this.limits.maxTaskMs)}`,
    };
    if (task.ttlMs === null) return max;
    const ttl = task.createdAt + task.ttlMs;
    return ttl < max.at
      ? {
          at: ttl,
          why: `the task was not finished when its time to live (${seconds(task.ttlMs)}) ran out, and the server may have discarded it`,
        }
      : max;
  }

  /** 2026: the input requests not answered yet, through the host's handlers, sent with tasks/update. */
  private async answer(task: TaskView, answered: Set<string>, opts: FollowOptions): Promise<void> {
    const pending = Object.fromEntries(
      Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key)),
    );
    if (Object.keys(pending).length === 0) return;
    const responses = await answerInputRequests(pending, this.host.features, {
      signal: opts.signal,
      purpose: opts.purpose,
      call: opts.call,
      conversationId: opts.conversationId,
    });
    for (const key of Object.keys(responses)) answered.add(key);
    await this.host.request(
      'tasks/update',
      { taskId: task.taskId, inputResponses: responses },
      { timeoutMs: this.limits.requestTimeoutMs },
    );
  }

  private async outcome(
    task: TaskView,
    opts: FollowOptions,
    since: number,
  ): Promise<Record<string, unknown>> {
    if (task.status === 'cancelled') {
      throw new McpProtocolError(
        `${opts.purpose}: the server cancelled task ${task.taskId}${task.statusMessage ? `: ${task.statusMessage}` : ''}`,
      );
    }
    if (this.host.era() !== 'modern') return this.payload(task, opts, since);
    if (task.status === 'failed') {
      const e = task.error ?? { code: -32603, message: task.statusMessage ?? 'the task failed' };
      throw new McpRpcError(opts.purpose, e.code, e.message, e.data);
    }
    if (!task.result) {
      // A notification without the result: ask for the full task once.
      const full = readTask(await this.request('tasks/get', task.taskId), 'modern', task);
      if (full?.result) return full.result;
      throw new McpProtocolError(`${opts.purpose}: task ${task.taskId} completed without a result`);
    }
    return task.result;
  }

  /**
   * 2025: tasks/result blocks until the task ends (delivering its requests meanwhile). Giving it
   * up is tasks/cancel, never notifications/cancelled (the revision forbids that for tasks).
   */
  private async payload(
    task: TaskView,
    opts: FollowOptions,
    since: number,
  ): Promise<Record<string, unknown>> {
    const left = Math.max(1, this.deadline(task, since).at - Date.now());
    try {
      return await this.host.request(
        'tasks/result',
        { taskId: task.taskId },
        {
          timeoutMs: left,
          signal: opts.signal,
          cancellable: false,
          conversationId: opts.conversationId,
        },
      );
    } catch (e) {
      if (opts.signal?.aborted) return this.cancel(task, opts);
      throw e;
    }
  }

  private async cancel(task: TaskView, opts: FollowOptions): Promise<never> {
    const reason: unknown = opts.signal?.reason;
    if (reason instanceof DetachFromTask)
      throw new TaskInterruptedError(
        task,
        opts.since ?? Date.now(),
        new McpTransportError(`${opts.purpose}: ${reason.message}`),
      );
    try {
      await this.request('tasks/cancel', task.taskId);
    } catch (e) {
      this.host.diagnostic(
        `tasks/cancel for ${task.taskId} failed: ${isMcpError(e) ? e.message : String(e)}`,
      );
    }
    opts.onTask?.({ ...task, status: 'cancelled' });
    throw new McpCancelledError(opts.purpose, 'cancelled by the user (tasks/cancel sent)');
  }

  private request(
    method: 'tasks/get' | 'tasks/cancel',
    taskId: string,
  ): Promise<Record<string, unknown>> {
    return this.host.request(method, { taskId }, { timeoutMs: this.limits.requestTimeoutMs });
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
