// Issue 19, surviving a restart of Lena: a tool call the server runs as a task is shown on its
// card again after Lena restarts, followed to its result, and "Continue with the result" sends
// the tool_use with its tool_result as a new turn, which the scripted Messages API (holding the
// real API's pairing rules) accepts. The server is the scripted 2026 tasks peer, whose task state
// lives in a file, so the restarted server process serves the same task.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/chat/tool-calls';
import { reply, text, toolResultText, toolUse } from '../../../fixtures/messages-api';
import { fixture } from '../mcp/harness';
import { autoAnswer, chatHarness, type ChatHarness } from './harness';

let open: ChatHarness[] = [];
let home = '';
afterEach(async () => {
  for (const h of open.splice(0)) await h.close({ keepHome: true });
  if (home) rmSync(home, { recursive: true, force: true });
});

const servers = (dir: string) => ({
  jobs: {
    command: process.execPath,
    args: [fixture('tasks-2026-peer.mjs')],
    env: { TASKS_STATE: join(dir, 'state.json') },
  },
});
const updates = (h: ChatHarness, id: string): ToolCallView[] =>
  h.events.flatMap((e) => (e.type === 'tool-call-updated' && e.call.id === id ? [e.call] : []));

describe('a task outlives a restart of Lena', () => {
  it('shows on its card again, completes, and Continue with the result sends it as a new turn', async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-task-restart-'));
    const first = await chatHarness({ home, servers: servers(home) });
    open.push(first);
    autoAnswer(first, 'allow-once');
    const conv = first.store.create({ title: 'Reefs' });
    first.api.push(
      reply(
        text('Researching.'),
        toolUse('mcp__jobs__research', { topic: 'reefs', steps: 14, stepMs: 100 }, 'toolu_reefs'),
      ),
    );
    void first.engine.send(conv.id, 'Research reefs for me');
    await expect
      .poll(() => updates(first, 'toolu_reefs').some((c) => c.task?.status === 'working'), {
        timeout: 15_000,
      })
      .toBe(true);
    // Lena quits while the server works on.
    open = [];
    await first.close({ keepHome: true });

    const second = await chatHarness({ home, servers: servers(home) });
    open.push(second);
    expect(second.store.toolCall(conv.id, 'toolu_reefs')).toMatchObject({
      status: 'cancelled',
      errorMessage: expect.stringContaining('Lena quit while'),
    });
    const followed = second.engine.resumeTasks();
    // The card shows the task again, running.
    await expect
      .poll(
        () => updates(second, 'toolu_reefs').some((c) => c.status === 'running' && c.task?.taskId),
        { timeout: 15_000 },
      )
      .toBe(true);
    await followed;
    const done = second.store.toolCall(conv.id, 'toolu_reefs')!;
    expect(done).toMatchObject({ status: 'done', continuable: true });
    expect(JSON.stringify(done.result)).toContain('Researched: reefs');
    // The card's offer survives another look at the conversation (it is stored).
    expect(
      second.store.get(conv.id).toolCalls.find((c) => c.id === 'toolu_reefs')?.continuable,
    ).toBe(true);

    second.api.push(reply(text('Reefs, researched: here is what the task found.')));
    const outcome = await second.engine.continueWithTaskResult(conv.id, 'toolu_reefs').done;
    expect(outcome.error).toBeNull();
    expect(outcome.stopReason).toBe('end_turn');
    const sent = second.api.messageRequests().at(-1)!;
    const messages = sent.body.messages as unknown as Array<{
      role: string;
      content: Array<Record<string, unknown>>;
    }>;
    const uses = messages.flatMap((m) => m.content.filter((b) => b.type === 'tool_use'));
    const results = messages.flatMap((m) => m.content.filter((b) => b.type === 'tool_result'));
    const late = uses.find((u) => u.id !== 'toolu_reefs')!;
    expect(late).toMatchObject({
      name: 'mcp__jobs__research',
      input: { topic: 'reefs', steps: 14, stepMs: 100 },
    });
    expect(
      toolResultText(results.find((r) => r.tool_use_id === late.id)?.content as never),
    ).toContain('Researched: reefs');
    // Sent once: the offer is gone, and the two new messages are marked as the task's.
    expect(second.store.toolCall(conv.id, 'toolu_reefs')?.continuable).toBeFalsy();
    expect(
      second.store.get(conv.id).messages.filter((m) => m.origin?.kind === 'task-result'),
    ).toHaveLength(2);
    expect(() => second.engine.continueWithTaskResult(conv.id, 'toolu_reefs')).toThrow(
      /no late result/,
    );
  }, 60_000);
});
