// Accessibility of the window (issues 15 and 37): axe-core scans every screen, in light and in
// dark, at 1280 and 720 px, against the real core, real reference servers, an MCP Apps server, an
// OAuth server and the scripted Messages API; any critical, serious or moderate violation fails.
// The same visit saves each screen at 1280, 900 and 720 px in both schemes under
// test-results/e2e/screens/ (the screen tour). The totals (all impacts) go to
// test-results/e2e/axe.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import {
  apiError,
  reply,
  startMessagesApiServer,
  text,
  toolUse,
  type MessagesApiServer,
} from '../fixtures/messages-api';
import { startOAuthServer, type OAuthFixture } from '../fixtures/mcp-http/oauth-server';
import { basicAppServer, cardOf, liveView } from './helpers/apps';
import { AxeTally, describeFindings, type AxeFinding } from './helpers/axe';
import { ask, configureChat } from './helpers/chat-setup';
import { addFromMenu } from './helpers/composer';
import { referenceServer } from './helpers/core';
import { allowOnce, answerQuestion, armedQuestion, denyQuestion } from './helpers/questions';
import { ScreenTour } from './helpers/screens';
import { serverScreens } from './helpers/server-screens';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('accessibility (axe-core, light and dark)', () => {
  let app: WindowSession;
  let api: MessagesApiServer;
  let oauth: OAuthFixture;
  let home: string;
  const tally = new AxeTally();
  let tour: ScreenTour;
  // Each test visits all its screens before it asserts, so one report shows every finding.
  let severe: AxeFinding[] = [];
  const scan = async (screen: string) => {
    severe.push(...(await tour.visit(app.page, screen)));
  };
  const expectClean = async (screen?: string) => {
    if (screen) await scan(screen);
    const found = severe;
    severe = [];
    expect(found, describeFindings(found)).toEqual([]);
  };
  const started = Date.now();

  beforeAll(async () => {
    tour = new ScreenTour(tally);
    oauth = await startOAuthServer();
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-a11y-'));
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          every: { command: process.execPath, args: [referenceServer('everything')] },
          fs: { command: process.execPath, args: [referenceServer('filesystem'), home] },
          basic: basicAppServer(),
          docs: { type: 'http', url: oauth.url },
          broken: { command: join(home, 'no-such-program'), args: ['--flag'] },
        },
      }),
    );
    api = await startMessagesApiServer();
    app = await openWindow({
      home,
      questionArmingMs: 0,
      viewport: { width: 1280, height: 800 },
      // The "system browser" of an OAuth sign-in: follows the redirects to Lena's callback.
      openExternal: async (url) => void (await (await fetch(url, { redirect: 'follow' })).text()),
    });
  });
  afterAll(async () => {
    const path = tally.write();
    console.log(
      `axe totals by impact: ${JSON.stringify(tally.counts)}; by rule: ${JSON.stringify(tally.byRule)} (details in ${path}); ` +
        `visits took ${tour?.spentMs} ms (screenshots ${tour?.shotMs}, axe ${JSON.stringify(tally.spentMs)}) of ${Date.now() - started} ms`,
    );
    await app?.dispose();
    await api?.close();
    await oauth?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('first run', async () => {
    await app.page.getByRole('heading', { name: 'Connect Lena to Claude' }).waitFor();
    await expectClean('first run');
  });

  it('settings', async () => {
    await configureChat(app.page, api.url);
    await expectClean('settings');
  });

  it('chat, empty; the project popover and the tools menu', async () => {
    const { page } = app;
    await page.keyboard.press('Control+n');
    await page.getByRole('heading', { name: 'Start a conversation' }).waitFor();
    await page.getByRole('button', { name: /3 of 5 servers/ }).waitFor({ timeout: 60_000 });
    await scan('chat empty');

    await page.getByRole('button', { name: /No project folder/ }).click();
    await page.getByLabel('Folder to open').waitFor();
    await scan('project popover');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /tools, for this conversation$/ }).click();
    await page.getByRole('menu', { name: 'Tools for this conversation' }).waitFor();
    await scan('tools menu');
    await page.keyboard.press('Escape');
    await expectClean();
  });

  it('completions in the composer, a prompt’s form and preview, the resource picker', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    const slash = page.getByRole('listbox', { name: 'Prompts and commands' });
    await box.fill('/mcp re');
    await slash
      .getByRole('option', { name: /^\/mcp re/ })
      .first()
      .waitFor();
    await scan('mcp command completions');
    await box.fill('/every:');
    await slash
      .getByRole('option', { name: /^\/every:completable-prompt/ })
      .waitFor({ timeout: 30_000 });
    await scan('prompt completions');
    await box.fill('/every:completable-prompt');
    await box.press('Enter');
    const form = page.getByRole('form', { name: 'Run /every:completable-prompt' });
    await form.getByLabel('department *').fill('S');
    await form.getByText('Sales').waitFor({ timeout: 30_000 });
    await scan('prompt form with suggestions');
    await form.getByText('Sales').click();
    await form.getByLabel('name *').fill('Eve');
    await form.getByRole('button', { name: 'Run prompt' }).click();
    const preview = page.getByRole('dialog', { name: /Send the prompt/ });
    await preview.waitFor({ timeout: 30_000 });
    await scan('prompt preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    await addFromMenu(page, /A resource from a server/);
    const picker = page.getByRole('dialog', { name: 'Attach a resource' });
    await picker.getByLabel('Server').selectOption('every');
    await picker.getByRole('list', { name: 'Resources of every' }).waitFor({ timeout: 30_000 });
    await scan('resource picker');
    await picker.getByRole('button', { name: 'Close' }).click();
    await picker.waitFor({ state: 'detached' });
    await expectClean();
  }, 180_000);

  it('chat, streaming', async () => {
    const { page } = app;
    api.push(
      reply(text('Streaming words arrive one by one. '.repeat(20), 6), { hangAfterEvents: 10 }),
    );
    await ask(page, 'Stream something');
    await page
      .getByText(/Streaming words/)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /Stop/ }).waitFor();
    await scan('chat streaming');
    await page.getByRole('button', { name: /Stop/ }).click();
    await page
      .getByRole('button', { name: /Stop/ })
      .waitFor({ state: 'detached', timeout: 30_000 });
    await expectClean('chat stopped');
  });

  it('the permission dialog, then the chat with a tool done', async () => {
    const { page } = app;
    api.push(
      reply(toolUse('mcp__every__echo', { message: 'hello from the test' })),
      reply(text('Echoed it back.')),
    );
    await ask(page, 'Echo something');
    await armedQuestion(page);
    await scan('permission dialog');
    await allowOnce(page);
    await page.getByText('Echoed it back.').waitFor({ timeout: 30_000 });
    await scan('chat with tools done');
    // Two calls in one turn: two questions queued, two cards waiting with their arguments.
    api.push(
      reply(
        toolUse('mcp__every__echo', { message: 'first' }),
        toolUse('mcp__every__echo', { message: 'second' }),
      ),
      reply(text('Both echoed.')),
    );
    await ask(page, 'Echo twice');
    await (await armedQuestion(page)).getByText('1 of 2').waitFor({ timeout: 30_000 });
    await scan('two questions queued');
    // A lasting choice asks "Are you sure?" in the question itself.
    await page.getByRole('button', { name: 'Always allow this tool' }).click();
    const sure = page.getByRole('group', { name: 'Are you sure?' });
    await sure.waitFor();
    await scan('always allow, are you sure');
    await sure.getByRole('button', { name: 'Cancel' }).click();
    await allowOnce(page);
    await armedQuestion(page);
    await page.getByRole('button', { name: /^Deny with reason/ }).click();
    await page.getByLabel('Reason for denying (sent to Claude)').fill('Once is enough.');
    await scan('deny with reason');
    await denyQuestion(page);
    await page.getByText('Both echoed.').waitFor({ timeout: 30_000 });
    await expectClean();
  });

  it('branches of an answer', async () => {
    const { page } = app;
    api.push(reply(text('Answer one.')));
    await ask(page, 'Answer twice');
    await page.getByText('Answer one.').waitFor({ timeout: 30_000 });
    api.push(reply(text('Answer two.')));
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('group', { name: 'Branch 2 of 2' }).waitFor({ timeout: 30_000 });
    await expectClean('branches');
  });

  it('questions a server asks: sampling, an elicitation form, a URL', async () => {
    const { page } = app;
    const run = async (tool: string, input: Record<string, unknown>, between: string[] = []) => {
      api.push(
        reply(toolUse(`mcp__every__${tool}`, input)),
        ...between.map((t) => reply(text(t))),
        reply(text(`${tool} done.`)),
      );
      await ask(page, `Please run ${tool}`);
      await allowOnce(page);
      await armedQuestion(page);
    };
    await run('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 100 }, [
      'Hello, via Lena',
    ]);
    await scan('sampling request');
    await answerQuestion(page, 'Send to Claude');
    await (await armedQuestion(page)).getByTestId('sampling-answer').waitFor();
    await scan('sampling answer');
    await answerQuestion(page, /^Return/);
    await page.getByText('trigger-sampling-request done.').waitFor({ timeout: 30_000 });

    await run('trigger-elicitation-request', {});
    await scan('elicitation form');
    await answerQuestion(page, 'Decline');
    await page.getByText('trigger-elicitation-request done.').waitFor({ timeout: 30_000 });

    await run('trigger-url-elicitation', {
      url: 'https://pay.example.com/checkout?order=7',
      message: 'Pay for order 7',
    });
    await scan('url elicitation');
    await answerQuestion(page, 'Don’t open');
    await page.getByText('trigger-url-elicitation done.').waitFor({ timeout: 30_000 });
    await expectClean();
  }, 180_000);

  it('a tool’s view (MCP Apps) in its card', async () => {
    const { page } = app;
    api.push(reply(toolUse('mcp__basic__get-time', {})), reply(text('Here is the time.')));
    await ask(page, 'What time is it on the server?');
    await allowOnce(page);
    await page.getByText('Here is the time.').waitFor({ timeout: 30_000 });
    await liveView(cardOf(page, 'basic · Get Time'));
    await expectClean('mcp apps view');
  });

  it('OAuth: the sign-in panel, then a sign-in asked in the conversation', async () => {
    const { page } = app;
    await page
      .getByRole('button', { name: /servers/ })
      .first()
      .click();
    await page
      .getByRole('list', { name: 'Servers' })
      .getByRole('button', { name: /^docs/ })
      .click();
    const panel = page.getByTestId('sign-in');
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toMatch(/Sign in required/);
    await scan('oauth sign-in required');
    await panel.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toMatch(/Signed in to docs/);
    await page.getByRole('button', { name: /4 of 5 servers/ }).waitFor({ timeout: 30_000 });
    await scan('oauth signed in');
    // The sign-in lapses; the next call asks for it in the conversation.
    oauth.expireAccessTokens();
    oauth.dropRefreshTokens();
    api.push(reply(toolUse('mcp__docs__whoami', {})), reply(text('Not signed in.')));
    await ask(page, 'Who am I on docs?');
    await allowOnce(page);
    const card = await armedQuestion(page);
    await expect.poll(() => card.textContent()).toMatch(/Sign in to docs/);
    await scan('oauth sign-in question');
    await answerQuestion(page, /^Cancel/);
    await page.getByText('Not signed in.').waitFor({ timeout: 30_000 });
    await expectClean();
  });

  it('the conversation menu', async () => {
    const { page } = app;
    await page.getByRole('button', { name: /^Conversation/ }).click();
    await page.getByRole('menu', { name: 'Conversation actions' }).waitFor();
    await scan('conversation menu');
    await page.keyboard.press('Escape');
    await expectClean();
  });

  it('chat with an error', async () => {
    const { page } = app;
    api.push(apiError.authentication());
    await ask(page, 'Hello?');
    await page.getByText('Claude refused the API key').waitFor({ timeout: 30_000 });
    await expectClean('chat with an error');
  });

  it('search', async () => {
    const { page } = app;
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Echoed');
    await page.getByRole('list', { name: 'Search results' }).waitFor();
    await expectClean('search');
    await page.keyboard.press('Escape');
  });

  it('servers: list, overview, tools, run by hand, resources, prompts, logs, configuration, a failed server', async () => {
    await serverScreens(app.page, scan);
    await expectClean();
  }, 300_000);

  it('a narrow window with the sidebar overlay open, and Settings asking about unsaved edits', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 720, height: 560 });
    await page.getByRole('button', { name: 'Show the sidebar' }).press('Enter');
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
    severe.push(...(await tour.visit(page, 'narrow window, sidebar overlay', [720])));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+,');
    await page.getByLabel('System prompt').fill('Unsaved words');
    await page.keyboard.press('Escape');
    await page.getByText('You have unsaved changes.').waitFor();
    await expectClean('settings, unsaved edits');
    await page.getByRole('button', { name: 'Discard and close' }).press('Enter');
  });
});
