// Through the manager, a tool call that became a task survives its server restarting: the
// manager reconnects and follows the same task (the call is not sent again).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskView } from '../../../../../electron/core/mcp/client';
import { McpManager } from '../../../../../electron/core/mcp/manager/manager';
import {
  DetachFromTask,
  TaskInterruptedError,
} from '../../../../../electron/core/mcp/tasks/follow';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';
import { tapTransports } from '../../../../../electron/core/host/views/log-tap';
import { InspectorLogs } from '../../../../../electron/core/host/views/protocol-log';
import { fixture } from '../harness';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A folder with an mcp.json naming the scripted 2026 tasks peer as "jobs" (its task state inside). */
function home(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lena-tasks-'));
  const entry = {
    command: process.execPath,
    args: [fixture('tasks-2026-peer.mjs')],
    env: { TASKS_STATE: join(dir, 'state.json') },
  };
  writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { jobs: entry } }));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * One Lena's manager over `dir` (a second one over the same folder is Lena after a restart); its
 * servers' traffic goes to `logs`, as the host's does.
 */
function manager(dir: string, logs = new InspectorLogs()): McpManager {
  const m = new McpManager({
    sources: { userFile: join(dir, 'mcp.json') },
    createTransport: tapTransports(defaultTransportFactory(), logs),
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    restart: {
      baseDelayMs: 30,
      maxDelayMs: 120,
      jitter: 0,
      crashLoopExits: 5,
      crashLoopWindowMs: 30_000,
      healthyAfterMs: 60_000,
    },
    taskJournalFile: join(dir, 'tasks.json'),
  });
  cleanups.push(() => m.shutdown());
  return m;
}

describe('McpManager and tasks', () => {
  it('follows a task again after its server crashed and came back', async () => {
    const m = manager(home());
    await m.start();
    expect(m.status('jobs')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    const seen: TaskView[] = [];
    const result = await m.callTool(
      'jobs',
      'research',
      { topic: 'reefs', steps: 4, crashAt: 2 },
      { onTask: (t) => seen.push(t) },
    );
    expect((result.content[0] as { text: string }).text).toBe('Researched: reefs');
    expect(seen.map((t) => t.statusMessage)).toContain(
      'The connection dropped; following the task again once the server is back',
    );
    expect(new Set(seen.map((t) => t.taskId)).size).toBe(1);
  });

  it('a task the server keeps is followed again after Lena restarts, and its record goes when it completes', async () => {
    const dir = home();
    const first = manager(dir);
    await first.start();
    const seen: TaskView[] = [];
    const call = first.callTool(
      'jobs',
      'research',
      { topic: 'glaciers', steps: 12, stepMs: 150 },
      { taskKey: 'c1/toolu_1', onTask: (t) => seen.push(t) },
    );
    const ended = call.catch((e: unknown) => e);
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    await first.shutdown(); // Lena quits while the server works on
    expect(await ended).toBeInstanceOf(Error);
    expect(first.waitingTasks()).toEqual([
      expect.objectContaining({
        key: 'c1/toolu_1',
        server: 'jobs',
        tool: 'research',
        task: expect.objectContaining({ taskId: seen[0].taskId }),
      }),
    ]);

    const second = manager(dir);
    await second.start();
    const [record] = second.waitingTasks();
    expect(record.task.taskId).toBe(seen[0].taskId);
    const result = await second.followTask(record);
    expect((result.content[0] as { text: string }).text).toBe('Researched: glaciers');
    expect(second.waitingTasks()).toEqual([]);
    expect(manager(dir).waitingTasks()).toEqual([]); // and on disk
  });

  it('a call that ends for good (completed, cancelled) leaves no record behind', async () => {
    const dir = home();
    const m = manager(dir);
    await m.start();
    await m.callTool('jobs', 'research', { topic: 'dunes', steps: 2 }, { taskKey: 'c1/toolu_2' });
    const abort = new AbortController();
    await expect(
      m.callTool(
        'jobs',
        'research',
        { topic: 'dunes', steps: 200 },
        { taskKey: 'c1/toolu_3', signal: abort.signal, onTask: () => abort.abort() },
      ),
    ).rejects.toThrow(/cancelled/);
    expect(m.waitingTasks()).toEqual([]);
    expect(manager(dir).waitingTasks()).toEqual([]);
  });

  it('quitting detaches from a task instead of cancelling it: no tasks/cancel, and the record stays', async () => {
    const dir = home();
    const logs = new InspectorLogs();
    const m = manager(dir, logs);
    await m.start();
    const quit = new AbortController();
    const call = m.callTool(
      'jobs',
      'research',
      { topic: 'comets', steps: 8 },
      {
        taskKey: 'c1/toolu_4',
        signal: quit.signal,
        onTask: () => quit.abort(new DetachFromTask()),
      },
    );
    await expect(call).rejects.toBeInstanceOf(TaskInterruptedError);
    const rows = logs.log('jobs').page('jobs').rows;
    expect(rows.some((r) => r.direction === 'out' && r.method === 'tools/call')).toBe(true);
    expect(rows.some((r) => r.direction === 'out' && r.method === 'tasks/cancel')).toBe(false);
    const [record] = manager(dir).waitingTasks();
    expect(record).toMatchObject({ key: 'c1/toolu_4', tool: 'research' });
    expect(((await m.followTask(record)).content[0] as { text: string }).text).toBe(
      'Researched: comets',
    );
  });
});
