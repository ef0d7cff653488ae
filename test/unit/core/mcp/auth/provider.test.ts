// Lena's OAuth provider against a real OAuth-protected MCP server (SDK 1.x auth helpers, in
// test/fixtures): sign in through the loopback redirect, call a tool, survive expiry by refreshing,
// sign out with revocation, and need a sign-in again. The "browser" follows the redirects.
import { afterEach, describe, expect, it } from 'vitest';
import { OAuthProvider, type SignInHost } from '../../../../../electron/core/mcp/auth/provider';
import { MemoryAuthStore } from '../../../../../electron/core/mcp/auth/store';
import { SignInRequiredError } from '../../../../../electron/core/mcp/auth/types';
import { McpClient } from '../../../../../electron/core/mcp/client';
import { StreamableHttpTransport } from '../../../../../electron/core/mcp/transports/streamable-http';
import { startOAuthServer, type OAuthFixture } from '../../../../fixtures/mcp-http/oauth-server';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fixture(opts?: Parameters<typeof startOAuthServer>[0]): Promise<OAuthFixture> {
  const s = await startOAuthServer(opts);
  cleanups.push(() => s.close());
  return s;
}

function browser(opened: URL[] = []): SignInHost {
  return {
    interactive: true,
    timeoutMs: 10_000,
    open: async (url) => {
      opened.push(url);
      await (await fetch(url, { redirect: 'follow' })).text();
    },
  };
}

async function connect(url: string, auth: OAuthProvider): Promise<McpClient> {
  const client = new McpClient(new StreamableHttpTransport({ url, auth }), {
    requestTimeoutMs: 10_000,
  });
  cleanups.push(() => client.close());
  await client.connect();
  return client;
}

const text = (r: { content: unknown[] }): string => (r.content[0] as { text: string }).text;

describe('OAuthProvider with a real OAuth-protected MCP server', () => {
  it('signs in on the first 401, calls a tool, refreshes an expired token, signs out and revokes', async () => {
    const server = await fixture();
    const store = new MemoryAuthStore();
    const opened: URL[] = [];
    const auth = new OAuthProvider({
      name: 'docs',
      serverUrl: new URL(server.url),
      store,
      host: browser(opened),
    });
    const client = await connect(server.url, auth);
    expect(text(await client.callTool('whoami', {}))).toMatch(/^client [0-9a-f-]{36}$/);
    // The authorization request carried PKCE S256, state, the resource and the server's scopes.
    expect(opened).toHaveLength(1);
    const q = opened[0].searchParams;
    expect([q.get('code_challenge_method'), q.get('resource'), q.get('scope')]).toEqual([
      'S256',
      server.url,
      'mcp:tools',
    ]);
    expect(q.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect((await auth.state()).signedIn).toBe(true);

    server.expireAccessTokens();
    expect(text(await client.callTool('whoami', {}))).toMatch(/^client /);
    expect(server.grants).toEqual({ authorization_code: 1, refresh_token: 1 });
    expect(opened).toHaveLength(1); // refreshed silently, no second browser visit

    const before = (await store.loadTokens(auth.key))!;
    await expect(auth.signOut()).resolves.toEqual({ revoked: true });
    expect(server.revoked).toEqual([before.refreshToken, before.accessToken]);
    expect(await auth.state()).toEqual({ signedIn: false });
  });

  it('without an interactive host, a 401 is "Sign in required" and nothing opens', async () => {
    const server = await fixture();
    const opened: URL[] = [];
    const auth = new OAuthProvider({
      name: 'docs',
      serverUrl: new URL(server.url),
      store: new MemoryAuthStore(),
      host: { ...browser(opened), interactive: false },
    });
    const client = new McpClient(new StreamableHttpTransport({ url: server.url, auth }), {
      requestTimeoutMs: 10_000,
    });
    cleanups.push(() => client.close());
    const err = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/Sign in required: docs needs you to sign in/);
    expect(opened).toEqual([]);
    // The user presses Sign in: the same provider signs in, and the next connection works.
    await auth.signIn();
    const again = await connect(server.url, auth);
    expect(text(await again.callTool('whoami', {}))).toMatch(/^client /);
  });

  it('a 401 with a refresh token refreshes, and a failed refresh forgets the tokens (sign in again)', async () => {
    const server = await fixture();
    const store = new MemoryAuthStore();
    const auth = new OAuthProvider({
      name: 'docs',
      serverUrl: new URL(server.url),
      store,
      host: browser(),
    });
    await auth.signIn();
    const first = (await store.loadTokens(auth.key))!;
    // Another process (the CLI) refreshed meanwhile: this refresh token is spent.
    server.expireAccessTokens();
    const later = new OAuthProvider({
      name: 'docs',
      serverUrl: new URL(server.url),
      store,
      host: { ...browser(), interactive: false },
    });
    await store.saveTokens(auth.key, { ...first, refreshToken: 'rt-spent' });
    const client = new McpClient(new StreamableHttpTransport({ url: server.url, auth: later }), {
      requestTimeoutMs: 10_000,
    });
    cleanups.push(() => client.close());
    const err = (await client.connect().catch((e: unknown) => e)) as Error;
    expect(err.cause).toBeInstanceOf(SignInRequiredError); // the client wraps what the transport threw
    expect(err.message).toMatch(
      /Sign in required: docs needs you to sign in \(Token has expired\)/,
    );
    expect(await store.loadTokens(auth.key)).toBeUndefined();
  });

  it('refreshes a token about to expire before sending it, once, and shares one pending sign-in', async () => {
    const server = await fixture({ tokenTtlSeconds: 3600 });
    const opened: URL[] = [];
    let clock = Date.now();
    const auth = new OAuthProvider({
      name: 'docs',
      serverUrl: new URL(server.url),
      store: new MemoryAuthStore(),
      host: browser(opened),
      now: () => clock,
    });
    await Promise.all([auth.signIn(), auth.signIn()]); // a second Sign in while one is pending
    expect(opened).toHaveLength(1);
    const client = await connect(server.url, auth);
    expect(server.grants.refresh_token).toBe(0);
    clock += 3_550_000; // 50 s before Lena's idea of the expiry: inside the one-minute margin
    expect(text(await client.callTool('whoami', {}))).toMatch(/^client /);
    expect(text(await client.callTool('whoami', {}))).toMatch(/^client /);
    expect(server.grants).toEqual({ authorization_code: 1, refresh_token: 1 }); // ahead of time, and only once
  });

  it('in the window, a 403 insufficient_scope fails the call with what is needed; Sign in again asks for the union', async () => {
    const server = await fixture({
      scopesSupported: ['mcp:tools', 'mcp:write'],
      toolScopes: ['mcp:tools', 'mcp:write'],
    });
    const opened: URL[] = [];
    const host = browser(opened);
    const auth = new OAuthProvider({
      name: 'docs',
      serverUrl: new URL(server.url),
      store: new MemoryAuthStore(),
      host: { ...host, interactive: false },
    });
    await auth.signIn(['mcp:tools']);
    const client = await connect(server.url, auth);
    await expect(client.callTool('whoami', {})).rejects.toThrow(
      /Sign in required: docs needs you to sign in \(it needs more access: mcp:tools mcp:write\)/,
    );
    await auth.signIn(); // the user presses Sign in again
    expect(opened.map((u) => u.searchParams.get('scope'))).toEqual([
      'mcp:tools',
      'mcp:tools mcp:write',
    ]);
    expect(text(await client.callTool('whoami', {}))).toMatch(/^client /);
  });

  it('keeps the tokens when the token endpoint is down, and refreshes once it is back', async () => {
    const server = await fixture();
    const store = new MemoryAuthStore();
    const auth = new OAuthProvider({
      name: 'docs',
      serverUrl: new URL(server.url),
      store,
      host: { ...browser(), interactive: false },
    });
    await new OAuthProvider({
      name: 'docs',
      serverUrl: new URL(server.url),
      store,
      host: browser(),
    }).signIn();
    const client = await connect(server.url, auth);
    server.expireAccessTokens();
    server.tokenEndpointDown = true;
    await expect(client.callTool('whoami', {})).rejects.toThrow(
      /Refreshing the sign-in at http:\/\/127\.0\.0\.1:\d+\/ failed: .*503/,
    );
    expect((await store.loadTokens(auth.key))?.refreshToken).toMatch(/^rt-/); // not thrown away
    server.tokenEndpointDown = false;
    expect(text(await client.callTool('whoami', {}))).toMatch(/^client /);
    expect(server.grants.refresh_token).toBe(1);
  });

  it('never sends the token to another origin', async () => {
    const server = await fixture();
    const auth = new OAuthProvider({
      name: 'docs',
      serverUrl: new URL(server.url),
      store: new MemoryAuthStore(),
      host: browser(),
    });
    await auth.signIn();
    expect(await auth.headers('POST', new URL(server.url))).toHaveProperty('Authorization');
    expect(await auth.headers('POST', new URL('http://localhost:1/mcp'))).toEqual({});
    expect(
      await auth.headers('POST', new URL(server.url.replace('127.0.0.1', 'localhost'))),
    ).toEqual({});
  });
});
