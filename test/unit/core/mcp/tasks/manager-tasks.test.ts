// Through the manager, a tool call that became a task survives its server restarting: the
// manager reconnects and follows the same task (the call is not sent again).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskView } from '../../../../../electron/core/mcp/client';
import { McpManager } from '../../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';
import { fixture } from '../harness';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('McpManager and tasks', () => {
  it('follows a task again after its server crashed and came back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-tasks-'));
    const userFile = join(dir, 'mcp.json');
    const entry = { command: process.execPath, args: [fixture('tasks-2026-peer.mjs')], env: { TASKS_STATE: join(dir, 'state.json') } };
    writeFileSync(userFile, JSON.stringify({ mcpServers: { jobs: entry } }));
    const m = new McpManager({
      sources: { userFile },
      createTransport: defaultTransportFactory(),
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      restart: { baseDelayMs: 30, maxDelayMs: 120, jitter: 0, crashLoopExits: 5, crashLoopWindowMs: 30_000, healthyAfterMs: 60_000 },
    });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => m.shutdown());
    await m.start();
    expect(m.status('jobs')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    const seen: TaskView[] = [];
    const result = await m.callTool('jobs', 'research', { topic: 'reefs', steps: 4, crashAt: 2 }, { onTask: (t) => seen.push(t) });
    expect((result.content[0] as { text: string }).text).toBe('Researched: reefs');
    expect(seen.map((t) => t.statusMessage)).toContain('The connection dropped; following the task again once the server is back');
    expect(new Set(seen.map((t) => t.taskId)).size).toBe(1);
  });
});
