// 2026-07-28 Tasks extension against the scripted peer (test/fixtures/mcp/tasks-2026-peer.mjs; no
// npm package serves 2026 tasks yet): server-directed task handles, followed with tasks/get and
// notifications/tasks, input answered through tasks/update, cancelled with tasks/cancel.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  ClientFeatureHandlers,
  McpClient,
  TaskView,
} from '../../../../../electron/core/mcp/client';
import {
  McpCancelledError,
  McpProtocolError,
  McpRpcError,
} from '../../../../../electron/core/mcp/errors';
import { TaskInterruptedError } from '../../../../../electron/core/mcp/tasks/follow';
import { fixture, stdioClient, tempDir } from '../harness';
import { logOf } from '../wire-log';

const peer = fixture('tasks-2026-peer.mjs');
const text = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;

async function connected(features?: ClientFeatureHandlers, state = join(tempDir(), 'tasks.json')) {
  const { client, transport } = stdioClient(
    peer,
    [],
    { env: { TASKS_STATE: state } },
    { features },
  );
  await client.connect();
  expect(client.era).toBe('modern');
  await client.listTools();
  return { client, transport, state };
}

const sent = (client: McpClient, method: string) => logOf(client).sent(method);

describe('2026-07-28 tasks (scripted peer)', () => {
  it('follows a task the server chose to create: created, progress, completed', async () => {
    const { client } = await connected();
    const seen: TaskView[] = [];
    const result = await client.callTool(
      'research',
      { topic: 'tides', steps: 3 },
      { onTask: (t) => seen.push(t) },
    );
    expect(text(result)).toBe('Researched: tides');
    expect(seen[0]).toMatchObject({ status: 'working', ttlMs: 60_000 });
    expect(seen.map((t) => t.statusMessage)).toEqual(
      expect.arrayContaining(['Step 2 of 3: tides', 'Step 3 of 3: tides']),
    );
    expect(seen.at(-1)?.status).toBe('completed');
    expect(sent(client, 'tasks/get').length).toBeGreaterThan(0);
    // The envelope declared the extension: the peer answers -32021 to a task tool otherwise.
  });

  it('hears progress through notifications/tasks on a listen stream when polling is a minute apart', async () => {
    const { client } = await connected();
    const seen: TaskView[] = [];
    const result = await client.callTool(
      'pushed',
      { topic: 'kelp' },
      { onTask: (t) => seen.push(t) },
    );
    expect(text(result)).toBe('Researched: kelp');
    expect(seen.map((t) => t.statusMessage)).toContain('Step 3 of 4: kelp');
    expect(logOf(client).body(sent(client, 'subscriptions/listen')[0])).toContain('taskIds');
    expect(sent(client, 'tasks/get')).toHaveLength(0);
  });

  it('answers an input request through the elicitation handler, sent with tasks/update', async () => {
    const asked: Record<string, unknown>[] = [];
    const askedIn: (string | undefined)[] = [];
    const { client } = await connected({
      elicitation: async (params, ctx) => {
        asked.push(params);
        askedIn.push(ctx.conversationId);
        return { action: 'accept', content: { meaning: 'the snake' } };
      },
    });
    const seen: TaskView[] = [];
    const result = await client.callTool(
      'ask',
      { topic: 'python' },
      { onTask: (t) => seen.push(t), conversationId: 'conv-a' },
    );
    expect(asked).toEqual([expect.objectContaining({ message: 'Which python?' })]);
    // The task's input is its call's: asked in the conversation the call was made for.
    expect(askedIn).toEqual(['conv-a']);
    expect(seen.map((t) => t.status)).toContain('input_required');
    expect(text(result)).toBe('Clarified: {"action":"accept","content":{"meaning":"the snake"}}');
    expect(sent(client, 'tasks/update')).toHaveLength(1);
  });

  it('declines an input request when Lena has no elicitation handler, and the task goes on', async () => {
    const { client } = await connected();
    const result = await client.callTool('ask', { topic: 'java' });
    expect(text(result)).toBe('Clarified: {"action":"decline"}');
  });

  it('a failed task rejects with the JSON-RPC error it carries', async () => {
    const { client } = await connected();
    const call = client.callTool('fail', {});
    await expect(call).rejects.toBeInstanceOf(McpRpcError);
    await expect(call).rejects.toThrow('the crawl hit a wall');
  });

  it('cancelling sends tasks/cancel and the call ends cancelled', async () => {
    const { client } = await connected();
    const abort = new AbortController();
    const seen: TaskView[] = [];
    const call = client.callTool(
      'research',
      { topic: 'moss', steps: 50 },
      {
        signal: abort.signal,
        onTask: (t) => {
          seen.push(t);
          if (t.statusMessage?.startsWith('Step 2 ')) abort.abort();
        },
      },
    );
    await expect(call).rejects.toBeInstanceOf(McpCancelledError);
    expect(sent(client, 'tasks/cancel')).toHaveLength(1);
    expect(seen.at(-1)?.status).toBe('cancelled');
  });

  it('a task the server cancels fails the call with the server’s reason', async () => {
    const { client } = await connected();
    await expect(client.callTool('server-cancel', {})).rejects.toThrow('the server cancelled task');
  });

  it('gives up when the task outlives its TTL', async () => {
    const { client } = await connected();
    const call = client.callTool('forever', { ttlMs: 400 });
    await expect(call).rejects.toBeInstanceOf(McpProtocolError);
    await expect(call).rejects.toThrow(/time to live \(0\.4 s\) ran out/);
  });

  it('gives up at the per-server maximum, and tells the server with tasks/cancel', async () => {
    const state = join(tempDir(), 'tasks.json');
    const { client } = stdioClient(peer, [], { env: { TASKS_STATE: state } }, { maxTaskMs: 300 });
    await client.connect();
    await expect(client.callTool('research', { topic: 'slow', steps: 1000 })).rejects.toThrow(
      /maximum of 0\.3 s/,
    );
    await expect.poll(() => sent(client, 'tasks/cancel').length).toBe(1);
  });

  it('a dropped connection leaves the task to follow again on the next one', async () => {
    const { client, state } = await connected();
    const call = client.callTool('research', { topic: 'reefs', steps: 4, crashAt: 2 });
    const err = await call.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskInterruptedError);
    const interrupted = err as TaskInterruptedError;
    const again = await connected(undefined, state);
    const seen: TaskView[] = [];
    const result = await again.client.followToolTask(interrupted.task, {
      since: interrupted.since,
      tool: 'research',
      onTask: (t) => seen.push(t),
    });
    expect(text(result)).toBe('Researched: reefs');
    expect(seen[0].taskId).toBe(interrupted.task.taskId);
  });

  it('a request that is not a task is answered as before', async () => {
    const { client } = await connected();
    expect(text(await client.callTool('quick', {}))).toBe('quick answer');
  });
});
