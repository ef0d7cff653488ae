// Signing in to an OAuth-protected MCP server from the window (issue 20): the server (built on the
// SDK's server-side auth helpers) answers 401, so the servers page and the title bar say "Sign in
// required"; Sign in opens the "system browser" — here a fetch that follows the authorization
// URL's redirects to Lena's loopback callback, as the conformance runner does — and the server
// connects; a tool call survives a token expiry by refreshing; Sign out shows "Sign in required".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { startOAuthServer, type OAuthFixture } from '../fixtures/mcp-http/oauth-server';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('OAuth sign-in in the window', () => {
  let app: WindowSession;
  let server: OAuthFixture;
  let home: string;
  const opened: string[] = [];
  beforeAll(async () => {
    server = await startOAuthServer();
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-oauth-'));
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({ mcpServers: { docs: { type: 'http', url: server.url } } }),
    );
    app = await openWindow({
      home,
      openExternal: async (url) => {
        opened.push(url);
        await (await fetch(url, { redirect: 'follow' })).text();
      },
    });
  });
  afterAll(async () => {
    await app?.dispose();
    await server?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('Sign in required → Sign in → tool call → refresh after expiry → Sign out → Sign in required', async () => {
    const { page } = app;
    const titleButton = page.getByRole('button', { name: /servers/ }).first();
    await expect
      .poll(() => titleButton.textContent(), { timeout: 30_000 })
      .toMatch(/0 of 1 servers · Sign in required/);
    // The sidebar's summary counts it as waiting for a sign-in, not as failed.
    await expect
      .poll(() => page.getByTestId('servers-summary').getAttribute('title'))
      .toMatch(/^0 of 1 connected · 1 need sign-in$/);
    await titleButton.click();
    const item = page.getByRole('listitem').filter({ hasText: 'docs' });
    await expect.poll(() => item.textContent()).toMatch(/Sign in required/);
    await item.getByRole('button').click();
    const panel = page.getByTestId('sign-in');
    await expect
      .poll(() => panel.textContent())
      .toMatch(/Sign in required\. docs asks you to sign in/);
    expect(opened).toEqual([]); // nothing opened before the user asked
    await app.screenshot('oauth-sign-in-required');

    await panel.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => panel.textContent(), { timeout: 30_000 })
      .toMatch(/Signed in to docs\./);
    await expect
      .poll(() => page.locator('.server-detail .status-word').first().textContent(), {
        timeout: 30_000,
      })
      .toBe('Connected');
    expect(opened).toHaveLength(1);
    expect(new URL(opened[0]).searchParams.get('code_challenge_method')).toBe('S256');
    await expect.poll(() => titleButton.textContent()).toBe(' 1 of 1 servers');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await expect
      .poll(() => page.getByText('whoami').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Overview' }).click();
    await app.screenshot('oauth-signed-in');

    const manager = (await app.host.services()).runtime.manager;
    expect(JSON.stringify(await manager.callTool('docs', 'whoami', {}))).toMatch(
      /client [0-9a-f-]{36}/,
    );
    server.expireAccessTokens();
    expect(JSON.stringify(await manager.callTool('docs', 'whoami', {}))).toMatch(
      /client [0-9a-f-]{36}/,
    );
    expect(server.grants).toEqual({ authorization_code: 1, refresh_token: 1 });
    expect(opened).toHaveLength(1); // the refresh needed no browser

    await panel.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toMatch(/Sign in required\./);
    await expect.poll(() => titleButton.textContent()).toMatch(/Sign in required/);
    expect(server.revoked.length).toBe(2);
    await app.screenshot('oauth-signed-out');
    expect(app.pageErrors).toEqual([]);
  });
});
