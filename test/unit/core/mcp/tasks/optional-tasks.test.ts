// Issue 19: a tool with taskSupport "optional" (a real SDK 1.x server) is called plainly until it
// shows itself slow; from then on Lena asks for a task, so the call would outlive a dropped
// connection or a restart. The caller may also ask for a task outright (asTask).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskView } from '../../../../../electron/core/mcp/client';
import { McpManager } from '../../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';
import { fixture } from '../harness';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function crawler(): Promise<McpManager> {
  const dir = mkdtempSync(join(tmpdir(), 'lena-optional-'));
  writeFileSync(
    join(dir, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        site: { command: process.execPath, args: [fixture('optional-task-peer.mjs')] },
      },
    }),
  );
  const m = new McpManager({
    sources: { userFile: join(dir, 'mcp.json') },
    createTransport: defaultTransportFactory(),
    env: { PATH: process.env.PATH, HOME: dir },
    slowCallMs: 300,
  });
  cleanup = async () => {
    await m.shutdown();
    rmSync(dir, { recursive: true, force: true });
  };
  await m.start();
  return m;
}

const text = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;

describe('tools whose taskSupport is optional', () => {
  it('run plainly while fast, and as tasks once a call of the tool was slow', async () => {
    const m = await crawler();
    expect(
      m
        .tools()
        .get('site')
        ?.find((t) => t.name === 'crawl')?.execution?.taskSupport,
    ).toBe('optional');
    const tasks: TaskView[] = [];
    const onTask = (t: TaskView) => tasks.push(t);
    expect(text(await m.callTool('site', 'crawl', { ms: 20 }, { onTask }))).toBe(
      'Crawled in 20 ms',
    );
    expect(tasks).toHaveLength(0);
    expect(text(await m.callTool('site', 'crawl', { ms: 500 }, { onTask }))).toBe(
      'Crawled in 500 ms',
    );
    expect(tasks).toHaveLength(0); // slow, but it was not known to be slow yet
    expect(text(await m.callTool('site', 'crawl', { ms: 20 }, { onTask }))).toBe(
      'Crawled in 20 ms',
    );
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.at(-1)?.status).toBe('completed');
  });

  it('run as a task when the caller asks', async () => {
    const m = await crawler();
    const tasks: TaskView[] = [];
    expect(
      text(
        await m.callTool(
          'site',
          'crawl',
          { ms: 20 },
          { asTask: true, onTask: (t) => tasks.push(t) },
        ),
      ),
    ).toBe('Crawled in 20 ms');
    expect(tasks[0]?.status).toBe('working');
  });
});
