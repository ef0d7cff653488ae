// Issue 19, a task outlives a restart of Lena, in the window: a tool call the server runs as a
// task is running when Lena quits; the next Lena shows it on its card again, follows it to the
// end, and the card's "Continue with the result" sends the result to Claude as a new turn. The
// server is the scripted 2026 tasks peer, whose task state is a file in Lena's home.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import {
  reply,
  startMessagesApiServer,
  text,
  toolResultText,
  toolResultsOf,
  toolUse,
} from '../fixtures/messages-api';
import { ROOT } from './harness';
import { ask, configureChat, serversConnected, TEST_KEY } from './helpers/chat-setup';
import { allowOnce } from './helpers/questions';
import { openWindow, type WindowSession } from './helpers/session';

const peer = join(ROOT, 'test/fixtures/mcp/tasks-2026-peer.mjs');

describe.skipIf(skipWhen('no-browser'))('a task that outlives a restart of Lena', () => {
  const home = mkdtempSync(join(tmpdir(), 'lena-e2e-task-restart-'));
  const windows: WindowSession[] = [];
  afterAll(async () => {
    for (const w of windows) await w.dispose().catch(() => undefined);
    rmSync(home, { recursive: true, force: true });
  });

  it('shows on its card again, completes, and Continue with the result reaches Claude', async () => {
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          jobs: {
            command: process.execPath,
            args: [peer],
            env: { TASKS_STATE: join(home, 'tasks-state.json') },
          },
        },
      }),
    );
    const api = await startMessagesApiServer();
    try {
      const first = await openWindow({ home, questionArmingMs: 0 });
      windows.push(first);
      await configureChat(first.page, api.url);
      await serversConnected(first.page, 1);
      api.push(
        reply(
          text('Researching kelp.'),
          toolUse('mcp__jobs__research', { topic: 'kelp', steps: 40, stepMs: 400 }, 'toolu_kelp'),
        ),
      );
      await ask(first.page, 'Research kelp forests');
      await first.page.getByRole('dialog').waitFor({ timeout: 30_000 });
      await allowOnce(first.page);
      const running = first.page.getByTestId('tool-card').last();
      await expect
        .poll(
          () =>
            running
              .getByTestId('tool-progress-text')
              .textContent()
              .catch(() => ''),
          { timeout: 30_000 },
        )
        .toMatch(/^Task working/);
      // Lena quits while the server works on.
      windows.pop();
      await first.dispose();

      const second = await openWindow({ home, questionArmingMs: 0 });
      windows.push(second);
      const { page } = second;
      // The test host keeps the API key in memory only (a real Lena keeps it in the keychain);
      // the base URL is in settings.json and survived.
      await page.getByLabel('Anthropic API key').fill(TEST_KEY);
      await page.getByRole('button', { name: 'Save key' }).click();
      await page.getByRole('button', { name: 'Research kelp forests', exact: true }).click();
      const card = page.getByTestId('tool-card').last();
      await expect
        .poll(() => card.getAttribute('data-status'), { timeout: 30_000 })
        .toBe('running');
      await expect
        .poll(
          () =>
            card
              .getByTestId('tool-progress-text')
              .textContent()
              .catch(() => ''),
          { timeout: 30_000 },
        )
        .toMatch(/^Task working/);
      await second.screenshot('task-restart-followed');
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
      const offer = card.getByTestId('tool-continue');
      await offer.waitFor();
      expect(await offer.textContent()).toContain('Claude has not seen its result yet');
      await second.screenshot('task-restart-continue');

      api.push(reply(text('Kelp forests grow up to half a metre a day.')));
      const before = api.messageRequests().length;
      await offer.getByRole('button', { name: 'Continue with the result' }).click();
      await page
        .getByText('Kelp forests grow up to half a metre a day.')
        .waitFor({ timeout: 30_000 });
      await page.getByTestId('task-result-sent').waitFor();
      expect(await card.getByTestId('tool-continue').count()).toBe(0);
      const sent = api.messageRequests()[before];
      const result = toolResultsOf(sent).find((r) => r.tool_use_id !== 'toolu_kelp');
      expect(toolResultText(result?.content)).toContain('Researched: kelp');
      await second.screenshot('task-restart-sent');
    } finally {
      await api.close();
    }
  });
});
