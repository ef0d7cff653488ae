// OAuth sign-ins are kept by server identity (scope + a hash of the launch entry) and URL, like every
// other per-server record. A project entry copying a signed-in user server's name and URL gets
// "Sign in required" and none of the user's tokens; a sign-in an earlier version kept by name and URL
// moves once to the user's own server of that name, so a signed-in user stays signed in.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileAuthStore } from '../../../../electron/core/mcp/auth/token-files';
import { EnvSecretProvider } from '../../../../electron/core/store/secrets';
import type { ServerStatus } from '../../../../shared/server-types';
import { startOAuthServer, type OAuthFixture } from '../../../fixtures/mcp-http/oauth-server';
import { startHost, tempHome, type HostUnderTest } from './host-harness';

/** Servers start as child processes: on a loaded machine that takes seconds. */
const STARTING = { timeout: 15_000 };

const cleanups: (() => Promise<unknown>)[] = [];

async function oauthServer(): Promise<OAuthFixture> {
  const server = await startOAuthServer();
  cleanups.push(() => server.close());
  return server;
}

/** A home whose user server `docs` is the fixture; `follow` is the browser finishing the sign-in. */
function userHome(server: OAuthFixture): string {
  const home = tempHome('lena-sign-in-identity-');
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({ mcpServers: { docs: { type: 'http', url: server.url } } }),
  );
  return home;
}

function windowHost(home: string, secrets: EnvSecretProvider, project?: string): HostUnderTest {
  return startHost(home, {
    secrets,
    openExternal: async (url) => void (await (await fetch(url, { redirect: 'follow' })).text()),
    ...(project ? { projectFolder: project } : {}),
  });
}

async function docs(h: HostUnderTest): Promise<ServerStatus> {
  return (await h.call<ServerStatus[]>('servers:list')).find((s) => s.name === 'docs')!;
}

const oauthFile = (home: string) =>
  JSON.parse(readFileSync(join(home, 'oauth.json'), 'utf8')) as {
    servers: Record<string, { server: string }>;
  };

describe('OAuth sign-ins keyed by server identity', () => {
  it('a project entry copying a signed-in user server’s name and URL gets "Sign in required" and no token', async () => {
    try {
      const server = await oauthServer();
      const home = userHome(server);
      const secrets = new EnvSecretProvider({});
      const user = windowHost(home, secrets);
      await expect.poll(async () => (await docs(user)).signIn?.state, STARTING).toBe('required');
      expect((await user.call<ServerStatus>('servers:sign-in', { name: 'docs' })).status).toBe(
        'connected',
      );
      const userKey = (await user.host.services()).runtime.settingsKey('docs');
      expect(Object.keys(oauthFile(home).servers)).toEqual([`window ${userKey} ${server.url}`]);
      await user.close();

      // The same home with a project whose `docs` is the same name and URL: another server.
      const project = tempHome('lena-sign-in-identity-project-');
      writeFileSync(
        join(project, '.mcp.json'),
        JSON.stringify({ mcpServers: { docs: { type: 'http', url: server.url } } }),
      );
      const seen = server.seenTokens.length;
      expect(seen).toBeGreaterThan(0);
      const shadow = windowHost(home, secrets, project);
      await expect.poll(async () => (await docs(shadow))?.status, STARTING).toBe('needs-approval');
      const held = await docs(shadow);
      expect(held).toMatchObject({ status: 'needs-approval', scope: 'project' });
      await shadow.call<ServerStatus>('servers:approve', {
        name: 'docs',
        approve: true,
        entryHash: held.approval!.entryHash,
      });
      await expect.poll(async () => (await docs(shadow)).signIn?.state, STARTING).toBe('required');
      const status = await docs(shadow);
      expect(status.scope).toBe('project');
      expect(status.error?.message).toMatch(/Sign in required: docs needs you to sign in/);
      expect(server.seenTokens.length).toBe(seen); // no token of the user's reached it
      expect((await shadow.host.services()).runtime.settingsKey('docs')).toMatch(
        /^docs@project:[0-9a-f]{16}$/,
      );
      // The user's sign-in is untouched, and comes back with the user's server.
      expect(Object.keys(oauthFile(home).servers)).toEqual([`window ${userKey} ${server.url}`]);
      await shadow.call('project:open', { folder: null });
      await expect.poll(async () => (await docs(shadow)).status, STARTING).toBe('connected');
      expect((await docs(shadow)).signIn).toEqual({ state: 'signed-in' });
    } finally {
      for (const c of cleanups.splice(0).reverse()) await c();
    }
  });

  it('a sign-in kept by name and URL moves once to the user server of that name, never to a project’s', async () => {
    try {
      const server = await oauthServer();
      const home = userHome(server);
      const secrets = new EnvSecretProvider({});
      const first = windowHost(home, secrets);
      await expect.poll(async () => (await docs(first)).signIn?.state, STARTING).toBe('required');
      await first.call<ServerStatus>('servers:sign-in', { name: 'docs' });
      const userKey = (await first.host.services()).runtime.settingsKey('docs');
      await first.close();
      // Rewritten as earlier versions kept it: "window docs URL", secrets named by "docs URL".
      const store = new FileAuthStore(join(home, 'oauth.json'), secrets, 'window');
      expect(await store.moveServer(`${userKey} ${server.url}`, `docs ${server.url}`)).toBe(true);
      expect(Object.keys(oauthFile(home).servers)).toEqual([`window docs ${server.url}`]);

      // A project `docs` with the same URL opened at the first start takes nothing: the move
      // goes to the user's entry, which the project shadows for now.
      const project = tempHome('lena-sign-in-identity-project-');
      mkdirSync(project, { recursive: true });
      writeFileSync(
        join(project, '.mcp.json'),
        JSON.stringify({ mcpServers: { docs: { type: 'http', url: server.url } } }),
      );
      const seen = server.seenTokens.length;
      const shadow = windowHost(home, secrets, project);
      const services = await shadow.host.services();
      expect(services.runtime.recordMoves).toEqual([
        { file: 'oauth.json', from: 'docs', to: userKey },
      ]);
      expect(Object.keys(oauthFile(home).servers)).toEqual([`window ${userKey} ${server.url}`]);
      await expect.poll(async () => (await docs(shadow))?.status, STARTING).toBe('needs-approval');
      const held = await docs(shadow);
      await shadow.call<ServerStatus>('servers:approve', {
        name: 'docs',
        approve: true,
        entryHash: held.approval!.entryHash,
      });
      await expect.poll(async () => (await docs(shadow)).signIn?.state, STARTING).toBe('required');
      expect(server.seenTokens.length).toBe(seen);
      await shadow.close();

      // The user's own server is still signed in; a second start moves nothing.
      const again = windowHost(home, secrets);
      expect((await again.host.services()).runtime.recordMoves).toEqual([]);
      await expect.poll(async () => (await docs(again)).status, STARTING).toBe('connected');
      expect((await docs(again)).signIn).toEqual({ state: 'signed-in' });
      expect(server.seenTokens.length).toBeGreaterThan(seen);
    } finally {
      for (const c of cleanups.splice(0).reverse()) await c();
    }
  });
});
