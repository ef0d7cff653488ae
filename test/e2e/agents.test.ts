// A2A agents in the window (issue 46), in Chromium against the real core, real loopback SDK
// peers and the scripted Messages API: "Add agent" fetches and shows the card; Claude delegates,
// the delegation is asked, the agent's question is answered in the question frame, the status and
// artifact show on the tool card and the artifact reaches the next request wrapped; Stop sends
// CancelTask to the agent; a delegation running when Lena quits is followed again at the next start.
// A 3 MB artifact is kept as a file: "Save as…" copies it through the save dialog (the harness's
// stand-in writes into a downloads folder), "Show in folder" goes through the host's port, and a
// file deleted meanwhile is said on the card. An agent whose card declares OAuth asks "Sign in to
// agent NAME" in the conversation first; one whose card is behind a sign-in offers Sign in.
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_LIMITS } from '../../shared/settings-fields';
import { skipWhen } from '../skip-reasons';
import {
  reply,
  startMessagesApiServer,
  text,
  toolResultsOf,
  toolResultText,
  toolUse,
  type MessagesApiServer,
} from '../fixtures/messages-api';
import { bigArtifact, startPeer, type Peer } from '../fixtures/a2a/peers';
import { startOAuthPeer, type OAuthPeer } from '../fixtures/a2a/oauth-peer';
import { startV03Peer, type V03Peer } from '../fixtures/a2a/v03-peer';
import { ask, configureChat, TEST_KEY } from './helpers/chat-setup';
import { allowOnce, answerQuestion, armedQuestion } from './helpers/questions';
import { openWindow, type WindowSession } from './helpers/session';

let home = '';
let api: MessagesApiServer;
let app: WindowSession;
let asks: Peer;
let slow: Peer;
let big: Peer;
let signIn: V03Peer;
/** What "Show in folder" asked the system to show. */
const shown: string[] = [];
let files: OAuthPeer;
const opened: string[] = [];

beforeAll(async () => {
  if (skipWhen('no-browser')) return;
  home = mkdtempSync(join(tmpdir(), 'lena-e2e-agents-'));
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {} }));
  [api, asks, slow, big, signIn, files] = await Promise.all([
    startMessagesApiServer(),
    startPeer('asks'),
    startPeer('slow', { stepMs: 400 }),
    startPeer('big'),
    startV03Peer({ oauth: true }),
    startOAuthPeer(),
  ]);
  writeFileSync(
    join(home, 'agents.json'),
    JSON.stringify({
      agents: {
        slow: { url: slow.url },
        reports: { url: big.url },
        crm: { url: signIn.url },
        files: { url: files.url },
      },
    }),
  );
  app = await openWindow({
    home,
    questionArmingMs: 0,
    showInFolder: (path) => void shown.push(path),
    // The "system browser": follows the authorization redirects to Lena's loopback callback.
    openExternal: async (url) => {
      opened.push(url);
      await (await fetch(url, { redirect: 'follow' })).text();
    },
  });
  await configureChat(app.page, api.url);
}, 90_000);

afterAll(async () => {
  await app?.dispose();
  await Promise.all([
    api?.close(),
    asks?.close(),
    slow?.close(),
    big?.close(),
    signIn?.close(),
    files?.close(),
  ]);
  if (home) rmSync(home, { recursive: true, force: true });
});

describe.skipIf(skipWhen('no-browser'))('A2A agents in the window', () => {
  it('"Add agent" fetches the card and shows its details', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    const panel = page.getByRole('region', { name: 'A2A agents' });
    await panel.getByRole('button', { name: '+ Add agent' }).click();
    const form = panel.getByRole('form', { name: 'Add agent' });
    await form.getByLabel('Name', { exact: true }).fill('city');
    await form.getByLabel('Base URL').fill(asks.url);
    await form.getByRole('button', { name: 'Add agent' }).click();
    const item = panel.getByTestId('agent-item').filter({ hasText: 'city' });
    await item.getByText('Test asks agent 1.2.3 · Lena tests').waitFor();
    expect(await item.getAttribute('data-state')).toBe('ready');
    expect(await item.textContent()).toContain('A2A 1.0 over JSONRPC');
    expect(await item.textContent()).toContain(
      'asks answers: Answers questions about the weather.',
    );
    expect(await item.textContent()).toContain('a2a__city');
    await item.scrollIntoViewIfNeeded();
    await app.screenshot('agents-list');
  });

  it('delegates: asked, the question answered in the frame, the result on the card and to Claude', async () => {
    const { page } = app;
    let sent = '';
    api.push(reply(toolUse('a2a__city', { message: 'weather please' }, 'toolu_city')), (req) => {
      sent = toolResultText(toolResultsOf(req)[0].content);
      return reply(text('It is sunny in Bergen.'));
    });
    await ask(page, 'Ask the weather agent');
    const asked = await armedQuestion(page);
    expect(await asked.getByRole('heading').first().textContent()).toContain(
      'Delegate a task to the A2A agent city',
    );
    await app.screenshot('agent-permission');
    await allowOnce(page);
    const question = await armedQuestion(page);
    expect(await question.getByRole('heading').textContent()).toBe(
      'The agent city asks a question',
    );
    expect(await question.getByTestId('elicitation-message').textContent()).toContain(
      'Which city do you mean?',
    );
    await question.getByLabel(/Your answer/).fill('Bergen');
    await app.screenshot('agent-question');
    await question.getByRole('button', { name: /^Submit/ }).click();
    await page.getByText('It is sunny in Bergen.').waitFor({ timeout: 30_000 });
    const card = page.getByTestId('tool-card').filter({ hasText: 'Delegate to agent city' });
    await card.getByRole('button', { name: /Delegate to agent city/ }).click();
    await expect.poll(() => card.getByTestId('delegation-state').textContent()).toBe('Completed');
    expect(await card.getByTestId('delegation-artifact').textContent()).toContain(
      'Weather in Bergen: sunny',
    );
    await app.screenshot('agent-result');
    expect(sent).toMatch(/<untrusted-tool-output boundary="[^"]+">[\s\S]*Weather in Bergen: sunny/);
    expect(sent).toContain('Agent city ended the task with state completed');
  });

  it('a large artifact is kept as a file to save or show; a sign-in says what to do', async () => {
    const { page } = app;
    api.push(
      reply(
        toolUse('a2a__reports', { message: 'the report' }, 'toolu_big'),
        toolUse('a2a__crm', { message: 'my accounts' }, 'toolu_crm'),
      ),
      reply(text('Two agents answered.')),
    );
    await ask(page, 'Ask the report and CRM agents');
    await allowOnce(page);
    await allowOnce(page);
    // The CRM agent's card declares OAuth: Lena asks for its sign-in before sending; Cancel.
    const question = await armedQuestion(page);
    await expect.poll(() => question.textContent()).toMatch(/Sign in to agent crm/);
    await answerQuestion(page, /^Cancel/);
    await page.getByText('Two agents answered.').waitFor({ timeout: 30_000 });
    const reports = page.getByTestId('tool-card').filter({ hasText: 'Delegate to agent reports' });
    await reports.getByRole('button', { name: /Delegate to agent reports/ }).click();
    const file = reports.getByRole('group', { name: 'Kept file report.txt, 2.9 MB' });
    await file.waitFor();
    expect(await file.textContent()).toContain('report.txt · 2.9 MB');
    // The megabyte Claude got inline is not laid out whole: the result shows its start and "Show all".
    expect((await reports.innerHTML()).length).toBeLessThan(200_000);
    await reports
      .getByRole('button', { name: /^Show all \(/ })
      .first()
      .waitFor();
    // Keyboard: Tab from "Save as…" reaches "Show in folder"; Enter presses each.
    const saveAs = file.getByRole('button', { name: 'Save as…' });
    await saveAs.focus();
    await page.keyboard.press('Enter');
    const note = file.getByTestId('delegation-file-note');
    const savedTo = join(app.downloads, 'report.txt');
    await expect.poll(() => note.textContent(), { timeout: 10_000 }).toBe(`Saved to ${savedTo}`);
    expect(readFileSync(savedTo, 'utf8')).toBe(bigArtifact());
    await file.scrollIntoViewIfNeeded();
    await app.screenshot('agent-large-artifact');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const taskFolder = join(home, 'attachments', 'delegations');
    await expect.poll(() => shown.length, { timeout: 10_000 }).toBe(1);
    expect(shown[0].startsWith(taskFolder)).toBe(true);
    expect(shown[0].endsWith('/report.txt')).toBe(true);
    await expect.poll(() => note.count(), { timeout: 10_000 }).toBe(0);
    // The kept file deleted meanwhile: the card says so, nothing is saved.
    unlinkSync(shown[0]);
    await saveAs.click();
    await expect
      .poll(() => file.getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe(
        'The file Lena kept for the artifact "report.txt" is no longer there: it was deleted or moved. Ask the agent for it again.',
      );
    expect(existsSync(shown[0])).toBe(false);
    await app.screenshot('agent-large-artifact-gone');
    const crm = page.getByTestId('tool-card').filter({ hasText: 'Delegate to agent crm' });
    await crm.getByRole('button', { name: /Delegate to agent crm/ }).click();
    await expect
      .poll(() => crm.getByTestId('delegation-state').textContent())
      .toBe('Sign-in required');
    expect(await crm.getByTestId('delegation-advice').textContent()).toContain(
      'Sign in when Lena asks (or run `lena agents login crm`), then ask again.',
    );
    await crm.scrollIntoViewIfNeeded();
    await app.screenshot('agent-sign-in-advice');
  });

  it('an artifact past agentLimits.keepBytes is not kept: the card says its size and the setting', async () => {
    const { page } = app;
    const limits = { ...DEFAULT_AGENT_LIMITS, keepBytes: 2_000_000 };
    const set = await app.host.dispatch(
      'settings:update',
      { agentLimits: limits },
      { senderUrl: 'test' },
    );
    expect(set.ok).toBe(true);
    try {
      api.push(
        reply(toolUse('a2a__reports', { message: 'the report again' }, 'toolu_big2')),
        reply(text('The report is too big to keep.')),
      );
      await ask(page, 'Ask the report agent again');
      await allowOnce(page);
      await page.getByText('The report is too big to keep.').waitFor({ timeout: 30_000 });
      const card = page
        .getByTestId('tool-card')
        .filter({ hasText: 'Delegate to agent reports' })
        .last();
      await card.getByRole('button', { name: /Delegate to agent reports/ }).click();
      const note = card.getByTestId('delegation-artifact-not-kept');
      expect(await note.textContent()).toBe(
        'Not kept as a file: at 2.9 MB it is over the keep cap of 1.9 MB (the setting agentLimits.keepBytes, now 2000000 bytes). Only its first part was shown and given to Claude.',
      );
      expect(await card.getByRole('button', { name: 'Save as…' }).count()).toBe(0);
      const taskId = (await card.getByText(/^Task /).textContent())!.slice('Task '.length);
      expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
      expect(existsSync(join(home, 'attachments', 'delegations', taskId))).toBe(false);
      await note.scrollIntoViewIfNeeded();
      await app.screenshot('agent-artifact-not-kept');
    } finally {
      await app.host.dispatch(
        'settings:update',
        { agentLimits: { ...DEFAULT_AGENT_LIMITS } },
        { senderUrl: 'test' },
      );
    }
  });

  it('asks to sign in to an agent whose card declares OAuth, then sends the task', async () => {
    const { page } = app;
    let sent = '';
    api.push(reply(toolUse('a2a__files', { message: 'read notes.txt' }, 'toolu_files')), (req) => {
      sent = toolResultText(toolResultsOf(req)[0].content);
      return reply(text('The files agent answered.'));
    });
    await ask(page, 'Ask the files agent');
    await allowOnce(page);
    const question = await armedQuestion(page);
    await expect
      .poll(() => question.textContent())
      .toMatch(
        /Sign in to agent files.*Claude wants to hand a task to the agent files, which needs you to sign in first/,
      );
    const before = opened.length;
    await app.screenshot('agent-sign-in-question');
    await answerQuestion(page, /^Sign in$/);
    await page.getByText('The files agent answered.').waitFor({ timeout: 30_000 });
    expect(opened.length).toBe(before + 1);
    expect(sent).toContain('Agent files ended the task with state completed');
    expect(sent).toContain('Your files say: read notes.txt');
    expect(files.refused).toBe(0);
    // The agents panel shows the sign-in, with Sign out and Sign in again.
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    const item = page
      .getByRole('region', { name: 'A2A agents' })
      .getByTestId('agent-item')
      .filter({ hasText: 'Files agent' });
    const state = item.getByTestId('agent-sign-in');
    await expect.poll(() => state.textContent()).toContain('Signed in (agent:tasks agent:files)');
    await item.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => state.textContent()).toContain('Not signed in');
    await item.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => state.textContent()).toContain('Signed in (agent:tasks agent:files)');
    expect(opened.length).toBe(before + 2);
    await state.scrollIntoViewIfNeeded();
    await app.screenshot('agent-panel-sign-in');
  });

  it('shows the status as it streams, and Stop cancels the task on the agent', async () => {
    const { page } = app;
    api.push(
      reply(toolUse('a2a__slow', { message: 'a long report' }, 'toolu_slow')),
      reply(text('ok')),
    );
    await ask(page, 'Ask the slow agent');
    await allowOnce(page);
    const card = page.getByTestId('tool-card').filter({ hasText: 'Delegate to agent slow' });
    await expect
      .poll(() => card.getByTestId('delegation-status').textContent(), { timeout: 20_000 })
      .toMatch(/^Step \d+ of 20$/);
    await app.screenshot('agent-streaming');
    await page.getByRole('button', { name: /Stop/ }).click();
    await expect.poll(() => slow.cancels.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => card.getAttribute('data-status')).toBe('cancelled');
  });

  it('an agent whose card is behind a sign-in offers Sign in, then shows its card', async () => {
    const { page } = app;
    const vault = await startOAuthPeer({ protectCard: true });
    try {
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Servers', exact: true }).click();
      const panel = page.getByRole('region', { name: 'A2A agents' });
      await panel.getByRole('button', { name: '+ Add agent' }).click();
      const form = panel.getByRole('form', { name: 'Add agent' });
      await form.getByLabel('Name', { exact: true }).fill('vault');
      await form.getByLabel('Base URL').fill(vault.url);
      await form.getByRole('button', { name: 'Add agent' }).click();
      const item = panel.getByTestId('agent-item').filter({ hasText: 'vault' });
      await expect.poll(() => item.getAttribute('data-state')).toBe('needs-sign-in');
      expect(await item.textContent()).toContain(
        'Sign in to read it: Sign in on the Servers page, or run `lena agents login vault`.',
      );
      const state = item.getByTestId('agent-sign-in');
      expect(await state.textContent()).toContain('Not signed in: its card is behind the sign-in');
      await item.scrollIntoViewIfNeeded();
      await app.screenshot('agent-card-behind-sign-in');
      const before = opened.length;
      await item.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => item.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
      expect(opened.length).toBe(before + 1);
      expect(await item.textContent()).toContain('Files agent 2.0.0 · Lena tests');
      await expect.poll(() => state.textContent()).toContain('Signed in');
      await item.scrollIntoViewIfNeeded();
      await app.screenshot('agent-card-signed-in');
    } finally {
      await vault.close();
    }
  });
});

describe.skipIf(skipWhen('no-browser'))('a delegation that outlives a restart of Lena', () => {
  it('is followed again at the next start, and Continue with the result reaches Claude', async () => {
    const again = mkdtempSync(join(tmpdir(), 'lena-e2e-agents-restart-'));
    const long = await startPeer('slow', { stepMs: 300 });
    const claude = await startMessagesApiServer();
    const windows: WindowSession[] = [];
    try {
      writeFileSync(join(again, 'mcp.json'), JSON.stringify({ mcpServers: {} }));
      writeFileSync(
        join(again, 'agents.json'),
        JSON.stringify({ agents: { long: { url: long.url } } }),
      );
      const first = await openWindow({ home: again, questionArmingMs: 0 });
      windows.push(first);
      await configureChat(first.page, claude.url);
      claude.push(reply(toolUse('a2a__long', { message: 'a long report' }, 'toolu_long')));
      await ask(first.page, 'Write the long report');
      await allowOnce(first.page);
      const running = first.page.getByTestId('tool-card').last();
      await expect
        .poll(() => running.getByTestId('delegation-status').textContent(), { timeout: 20_000 })
        .toMatch(/^Step \d+ of 20$/);
      // Lena quits while the agent works on: no CancelTask is sent.
      windows.pop();
      await first.dispose();
      expect(long.cancels).toEqual([]);

      const second = await openWindow({ home: again, questionArmingMs: 0 });
      windows.push(second);
      const { page } = second;
      await page.getByLabel('Anthropic API key').fill(TEST_KEY);
      await page.getByRole('button', { name: 'Save key' }).click();
      await page.getByRole('button', { name: 'Write the long report', exact: true }).click();
      const card = page.getByTestId('tool-card').last();
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
      const offer = card.getByTestId('tool-continue');
      await offer.waitFor();
      await second.screenshot('agent-restart-continue');
      claude.push(reply(text('The report is in.')));
      const before = claude.messageRequests().length;
      await offer.getByRole('button', { name: 'Continue with the result' }).click();
      await page.getByText('The report is in.').waitFor({ timeout: 30_000 });
      const sent = claude.messageRequests()[before];
      const result = toolResultsOf(sent).find((r) => r.tool_use_id !== 'toolu_long');
      expect(toolResultText(result?.content)).toContain('part 20.');
    } finally {
      for (const w of windows) await w.dispose().catch(() => undefined);
      await Promise.all([claude.close(), long.close()]);
      rmSync(again, { recursive: true, force: true });
    }
  });
});
