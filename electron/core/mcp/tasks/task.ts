// The task shapes of both eras, read into one view. 2025-11-25 (experimental tasks): a
// task-augmented call answers `{task: {taskId, status, ttl, pollInterval, ...}}`, tasks/get answers
// the Task itself, the payload comes from tasks/result. 2026-07-28 (the Tasks extension,
// io.modelcontextprotocol/tasks): any request may answer `{resultType: "task", taskId, ttlMs,
// pollIntervalMs, ...}` (flat), and tasks/get answers a DetailedTask carrying `result`, `error` or
// `inputRequests` inline.
import type { Era } from '../era';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** What Lena knows of one server task, whichever era it came from. */
export interface TaskView {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** Epoch ms; when the server's timestamp is missing or unreadable, when Lena first saw it. */
  createdAt: number;
  /** How long the server keeps the task from creation; null for unlimited. */
  ttlMs: number | null;
  pollIntervalMs?: number;
  /** 2026: the outcome carried inline (completed / failed / input_required). */
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
  inputRequests?: Record<string, unknown>;
}

/** The extension Lena declares on both wires (an empty object: no settings are defined). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The 2025 client capability: Lena can cancel tasks (it does not list them, nor run any itself). */
export const LEGACY_TASKS_CAPABILITY = Object.freeze({ cancel: {} });

const STATUSES = new Set<string>(['working', 'input_required', 'completed', 'failed', 'cancelled']);

export const isTerminal = (s: TaskStatus): boolean =>
  s === 'completed' || s === 'failed' || s === 'cancelled';

/** The task a result hands back instead of the answer, or undefined when it is the answer. */
export function taskHandle(
  result: Record<string, unknown>,
  era: Era | undefined,
): TaskView | undefined {
  if (era === 'modern') return result.resultType === 'task' ? readTask(result, era) : undefined;
  const task = result.task;
  return typeof task === 'object' && task !== null && !Array.isArray(result.content)
    ? readTask(task as Record<string, unknown>, 'legacy')
    : undefined;
}

/** Reads a Task object (a handle, a tasks/get answer, a status notification); undefined if malformed. */
export function readTask(
  raw: Record<string, unknown>,
  era: Era | undefined,
  seen?: TaskView,
): TaskView | undefined {
  const taskId = raw.taskId;
  const status = raw.status;
  if (
    typeof taskId !== 'string' ||
    taskId === '' ||
    typeof status !== 'string' ||
    !STATUSES.has(status)
  )
    return undefined;
  const ttl = era === 'modern' ? raw.ttlMs : raw.ttl;
  const poll = era === 'modern' ? raw.pollIntervalMs : raw.pollInterval;
  const created = typeof raw.createdAt === 'string' ? Date.parse(raw.createdAt) : NaN;
  const view: TaskView = {
    taskId,
    status: status as TaskStatus,
    createdAt: Number.isFinite(created) ? created : (seen?.createdAt ?? Date.now()),
    ttlMs:
      typeof ttl === 'number' && ttl >= 0 && Number.isFinite(ttl)
        ? ttl
        : ttl === null
          ? null
          : (seen?.ttlMs ?? null),
  };
  if (typeof raw.statusMessage === 'string') view.statusMessage = raw.statusMessage;
  if (typeof poll === 'number' && poll > 0 && Number.isFinite(poll)) view.pollIntervalMs = poll;
  else if (seen?.pollIntervalMs) view.pollIntervalMs = seen.pollIntervalMs;
  if (isObject(raw.result)) view.result = raw.result;
  if (isObject(raw.error)) {
    const e = raw.error;
    view.error = {
      code: typeof e.code === 'number' ? e.code : -32603,
      message: typeof e.message === 'string' ? e.message : 'the task failed',
      data: e.data,
    };
  }
  if (isObject(raw.inputRequests)) view.inputRequests = raw.inputRequests;
  return view;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * 2025: the `task` param for a task-augmented tools/call, when the server offers task-augmented
 * calls and the tool requires one (or allows one and the caller wants it). 2026 needs none: the
 * server decides, and the extension is declared in every request's envelope.
 */
export function taskRequest(
  era: Era | undefined,
  capabilities: Record<string, unknown> | undefined,
  tool: { execution?: { taskSupport?: string } } | undefined,
  wanted: boolean | undefined,
): { task?: Record<string, unknown> } {
  const offered = (capabilities?.tasks as { requests?: { tools?: { call?: unknown } } } | undefined)
    ?.requests?.tools?.call;
  if (era === 'modern' || !offered) return {};
  const support = tool?.execution?.taskSupport;
  return support === 'required' || (support === 'optional' && wanted) ? { task: {} } : {};
}
