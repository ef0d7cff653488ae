// A chat turn that calls a tool on a server whose sign-in has lapsed (issue 20): the access token
// expired and the server forgot the refresh token, so the call gets a 401 Lena cannot fix alone.
// The conversation shows "Sign in to docs" in the shared question frame; Sign in opens the
// "system browser" (a fetch that follows the authorization redirects to Lena's loopback callback,
// as the conformance runner does), and the same call then runs; Cancel makes the tool result say
// the sign-in was cancelled. The OAuth server is the SDK-built fixture of oauth-sign-in.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { startOAuthServer, type OAuthFixture } from '../fixtures/mcp-http/oauth-server';
import { ask, configureChat, serversConnected } from './helpers/chat-setup';
import { allowOnce, armedQuestion, answerQuestion } from './helpers/questions';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))(
  'a tool call that needs a sign-in asks in the conversation',
  () => {
    let app: WindowSession;
    let server: OAuthFixture;
    let api: MessagesApiServer;
    let home: string;
    const opened: string[] = [];

    beforeAll(async () => {
      server = await startOAuthServer();
      api = await startMessagesApiServer();
      home = mkdtempSync(join(tmpdir(), 'lena-e2e-oauth-chat-'));
      writeFileSync(
        join(home, 'mcp.json'),
        JSON.stringify({ mcpServers: { docs: { type: 'http', url: server.url } } }),
      );
      app = await openWindow({
        home,
        questionArmingMs: 0,
        openExternal: async (url) => {
          opened.push(url);
          await (await fetch(url, { redirect: 'follow' })).text();
        },
      });
      await configureChat(app.page, api.url);
      // Signed in once, as on the servers page; the docs tools reach the chat.
      const rt = (await app.host.services()).runtime;
      await app.page
        .getByRole('button', { name: /Sign in required/ })
        .first()
        .waitFor({ timeout: 30_000 });
      await rt.auth.signIn('docs');
      await rt.manager.restart('docs');
      await serversConnected(app.page, 1);
    }, 90_000);

    afterAll(async () => {
      await app?.dispose();
      await api?.close();
      await server?.close();
      if (home) rmSync(home, { recursive: true, force: true });
    });

    /** The tool result Lena sent back to Claude in the latest request. */
    const lastToolResult = (): string => {
      const requests = api.messageRequests();
      return toolResultText(toolResultsOf(requests[requests.length - 1])[0]?.content);
    };

    /** The sign-in lapses: the access token expires and the refresh token is forgotten. */
    const lapse = () => {
      server.expireAccessTokens();
      server.dropRefreshTokens();
    };

    it('Sign in on the card signs in through the browser, and the same call then runs', async () => {
      const { page } = app;
      lapse();
      api.push(reply(toolUse('mcp__docs__whoami', {})), reply(text('You are signed in again.')));
      await ask(page, 'Who am I on docs?');
      await allowOnce(page);
      const card = await armedQuestion(page);
      await expect
        .poll(() => card.textContent())
        .toMatch(
          /Sign in to docs.*Claude wants to run whoami, and docs needs you to sign in first/,
        );
      expect(opened).toHaveLength(1); // only the first sign-in: nothing opens before the user says so
      await app.screenshot('oauth-chat-sign-in-card');
      await answerQuestion(page, /^Sign in$/);
      await page.getByText('You are signed in again.').waitFor({ timeout: 30_000 });
      expect(opened).toHaveLength(2);
      expect(lastToolResult()).toMatch(/client [0-9a-f-]{36}/);
      expect(server.grants.authorization_code).toBe(2);
      const rt = (await app.host.services()).runtime;
      await expect
        .poll(() => rt.manager.status('docs')?.status, { timeout: 30_000 })
        .toBe('connected');
    });

    it('Cancel on the card: the tool result says the sign-in was cancelled, and the turn goes on', async () => {
      const { page } = app;
      lapse();
      api.push(reply(toolUse('mcp__docs__whoami', {})), reply(text('Alright, not signed in.')));
      await ask(page, 'Who am I on docs, again?');
      await allowOnce(page);
      const card = await armedQuestion(page);
      await expect.poll(() => card.textContent()).toMatch(/Sign in to docs/);
      await answerQuestion(page, /^Cancel/);
      await page.getByText('Alright, not signed in.').waitFor({ timeout: 30_000 });
      expect(lastToolResult()).toMatch(/Sign-in to docs was cancelled, so whoami did not run\./);
      // The card says why the call did not run (not "the server was asked to stop").
      await expect
        .poll(() => page.getByTestId('tool-card').last().textContent())
        .toMatch(/Cancelled.*Sign-in to docs was cancelled, so whoami did not run/);
      expect(opened).toHaveLength(2); // Cancel opened nothing
      await app.screenshot('oauth-chat-sign-in-cancelled');
      expect(app.pageErrors).toEqual([]);
    });
  },
);
