// What a server may ask of Lena, end to end in Chromium over stdio (issue 17): server-everything's
// sampling request reviewed in the window and answered by the scripted Messages API, its form
// elicitation (defaults kept, a required field filled, validation before sending) and its URL
// elicitation (origin shown, the browser opened only after yes; an address on this computer asked
// as such). It lists 19 tools to the window.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { ask, configureChat, serversConnected } from './helpers/chat-setup';
import { referenceServer } from './helpers/core';
import { allowOnce, armedQuestion, answerQuestion } from './helpers/questions';
import { openWindow, type WindowSession } from './helpers/session';
import { screenshotSizes } from './helpers/sizes';
import { openServerOverview } from './helpers/server-screens';

const skipped = skipWhen('no-browser');
let home = '';
let api: MessagesApiServer;
let app: WindowSession;
const opened: string[] = [];

beforeAll(async () => {
  if (skipped) return;
  home = mkdtempSync(join(tmpdir(), 'lena-e2e-asks-'));
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: { every: { command: process.execPath, args: [referenceServer('everything')] } },
    }),
  );
  api = await startMessagesApiServer();
  app = await openWindow({
    home,
    questionArmingMs: 0,
    openExternal: async (url) => void opened.push(url),
  });
  await configureChat(app.page, api.url);
  await serversConnected(app.page, 1);
}, 90_000);

afterAll(async () => {
  await app?.dispose();
  await api?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

/** The tool result Lena sent back to Claude in the latest request. */
function lastToolResult(): string {
  const requests = api.messageRequests();
  return toolResultText(toolResultsOf(requests[requests.length - 1])[0]?.content);
}

/** Claude calls the tool (allowed once); `between` answers requests made while it runs (sampling). */
async function runTool(
  page: Page,
  name: string,
  input: Record<string, unknown>,
  done: string,
  between: string[] = [],
): Promise<void> {
  api.push(
    reply(toolUse(`mcp__every__${name}`, input)),
    ...between.map((t) => reply(text(t))),
    reply(text(done)),
  );
  await ask(page, `Please run ${name}`);
  await allowOnce(page);
}

describe.skipIf(skipWhen('no-browser'))('a server asks, the user answers in the window', () => {
  it('server-everything lists 19 tools to the window (roots, sampling, elicitation form and URL, and tasks for both declared)', async () => {
    const status = (await app.host.services()).runtime.manager.status('every');
    expect(status?.toolCount).toBe(19);
  });

  it('roots: a folder added on the server’s page is what get-roots-list sees', async () => {
    const { page } = app;
    const docs = join(home, 'docs');
    mkdirSync(docs);
    await openServerOverview(page, /every/);
    await page.getByLabel('Folder to add (absolute path)').fill('relative/folder');
    await page.getByRole('button', { name: 'Add folder' }).click();
    await page.getByText('is not an absolute path').waitFor();
    await page.getByLabel('Folder to add (absolute path)').fill(docs);
    await page.getByRole('button', { name: 'Add folder' }).click();
    await expect.poll(() => page.getByTestId('server-roots').textContent()).toContain(docs);
    await app.screenshot('server-roots');
    await runTool(page, 'get-roots-list', {}, 'Roots listed.');
    await page.getByText('Roots listed.').waitFor({ timeout: 30_000 });
    expect(lastToolResult()).toContain(pathToFileURL(docs).href);
  });

  it('sampling: reviewed (the refused temperature not explained), edited, sent, the answer reviewed and returned', async () => {
    const { page } = app;
    await runTool(
      page,
      'trigger-sampling-request',
      { prompt: 'Say hi', maxTokens: 100 },
      'Sampling done.',
      ['Hello from Claude, via Lena'],
    );
    const review = await armedQuestion(page);
    expect(await review.getByRole('heading').textContent()).toBe(
      'every asks to send a request to Claude',
    );
    // server-everything asks with a temperature the API refuses: it is left out without a word.
    expect(await review.getByTestId('sampling-notices').count()).toBe(0);
    expect(await review.textContent()).not.toMatch(/temperature/i);
    // Focus is on the heading, never on "Send to Claude".
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    const message = review.getByLabel('Message (as the user)');
    expect(await message.inputValue()).toContain('Say hi');
    await message.fill('Say hello, briefly');
    await app.screenshot('sampling-request');
    await screenshotSizes(app, 'consent-sampling');
    const before = api.messageRequests().length;
    await review.getByRole('button', { name: 'Send to Claude' }).click();

    const answer = await armedQuestion(page);
    expect(await answer.getByRole('heading').textContent()).toBe(
      'Return Claude’s answer to every?',
    );
    expect(await answer.getByTestId('sampling-answer').textContent()).toBe(
      'Hello from Claude, via Lena',
    );
    // It used the user's key: the tokens are said with the answer, and add up on the server's page.
    expect(await answer.getByTestId('sampling-answer-meta').textContent()).toMatch(
      /used [\d,]+ input \+ [\d,]+ output tokens of your key/,
    );
    const sampled = api.messageRequests()[before].body as Record<string, unknown>;
    expect(sampled).toMatchObject({
      system: 'You are a helpful test server.',
      max_tokens: 100,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello, briefly' }] }],
    });
    expect(sampled).not.toHaveProperty('temperature');
    await app.screenshot('sampling-answer');
    await answerQuestion(page, /^Return to every/);
    await page.getByText('Sampling done.').waitFor({ timeout: 30_000 });
    expect(lastToolResult()).toContain('Hello from Claude, via Lena');
    // The request served this conversation's tool call: its meter counts it and says so.
    await expect
      .poll(() => page.getByTestId('context-meter').getAttribute('title'))
      .toMatch(/over 1 turn, of which 1 request by servers: \$\d/);
    await app.screenshot('sampling-meter');
    await openServerOverview(page, /every/);
    await expect
      .poll(() => page.getByTestId('sampling-usage').textContent())
      .toMatch(
        /^Its requests have used [1-9][\d,]* input and [1-9][\d,]* output tokens of your key \(1 request since /,
      );
    await app.screenshot('sampling-usage');
  });

  it('form elicitation: Decline or Submit, defaults filled in, validated before sending (Enter never submits), accepted', async () => {
    const { page } = app;
    await runTool(page, 'trigger-elicitation-request', {}, 'Form done.');
    const form = await armedQuestion(page);
    expect(await form.getByRole('heading').textContent()).toBe('every asks for information');
    expect(await form.getByTestId('elicitation-message').textContent()).toContain(
      'Please provide inputs for the following fields',
    );
    expect(await form.getByLabel('String with default', { exact: true }).inputValue()).toBe(
      'It was a dark and stormy night.',
    );
    expect(await form.getByLabel('Integer', { exact: true }).inputValue()).toBe('42');
    expect(await form.getByLabel('Titled Single Select Enum', { exact: true }).inputValue()).toBe(
      'hero-1',
    );
    await app.screenshot('elicitation-form');
    // Decline or Submit are the buttons; Cancel is Escape only (the hint line names it).
    expect(await form.locator('.question-foot button').allTextContents()).toEqual([
      'Decline',
      'Submit to every',
    ]);
    await screenshotSizes(app, 'consent-elicitation');
    // Enter in a field moves on and never submits; submitting with the required name empty says what to fix.
    await form.getByLabel('String with email format', { exact: true }).fill('not-an-email');
    await form.getByLabel('String with email format', { exact: true }).press('Enter');
    expect(
      await page.locator(`[data-question="${await form.getAttribute('data-question')}"]`).count(),
    ).toBe(1);
    await form.getByRole('button', { name: 'Submit to every' }).click();
    expect(await form.getByRole('alert').first().textContent()).toContain(
      'Fix the marked fields; nothing was sent.',
    );
    expect(await form.textContent()).toContain('String with email format enter an email address');
    await app.screenshot('elicitation-form-invalid');
    await form.locator('[data-field="name"] input').fill('Ada Lovelace');
    await form.getByLabel('String with email format', { exact: true }).fill('ada@example.com');
    await answerQuestion(page, 'Submit to every');
    await page.getByText('Form done.').waitFor({ timeout: 30_000 });
    const result = lastToolResult();
    expect(result).toContain('- Name: Ada Lovelace');
    expect(result).toContain('- Email: ada@example.com');
    expect(result).toContain('- Favorite Integer: 42');
  });

  it('URL elicitation: the origin shown, the browser opened only after yes', async () => {
    const { page } = app;
    await runTool(
      page,
      'trigger-url-elicitation',
      { url: 'https://pay.example.com/checkout?order=7', message: 'Pay for order 7' },
      'URL done.',
    );
    const q = await armedQuestion(page);
    expect(await q.getByRole('heading').textContent()).toBe(
      'every asks you to open a page on pay.example.com',
    );
    expect(await q.getByTestId('url-target').textContent()).toBe(
      'https://pay.example.com/checkout?order=7',
    );
    expect(opened).toEqual([]);
    await app.screenshot('elicitation-url');
    await q.getByRole('button', { name: 'Open in the browser' }).click();
    await page.getByTestId('url-waiting').waitFor();
    expect(opened).toEqual(['https://pay.example.com/checkout?order=7']);
    await page.getByText('URL done.').waitFor({ timeout: 30_000 });
    expect(lastToolResult()).toContain('User completed the URL elicitation flow');
    // server-everything sends no completion notice: the user closes the note.
    await answerQuestion(page, /^Close/);
  });

  it('URL elicitation of an address on this computer (a local server): asked as such, with a warning, not like a website', async () => {
    const { page } = app;
    await runTool(
      page,
      'trigger-url-elicitation',
      { url: 'http://localhost:8080/admin/reset?confirm=1', message: 'Finish signing in' },
      'Loopback done.',
    );
    const q = await armedQuestion(page);
    expect(await q.getByRole('heading').textContent()).toBe(
      'every asks you to open an address on this computer, localhost:8080',
    );
    expect(await q.getByTestId('url-loopback').textContent()).toContain(
      'This is not a website: it points at your own computer (http://localhost:8080)',
    );
    expect(await q.getByTestId('url-target').textContent()).toBe(
      'http://localhost:8080/admin/reset?confirm=1',
    );
    await app.screenshot('elicitation-url-loopback');
    await answerQuestion(page, 'Don’t open');
    await page.getByText('Loopback done.').waitFor({ timeout: 30_000 });
    expect(opened).not.toContain('http://localhost:8080/admin/reset?confirm=1');
  });
});
