// The task journal on the real file system: what tasks.json holds while a call waits on a task and
// after it ends, that a restarted Lena reads it back, and that each write is synced to disk before
// it replaces the old file (a pass-through node:fs records the order), so a power cut cannot leave
// it empty or torn.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolCallOutcome } from '../../../../../electron/core/mcp/client';
import { TaskJournal } from '../../../../../electron/core/mcp/tasks/journal';
import type { TaskView } from '../../../../../electron/core/mcp/tasks/task';

const { ops } = vi.hoisted(() => ({ ops: [] as string[] }));
vi.mock('node:fs', async (importOriginal) =>
  (await import('../../base/fs-sync-recorder')).recordingFs(await importOriginal(), ops),
);

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lena-journal-'));
  ops.length = 0;
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const task: TaskView = { taskId: 'task-1', status: 'working', createdAt: 1, ttlMs: 60_000 };

/** A call that becomes a task at once and ends when the test says. */
function waitingCall(journal: TaskJournal) {
  let finish: () => void = () => {};
  const done = journal.track(
    'c1/toolu_1',
    'jobs',
    'research',
    {},
    async (opts) => {
      opts.onTask?.(task);
      await new Promise<void>((resolve) => (finish = resolve));
      return { content: [] } as ToolCallOutcome;
    },
    1000,
  );
  return { done, finish: () => finish() };
}

describe('TaskJournal on disk', () => {
  it('writes the waiting task as complete JSON, owner-only, with no temp file left, and a restart reads it back', async () => {
    const file = join(home, 'lena', 'tasks.json'); // the folder does not exist yet
    const call = waitingCall(new TaskJournal(file));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([
      { key: 'c1/toolu_1', server: 'jobs', tool: 'research', task, since: 1000 },
    ]);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(home, 'lena'))).toEqual(['tasks.json']);
    expect(new TaskJournal(file).list().map((r) => r.task.taskId)).toEqual(['task-1']);
    call.finish();
    await call.done;
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([]);
    expect(readdirSync(join(home, 'lena'))).toEqual(['tasks.json']);
  });

  it('syncs each write to disk before it replaces tasks.json', async () => {
    const file = join(home, 'tasks.json');
    const call = waitingCall(new TaskJournal(file));
    call.finish();
    await call.done; // two writes: the record, then the empty list
    const renames = ops.filter((op) => op.startsWith('rename '));
    expect(renames).toHaveLength(2);
    for (const rename of renames) {
      const temp = rename.split(' ')[1];
      expect(rename.endsWith(' tasks.json')).toBe(true);
      expect(ops.indexOf(`fsync ${temp}`)).toBeGreaterThanOrEqual(0);
      expect(ops.indexOf(`fsync ${temp}`)).toBeLessThan(ops.indexOf(rename));
    }
  });
});
