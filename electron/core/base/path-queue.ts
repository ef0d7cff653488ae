// One queue per key inside this process: two tasks of the same process editing one file must not
// interleave (the inter-process lock in file-lock.ts orders processes, this orders tasks).

const queues = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task queued under the same key has settled. */
export function serialisePerPath<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}
