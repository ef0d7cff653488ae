// Tasks the other way round (2025-11-25, experimental): a server may ask Lena to run its
// sampling or elicitation request as a task (`params.task` on sampling/createMessage or
// elicitation/create), when Lena declared `tasks.requests.sampling.createMessage` /
// `.elicitation.create`. Lena answers at once with a CreateTaskResult, does the work (the same
// handlers, so the same review by the user), and serves the server's tasks/get, tasks/result,
// tasks/list and tasks/cancel. Bounded: a task is forgotten after its TTL (at most an hour), and
// a session holds at most MAX_RECEIVED_TASKS at once.
import { randomUUID } from 'node:crypto';
import { ErrorCodes } from '../jsonrpc-types';
import { RequestHandlerError } from '../jsonrpc';
import type { TaskStatus } from './task';

export const MAX_RECEIVED_TASKS = 16;
const MAX_TTL_MS = 3_600_000;
const DEFAULT_TTL_MS = 300_000;
const POLL_INTERVAL_MS = 500;

interface Received {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number;
  controller: AbortController;
  done: Promise<void>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  timer?: ReturnType<typeof setTimeout>;
}

/** The Task object of the 2025 schema (what tasks/get and tasks/cancel answer). */
function wire(t: Received): Record<string, unknown> {
  const out: Record<string, unknown> = {
    taskId: t.taskId,
    status: t.status,
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttl: t.ttl,
    pollInterval: POLL_INTERVAL_MS,
  };
  if (t.statusMessage) out.statusMessage = t.statusMessage;
  return out;
}

export class ReceivedTasks {
  private readonly tasks = new Map<string, Received>();

  /** Starts `run` as a task and answers with the CreateTaskResult. */
  create(
    requested: unknown,
    run: (signal: AbortSignal) => Promise<Record<string, unknown>>,
  ): Record<string, unknown> {
    if (this.tasks.size >= MAX_RECEIVED_TASKS) {
      throw new RequestHandlerError(
        ErrorCodes.InternalError,
        `Lena is already running ${MAX_RECEIVED_TASKS} tasks for this server; wait for one to finish`,
      );
    }
    const ttlAsked = (requested as { ttl?: unknown } | null)?.ttl;
    const ttl =
      typeof ttlAsked === 'number' && ttlAsked > 0
        ? Math.min(ttlAsked, MAX_TTL_MS)
        : DEFAULT_TTL_MS;
    const now = new Date().toISOString();
    const controller = new AbortController();
    // The request that created the task is answered at once; from then on tasks/cancel (or the
    // session closing) stops the work.
    const task: Received = {
      taskId: randomUUID(),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttl,
      controller,
      done: Promise.resolve(),
    };
    task.done = run(controller.signal).then(
      (result) => this.settle(task, 'completed', { result }),
      (e: unknown) =>
        this.settle(task, controller.signal.aborted ? 'cancelled' : 'failed', {
          error: {
            code:
              typeof (e as { code?: unknown }).code === 'number'
                ? (e as { code: number }).code
                : ErrorCodes.InternalError,
            message: (e as Error)?.message ?? String(e),
          },
        }),
    );
    task.timer = setTimeout(() => this.forget(task.taskId), ttl);
    task.timer.unref?.();
    this.tasks.set(task.taskId, task);
    return { task: wire(task) };
  }

  /** tasks/get, tasks/result, tasks/list, tasks/cancel from the server; undefined for other methods. */
  answer(
    method: string,
    params: Record<string, unknown> | undefined,
  ): Record<string, unknown> | Promise<Record<string, unknown>> | undefined {
    switch (method) {
      case 'tasks/get':
        return wire(this.find(params));
      case 'tasks/list':
        return { tasks: [...this.tasks.values()].map(wire) };
      case 'tasks/cancel': {
        const t = this.find(params);
        if (t.status === 'working' || t.status === 'input_required') {
          t.controller.abort(new Error('cancelled by the server'));
          this.settle(t, 'cancelled', { statusMessage: 'Cancelled by the server' });
        }
        return wire(t);
      }
      case 'tasks/result': {
        const t = this.find(params);
        return t.done.then(() => {
          if (t.status === 'completed' && t.result)
            return {
              ...t.result,
              _meta: { 'io.modelcontextprotocol/related-task': { taskId: t.taskId } },
            };
          throw new RequestHandlerError(
            t.error?.code ?? ErrorCodes.InternalError,
            t.error?.message ?? `the task ${t.status}`,
          );
        });
      }
      default:
        return undefined;
    }
  }

  /** The session closed: every task still running stops. */
  close(): void {
    for (const t of this.tasks.values()) {
      t.controller.abort(new Error('the session closed'));
      clearTimeout(t.timer);
    }
    this.tasks.clear();
  }

  private find(params: Record<string, unknown> | undefined): Received {
    const id = params?.taskId;
    const t = typeof id === 'string' ? this.tasks.get(id) : undefined;
    if (!t)
      throw new RequestHandlerError(
        ErrorCodes.InvalidParams,
        `Lena has no task ${JSON.stringify(id ?? null)} (it finished more than its TTL ago, or never existed)`,
      );
    return t;
  }

  private settle(
    t: Received,
    status: TaskStatus,
    extra: {
      result?: Record<string, unknown>;
      error?: { code: number; message: string };
      statusMessage?: string;
    },
  ): void {
    if (t.status === 'completed' || t.status === 'failed' || t.status === 'cancelled') return;
    t.status = status;
    t.lastUpdatedAt = new Date().toISOString();
    if (extra.result) t.result = extra.result;
    if (extra.error) t.error = extra.error;
    t.statusMessage = extra.statusMessage ?? extra.error?.message;
  }

  private forget(id: string): void {
    const t = this.tasks.get(id);
    if (!t) return;
    t.controller.abort(new Error('the task outlived its TTL'));
    this.tasks.delete(id);
  }
}
