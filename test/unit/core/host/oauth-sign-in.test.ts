// The window's sign-in through the real host (the handlers main binds to IPC): a remote server
// answering 401 shows "Sign in required"; servers:sign-in opens the "system browser" (here a fetch
// that follows the redirects to Lena's loopback callback) and connects; tokens live in the secret
// store and a 0600 oauth.json, never in mcp.json; a token expiry refreshes silently; servers:sign-out
// revokes and shows "Sign in required" again (RELIABILITY.md fault 38).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../../../../electron/core/host';
import { EnvSecretProvider } from '../../../../electron/core/store/secrets';
import type { ServerStatus } from '../../../../shared/server-types';
import { startOAuthServer, type OAuthFixture } from '../../../fixtures/mcp-http/oauth-server';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** `follow: false` is a user who never finishes in the browser. */
async function setUp(
  follow = true,
): Promise<{ host: Host; server: OAuthFixture; home: string; opened: string[] }> {
  const server = await startOAuthServer();
  cleanups.push(() => server.close());
  const home = mkdtempSync(join(tmpdir(), 'lena-oauth-host-'));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({ mcpServers: { docs: { type: 'http', url: server.url } } }, null, 2),
  );
  const opened: string[] = [];
  const host = createHost({
    home,
    secrets: new EnvSecretProvider({}),
    env: { PATH: process.env.PATH },
    openExternal: async (url) => {
      opened.push(url);
      if (follow) await (await fetch(url, { redirect: 'follow' })).text();
    },
  });
  cleanups.push(() => host.close());
  return { host, server, home, opened };
}

async function call<T>(host: Host, channel: string, args?: unknown): Promise<T> {
  const r = (await host.dispatch(channel, args, { senderUrl: 'test' })) as {
    ok: boolean;
    value?: T;
    error?: { message: string; detail?: string };
  };
  if (!r.ok) throw new Error(`${r.error?.message} | ${r.error?.detail ?? ''}`);
  return r.value as T;
}

async function docs(host: Host): Promise<ServerStatus> {
  return (await call<ServerStatus[]>(host, 'servers:list')).find((s) => s.name === 'docs')!;
}

describe('OAuth sign-in through the host', () => {
  it('Sign in required → sign in → tool call → expiry refresh → sign out → Sign in required', async () => {
    const { host, server, home, opened } = await setUp();
    await expect
      .poll(async () => (await docs(host)).signIn?.state, { timeout: 15_000 })
      .toBe('required');
    const before = await docs(host);
    expect(before.status).toBe('failed');
    expect(before.error?.message).toMatch(/Sign in required: docs needs you to sign in/);
    expect(opened).toEqual([]); // nothing opens before the user asks

    const after = await call<ServerStatus>(host, 'servers:sign-in', { name: 'docs' });
    expect(opened).toHaveLength(1);
    expect(after.status).toBe('connected');
    expect(after.signIn).toEqual({ state: 'signed-in' });

    const runtime = (await host.services()).runtime;
    const first = await runtime.manager.callTool('docs', 'whoami', {});
    expect(JSON.stringify(first)).toMatch(/client [0-9a-f-]{36}/);
    server.expireAccessTokens();
    const second = await runtime.manager.callTool('docs', 'whoami', {});
    expect(JSON.stringify(second)).toMatch(/client [0-9a-f-]{36}/);
    expect(server.grants.refresh_token).toBe(1);

    // Where the tokens are: not in mcp.json, not in oauth.json (metadata only, 0600).
    const token = server.seenTokens.at(-1)!;
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain('at-');
    const meta = readFileSync(join(home, 'oauth.json'), 'utf8');
    expect(meta).not.toContain(token);
    expect(meta).not.toContain('rt-');
    // Kept under the server's identity (scope + a hash of its entry) and URL, never its bare name.
    const identity = runtime.settingsKey('docs');
    expect(identity).toMatch(/^docs@user:[0-9a-f]{16}$/);
    expect(Object.keys(JSON.parse(meta).servers)).toEqual([`window ${identity} ${server.url}`]);
    expect(JSON.parse(meta).servers[`window ${identity} ${server.url}`]).toMatchObject({
      server: `${identity} ${server.url}`,
      issuer: `${server.origin}/`,
      hasRefreshToken: true,
      store: 'window',
    });
    if (process.platform !== 'win32')
      expect(statSync(join(home, 'oauth.json')).mode & 0o777).toBe(0o600);

    const out = await call<ServerStatus>(host, 'servers:sign-out', { name: 'docs' });
    expect(server.revoked).toContain(token);
    expect(out.signIn?.state).toBe('required');
    expect(out.error?.message).toMatch(/Sign in required/);
    expect(JSON.parse(readFileSync(join(home, 'oauth.json'), 'utf8')).servers).toEqual({});
  });

  it('a pending sign-in can be cancelled: it fails saying so, and the server still asks for a sign-in', async () => {
    const { host, opened } = await setUp(false);
    await expect
      .poll(async () => (await docs(host)).signIn?.state, { timeout: 15_000 })
      .toBe('required');
    const pending = call<ServerStatus>(host, 'servers:sign-in', { name: 'docs' }).catch(
      (e: Error) => e.message,
    );
    await expect.poll(() => opened.length).toBe(1);
    expect(await call<boolean>(host, 'servers:sign-in-cancel', { name: 'docs' })).toBe(true);
    expect(await pending).toMatch(/^Sign-in was cancelled\./);
    expect((await docs(host)).signIn?.state).toBe('required');
    expect(await call<boolean>(host, 'servers:sign-in-cancel', { name: 'docs' })).toBe(false); // nothing pending now
  });

  it('a refresh refused mid-session fails that call clearly and returns the server to "Sign in required"', async () => {
    const { host, server } = await setUp();
    await expect
      .poll(async () => (await docs(host)).signIn?.state, { timeout: 15_000 })
      .toBe('required');
    await call<ServerStatus>(host, 'servers:sign-in', { name: 'docs' });
    const runtime = (await host.services()).runtime;
    server.expireAccessTokens();
    server.dropRefreshTokens();
    const outcome = await runtime.manager
      .callTool('docs', 'whoami', {})
      .catch((e: Error) => e.message);
    expect(JSON.stringify(outcome)).toMatch(/Sign in required: docs needs you to sign in/);
    await expect
      .poll(async () => (await docs(host)).signIn?.state, { timeout: 15_000 })
      .toBe('required');
    // Signing in again brings it back; the configuration was never touched.
    expect((await call<ServerStatus>(host, 'servers:sign-in', { name: 'docs' })).status).toBe(
      'connected',
    );
  });
});
