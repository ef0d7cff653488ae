// An agent whose card declares OAuth (an authorization-code flow at a real loopback authorization
// server with metadata, dynamic registration and PKCE), signed in with the provider MCP servers
// use. The "browser" follows the authorization URL; the first time the user grants less than asked
// (agent:files unticked), so the agent stops the task at AUTH_REQUIRED, Lena signs in again and
// sends the same task once more. Tokens are kept by identity (name and address), refreshed, and
// forgotten on sign-out; a card behind a 401 says it needs a sign-in.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentAuth } from '../../../../electron/core/agents/auth';
import { delegate, type DelegationHooks } from '../../../../electron/core/agents/follow';
import { AgentsService } from '../../../../electron/core/agents/service';
import { MemoryAuthStore } from '../../../../electron/core/mcp/auth/store';
import { startPeer, type Peer } from '../../../fixtures/a2a/peers';
import { startOAuthPeer, type OAuthPeer } from '../../../fixtures/a2a/oauth-peer';

let dir: string;
let peer: OAuthPeer;
let locked: Peer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lena-agent-oauth-'));
  [peer, locked] = await Promise.all([startOAuthPeer(), startPeer('token')]);
});
afterAll(async () => {
  await Promise.all([peer.close(), locked.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** A browser that follows the authorization URL; `narrow` drops agent:files from what is granted. */
function browser(opened: URL[], narrow: { once: boolean }) {
  return {
    interactive: false,
    timeoutMs: 10_000,
    open: async (url: URL) => {
      opened.push(new URL(url.href));
      if (narrow.once) {
        narrow.once = false;
        url.searchParams.set('scope', 'agent:tasks');
      }
      await (await fetch(url, { redirect: 'follow' })).text();
    },
  };
}

function setUp(file: string) {
  const store = new MemoryAuthStore();
  const opened: URL[] = [];
  const narrow = { once: true };
  const auth = new AgentAuth({ store, host: browser(opened, narrow) });
  const service = new AgentsService({ file, env: {}, auth });
  return { store, opened, narrow, service };
}

const run = async (service: AgentsService, name: string, hooks: DelegationHooks, text: string) => {
  const { connection } = await service.connect(name);
  return delegate(connection, name, { message: text }, hooks, new AbortController().signal);
};

describe('an agent whose card declares OAuth', () => {
  it('signs in before sending, again at AUTH_REQUIRED, completes the same task, then refreshes', async () => {
    const file = join(dir, 'a.json');
    const { store, opened, service } = setUp(file);
    const added = await service.add('files', { url: peer.url });
    expect(added.state).toBe('ready');
    expect(added.card?.oauth).toBe(true);
    expect(added.card?.authentication).toEqual(['oauth: oauth2']);
    expect(added.signIn).toEqual({ signedIn: false });

    const asked: string[] = [];
    const hooks: DelegationHooks = {
      signIn: async (why) => {
        asked.push(why);
        await service.signIn('files');
        return { ok: true };
      },
    };
    const out = await run(service, 'files', hooks, 'what is in notes.txt?');
    expect(out.isError).toBe(false);
    expect(out.view.state).toBe('completed');
    expect(out.agentText).toContain('Your files say: what is in notes.txt?');
    expect(asked).toEqual([
      'Agent files needs you to sign in before Lena sends it the task.',
      'Agent files stopped the task for a sign-in: Allow access to your files (agent:files) first.',
    ]);
    // The token went with the first request (no 401), the same task was sent again after the
    // second sign-in, and the second token had the scope the first lacked.
    expect(peer.refused).toBe(0);
    expect(peer.received.map((r) => r.scopes)).toEqual([
      ['agent:tasks'],
      ['agent:tasks', 'agent:files'],
    ]);
    expect(peer.received[1].taskId).toBe(peer.received[0].taskId);
    expect(peer.received[1].text).toBe('what is in notes.txt?');
    // Lena registered itself (DCR) and asked with PKCE S256, the card's scopes and the agent as resource.
    const q = opened[0].searchParams;
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('scope')).toBe('agent:tasks agent:files');
    expect(q.get('resource')).toBe(`${peer.url}/`);
    expect(q.get('client_id')).toMatch(/^[0-9a-f-]{36}$/);

    // Kept under the agent's identity (name and address), never in agents.json.
    const keys = await store.serverKeys();
    expect(keys).toEqual([`a2a:files@${peer.url} ${peer.url}/`]);
    const tokens = (await store.loadTokens(keys[0]))!;
    expect(readFileSync(file, 'utf8')).not.toContain(tokens.accessToken);
    expect((await service.show('files')).signIn).toMatchObject({
      signedIn: true,
      scopes: ['agent:tasks', 'agent:files'],
    });

    // An expired token is refreshed before use: no sign-in asked, no 401 seen by the user.
    peer.as.expireAccessTokens();
    const again = await run(service, 'files', hooks, 'and todo.txt?');
    expect(again.view.state).toBe('completed');
    expect(asked).toHaveLength(2);
    expect(peer.as.grants.refresh_token).toBeGreaterThanOrEqual(1);
    expect((await store.loadTokens(keys[0]))!.accessToken).not.toBe(tokens.accessToken);

    // A name pointed at another address does not inherit the tokens.
    const repointed = await service.add(
      'files',
      { url: peer.url.replace('127.0.0.1', 'localhost') },
      { replace: true },
    );
    expect(repointed.signIn).toEqual({ signedIn: false });
    await service.add('files', { url: peer.url }, { replace: true });

    // Sign-out revokes and forgets; the next delegation asks again.
    const before = peer.as.revoked.length;
    expect(await service.signOut('files')).toEqual({ signedOut: true, revoked: true });
    expect(peer.as.revoked.length).toBeGreaterThan(before);
    expect(await store.serverKeys()).toEqual([]);
    expect((await service.show('files')).signIn).toEqual({ signedIn: false });
  });

  it('a token refused with no refresh left (401) asks for a sign-in and sends the task again; remove forgets', async () => {
    const { store, narrow, service } = setUp(join(dir, 'd.json'));
    narrow.once = false;
    await service.add('files', { url: peer.url });
    await service.signIn('files');
    // The sign-in lapses: the token expired and the server forgot the refresh token.
    peer.as.expireAccessTokens();
    peer.as.dropRefreshTokens();
    const refused = peer.refused;
    const asked: string[] = [];
    const out = await run(
      service,
      'files',
      {
        signIn: async (why) => {
          asked.push(why);
          await service.signIn('files');
          return { ok: true };
        },
      },
      'after the lapse',
    );
    expect(asked).toEqual(['Agent files refused the task without a valid sign-in.']);
    expect(out.view.state).toBe('completed');
    expect(out.agentText).toContain('Your files say: after the lapse');
    expect(peer.refused).toBeGreaterThan(refused);
    expect(await store.serverKeys()).toHaveLength(1);
    await service.remove('files');
    expect(await store.serverKeys()).toEqual([]);
  });

  it('a declined sign-in is a tool error naming the agent and what to do; nothing is sent', async () => {
    const { service } = setUp(join(dir, 'b.json'));
    await service.add('files', { url: peer.url });
    const sent = peer.received.length;
    const out = await run(
      service,
      'files',
      { signIn: async () => ({ ok: false, message: 'Sign-in was declined.' }) },
      'hello',
    );
    expect(out.isError).toBe(true);
    expect(out.summary).toContain('The delegation to agent files did not complete');
    expect(out.summary).toContain(
      'the agent needs a sign-in, and it was not done: Sign-in was declined. The user can sign in with `lena agents login files`',
    );
    expect(peer.received.length).toBe(sent);
  });

  it('a card behind a 401 says "needs sign-in" with the token advice', async () => {
    const { service } = setUp(join(dir, 'c.json'));
    const view = await service.add('crm', { url: locked.url });
    expect(view.state).toBe('needs-sign-in');
    expect(view.reason).toContain(
      `The Agent Card of ${locked.url} is behind a sign-in (HTTP 401).`,
    );
    expect(view.reason).toContain('lena secrets set AGENT_CRM_TOKEN');
    // Its 401 names no resource metadata: nothing Lena could sign in with, so no Sign in.
    expect(view.signIn).toBeUndefined();
    await expect(service.signIn('crm')).rejects.toThrow(
      /Lena cannot sign in to agent crm: The Agent Card .* is behind a sign-in/,
    );
  });
});
