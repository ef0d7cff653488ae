// The tasks Lena is waiting for, on disk, so that a task the server keeps outlives a restart of
// Lena (the Tasks extension: clients SHOULD persist task ids to resume polling). A record is
// written when a call becomes a task, and removed when the call ends any way but an interrupted
// connection (Lena quitting, a server gone): then the server may still finish it, and the next
// Lena follows it again. Small (one record per waiting call), so rewritten whole, atomically.
import { readJsonFileOrSetAsideSync, writeFileAtomicSync } from '../../base/json-file';
import type { CallToolOptions, ToolCallOutcome } from '../client';
import { TaskInterruptedError } from './follow';
import type { TaskView } from './task';

export interface TaskRecord {
  /** Who waits for it (the chat: "conversationId/toolUseId"). */
  key: string;
  server: string;
  tool: string;
  /** The task as last seen, without its outcome or input requests. */
  task: TaskView;
  /** When Lena began waiting (the per-server maximum counts from here). */
  since: number;
}

export class TaskJournal {
  private records = new Map<string, TaskRecord>();

  /**
   * `file` unset: kept in memory only (the command line, tests that do not restart). A damaged file
   * (a torn write cannot happen; a hand edit can) is kept aside and `notice` says where: the tasks
   * it named are not followed, but their ids are not lost. One Lena cannot read starts empty.
   */
  constructor(
    private readonly file?: string,
    notice?: (message: string) => void,
  ) {
    if (!file) return;
    let list: unknown;
    try {
      const read = readJsonFileOrSetAsideSync(file);
      if (read.warning) notice?.(`${read.warning} Tasks it listed are no longer followed.`);
      list = read.value;
    } catch (err) {
      notice?.(
        `Lena could not read ${file} (${err instanceof Error ? err.message : String(err)}); tasks from before this start are not followed.`,
      );
    }
    if (Array.isArray(list))
      for (const r of list as TaskRecord[])
        if (typeof r?.key === 'string' && typeof r.task?.taskId === 'string')
          this.records.set(r.key, r);
  }

  list(): TaskRecord[] {
    return [...this.records.values()];
  }

  /**
   * Wraps a call: once it becomes a task (its first onTask), the task is recorded under `key`;
   * when the call settles, the record goes, unless the connection was what ended it.
   */
  track(
    key: string | undefined,
    server: string,
    tool: string,
    opts: CallToolOptions,
    run: (opts: CallToolOptions) => Promise<ToolCallOutcome>,
    since = Date.now(),
  ): Promise<ToolCallOutcome> {
    if (!key) return run(opts);
    const onTask = (task: TaskView) => {
      const { result: _r, error: _e, inputRequests: _i, ...kept } = task;
      this.put({ key, server, tool, task: kept, since: this.records.get(key)?.since ?? since });
      opts.onTask?.(task);
    };
    return run({ ...opts, onTask }).then(
      (outcome) => (this.remove(key), outcome),
      (e: unknown) => {
        if (!(e instanceof TaskInterruptedError)) this.remove(key);
        throw e;
      },
    );
  }

  remove(key: string): void {
    if (this.records.delete(key)) this.save();
  }

  private put(record: TaskRecord): void {
    const old = this.records.get(record.key);
    this.records.set(record.key, record);
    if (old?.task.taskId !== record.task.taskId || old.task.status !== record.task.status)
      this.save();
  }

  private save(): void {
    if (!this.file) return;
    // Owner-only, like everything in Lena's home; synced to disk before it replaces the old file.
    writeFileAtomicSync(this.file, JSON.stringify(this.list()), { mode: 0o600, createDir: true });
  }
}
