// Tasks a server asks Lena to run (2025-11-25 task-augmented sampling / elicitation): the
// server's view of them through tasks/get, tasks/result, tasks/list and tasks/cancel. The
// round trip with a real server is in client-features/everything-wires.test.ts.
import { describe, expect, it } from 'vitest';
import { MAX_RECEIVED_TASKS, ReceivedTasks } from '../../../../../electron/core/mcp/tasks/receiver';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('tasks Lena runs for a server', () => {
  it('answers at once with a working task, and tasks/result waits for the answer', async () => {
    const tasks = new ReceivedTasks();
    const work = deferred<Record<string, unknown>>();
    const created = tasks.create({ ttl: 60_000 }, () => work.promise) as {
      task: { taskId: string; status: string; ttl: number };
    };
    expect(created.task).toMatchObject({ status: 'working', ttl: 60_000 });
    const id = created.task.taskId;
    expect(tasks.answer('tasks/get', { taskId: id })).toMatchObject({
      taskId: id,
      status: 'working',
    });
    const result = tasks.answer('tasks/result', { taskId: id }) as Promise<Record<string, unknown>>;
    work.resolve({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' });
    expect(await result).toMatchObject({
      role: 'assistant',
      model: 'm',
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: id } },
    });
    expect(tasks.answer('tasks/get', { taskId: id })).toMatchObject({ status: 'completed' });
    expect(tasks.answer('tasks/list', {})).toMatchObject({
      tasks: [{ taskId: id, status: 'completed' }],
    });
    tasks.close();
  });

  it('a refusal by the user fails the task, and tasks/result carries the error', async () => {
    const tasks = new ReceivedTasks();
    const { task } = tasks.create({}, async () =>
      Promise.reject(
        Object.assign(new Error('The user declined the sampling request'), { code: -1 }),
      ),
    ) as { task: { taskId: string } };
    await expect(tasks.answer('tasks/result', { taskId: task.taskId })).rejects.toThrow(
      'The user declined',
    );
    expect(tasks.answer('tasks/get', { taskId: task.taskId })).toMatchObject({
      status: 'failed',
      statusMessage: 'The user declined the sampling request',
    });
    tasks.close();
  });

  it('tasks/cancel stops the work (the handler sees its signal abort)', async () => {
    const tasks = new ReceivedTasks();
    let aborted = false;
    const { task } = tasks.create(
      {},
      (signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => ((aborted = true), reject(new Error('stopped')))),
        ),
    ) as { task: { taskId: string } };
    expect(tasks.answer('tasks/cancel', { taskId: task.taskId })).toMatchObject({
      status: 'cancelled',
    });
    expect(aborted).toBe(true);
    tasks.close();
  });

  it('an unknown task id is an invalid-params error that says why', () => {
    const tasks = new ReceivedTasks();
    expect(() => tasks.answer('tasks/get', { taskId: 'nope' })).toThrow(/no task "nope"/);
    expect(tasks.answer('tools/list', {})).toBeUndefined();
  });

  it('at most MAX_RECEIVED_TASKS run at once; closing the session stops them all', () => {
    const tasks = new ReceivedTasks();
    const signals: AbortSignal[] = [];
    for (let i = 0; i < MAX_RECEIVED_TASKS; i++)
      tasks.create({}, (s) => (signals.push(s), new Promise(() => undefined)));
    expect(() => tasks.create({}, () => new Promise(() => undefined))).toThrow(
      /already running 16 tasks/,
    );
    tasks.close();
    expect(signals.every((s) => s.aborted)).toBe(true);
  });
});
