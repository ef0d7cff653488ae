// MCP tasks on the tool card (issue 19): a call the server runs as a task shows the task's status,
// its message and the elapsed time; Cancel sends tasks/cancel; a task that completes hands its
// result to the model. The server is the scripted 2026-07-28 Tasks-extension peer
// (test/fixtures/mcp/tasks-2026-peer.mjs): no npm package serves 2026 tasks yet.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ROOT } from './harness';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { allowOnce } from './helpers/questions';

const peer = join(ROOT, 'test/fixtures/mcp/tasks-2026-peer.mjs');

describe.skipIf(skipWhen('no-browser'))('tool calls that run as server tasks', () => {
  const win = sharedChatWindow({
    extraServers: { jobs: { command: process.execPath, args: [peer] } },
  });

  it('shows the task working with its message and elapsed time, and Cancel sends tasks/cancel', async () => {
    const { page, host } = win().app;
    win().api.push(
      reply(toolUse('mcp__jobs__research', { topic: 'tides', steps: 400, stepMs: 300 })),
      reply(text('I stopped the research, as you asked.')),
    );
    await ask(page, 'Research the tides');
    await page.getByRole('dialog').waitFor({ timeout: 30_000 });
    await allowOnce(page);
    const card = page.getByTestId('tool-card').last();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('running');
    const line = card.getByTestId('tool-progress-text');
    await expect
      .poll(() => line.textContent(), { timeout: 30_000 })
      .toMatch(/^Task working · Step ([2-9]|\d{2,}) of 400: tides · [\d.]+ s elapsed$/);
    await win().app.screenshot('task-running');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 30_000 })
      .toBe('cancelled');
    await page.getByText('I stopped the research, as you asked.').waitFor({ timeout: 30_000 });
    const logs = (await host.dispatch('servers:logs', { name: 'jobs' }, { senderUrl: 'test' })) as {
      value: { protocol: { direction: string; method: string | null }[] };
    };
    expect(
      logs.value.protocol.filter((p) => p.direction === 'out' && p.method === 'tasks/cancel'),
    ).toHaveLength(1);
    await win().app.screenshot('task-cancelled');
  });

  it('a task that completes gives the model its result, and the conversation goes on', async () => {
    const { page } = win().app;
    win().api.push(
      reply(toolUse('mcp__jobs__research', { topic: 'reefs', steps: 3, stepMs: 400 })),
      reply(text('The reefs research is done.')),
    );
    const before = win().api.messageRequests().length;
    await ask(page, 'Research the reefs');
    await page.getByRole('dialog').waitFor({ timeout: 30_000 });
    await allowOnce(page);
    await page.getByText('The reefs research is done.').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('tool-card').last().getAttribute('data-status')).toBe('done');
    const followUp = win().api.messageRequests()[before + 1];
    const results = JSON.stringify(followUp.body.messages?.at(-1));
    expect(results).toContain('tool_result');
    expect(results).toContain('Researched: reefs');
    await win().app.screenshot('task-completed');
  });
});
