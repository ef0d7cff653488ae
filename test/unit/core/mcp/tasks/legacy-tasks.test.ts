// 2025-11-25 experimental tasks against the reference server-everything (SDK 1.x): its
// simulate-research-query tool requires a task-augmented call and walks through four stages.
import { describe, expect, it } from 'vitest';
import { McpCancelledError } from '../../../../../electron/core/mcp/errors';
import type { TaskView } from '../../../../../electron/core/mcp/client';
import { reference, stdioClient } from '../harness';
import { logOf } from '../wire-log';

// With roots, sampling and elicitation declared (the client-features issue) more appear.
const TOOL_COUNT = 13;

describe('2025-11-25 tasks with server-everything', () => {
  it('declares tasks, sees the task tools, and follows a research task to its report', async () => {
    const { client } = stdioClient(reference('server-everything'), ['stdio']);
    const init = await client.connect();
    expect(client.era).toBe('legacy');
    expect((init.capabilities.tasks as { requests?: unknown })?.requests).toBeTruthy();
    const tools = await client.listTools();
    const research = tools.find((t) => t.name === 'simulate-research-query');
    expect(research?.execution?.taskSupport).toBe('required');
    // The -async tools need the client to run sampling/elicitation as tasks itself
    // (tasks.requests.*), which Lena declares only with sampling / elicitation handlers (this
    // client has none; see client-features/everything-wires.test.ts): the server leaves them out.
    expect(tools.map((t) => t.name)).not.toContain('trigger-sampling-request-async');
    expect(tools.map((t) => t.name)).not.toContain('trigger-elicitation-request-async');
    expect(tools).toHaveLength(TOOL_COUNT);
    const seen: TaskView[] = [];
    const result = await client.callTool(
      'simulate-research-query',
      { topic: 'tides' },
      { onTask: (t) => seen.push(t) },
    );
    expect(result.isError).not.toBe(true);
    expect(JSON.stringify(result.content)).toContain('Research Report: tides');
    // Created, then progress through the stages (statusMessage), then completed.
    expect(seen[0].status).toBe('working');
    // Stages last as long as the poll interval (1 s), so which ones a poll catches varies.
    const stages = [
      'Gathering sources...',
      'Analyzing content...',
      'Synthesizing findings...',
      'Generating report...',
    ];
    expect(seen.filter((t) => stages.includes(t.statusMessage ?? '')).length).toBeGreaterThan(0);
    expect(seen.at(-1)?.status).toBe('completed');
    expect(new Set(seen.map((t) => t.taskId)).size).toBe(1);
    expect(seen[0].ttlMs).toBe(300_000);
  });

  it('cancels a running task with tasks/cancel when the caller aborts', async () => {
    const { client } = stdioClient(reference('server-everything'), ['stdio']);
    await client.connect();
    await client.listTools();
    const abort = new AbortController();
    const seen: TaskView[] = [];
    const call = client.callTool(
      'simulate-research-query',
      { topic: 'moss' },
      {
        signal: abort.signal,
        onTask: (t) => {
          seen.push(t);
          if (t.status === 'working') abort.abort();
        },
      },
    );
    await expect(call).rejects.toBeInstanceOf(McpCancelledError);
    expect(seen.at(-1)?.status).toBe('cancelled');
    expect(logOf(client).sent('tasks/cancel')).toHaveLength(1);
    expect(logOf(client).sent('notifications/cancelled')).toEqual([]);
  });

  it('input required: waits on tasks/result (the server asks there), and cancelling it sends tasks/cancel', async () => {
    // Declaring elicitation makes the ambiguous query pause for input (input_required).
    const { client } = stdioClient(
      reference('server-everything'),
      ['stdio'],
      {},
      { features: { elicitation: async () => ({ action: 'decline' }) } },
    );
    await client.connect();
    await client.listTools();
    const abort = new AbortController();
    const seen: TaskView[] = [];
    const call = client.callTool(
      'simulate-research-query',
      { topic: 'python', ambiguous: true },
      { signal: abort.signal, onTask: (t) => seen.push(t) },
    );
    await expect
      .poll(() => logOf(client).sent('tasks/result').length > 0, { timeout: 15_000 })
      .toBe(true);
    expect(seen.map((t) => t.status)).toContain('input_required');
    abort.abort();
    await expect(call).rejects.toBeInstanceOf(McpCancelledError);
    expect(logOf(client).sent('tasks/cancel')).toHaveLength(1);
  });
});
