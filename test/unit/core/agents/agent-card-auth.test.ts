// An agent whose Agent Card itself is behind OAuth: its 401 names the Protected Resource Metadata
// (RFC 9728), as MCP servers' do. Lena shows "needs sign-in" with Sign in (no token advice), finds
// the authorization server through that metadata, signs in, reads the card with the token, and
// delegates with it; after a restart the kept token opens the card again without asking.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentAuth } from '../../../../electron/core/agents/auth';
import { delegate } from '../../../../electron/core/agents/follow';
import { AgentsService } from '../../../../electron/core/agents/service';
import { MemoryAuthStore } from '../../../../electron/core/mcp/auth/store';
import { startOAuthPeer, type OAuthPeer } from '../../../fixtures/a2a/oauth-peer';

let dir: string;
let peer: OAuthPeer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lena-agent-card-auth-'));
  peer = await startOAuthPeer({ protectCard: true });
});
afterAll(async () => {
  await peer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an agent whose card is behind a sign-in', () => {
  it('needs sign-in, then login reads the card with the token and a delegation completes', async () => {
    const store = new MemoryAuthStore();
    const opened: URL[] = [];
    const host = {
      interactive: false,
      timeoutMs: 10_000,
      open: async (url: URL) => {
        opened.push(new URL(url.href));
        await (await fetch(url, { redirect: 'follow' })).text();
      },
    };
    const file = join(dir, 'agents.json');
    const service = new AgentsService({ file, env: {}, auth: new AgentAuth({ store, host }) });

    const locked = await service.add('files', { url: peer.url });
    expect(locked.state).toBe('needs-sign-in');
    expect(locked.card).toBeNull();
    expect(locked.reason).toBe(
      `The Agent Card of ${peer.url} is behind a sign-in (HTTP 401). Sign in to read it: Sign in on the Servers page, or run \`lena agents login files\`.`,
    );
    expect(locked.signIn).toEqual({ signedIn: false });
    expect(peer.cardRefused).toBeGreaterThan(0);

    // `lena agents login files` and the panel's Sign in both run this.
    const state = await service.signIn('files');
    expect(state.signedIn).toBe(true);
    // Found through the resource metadata: the agent's address is the resource.
    expect(opened).toHaveLength(1);
    expect(opened[0].origin).toBe(peer.as.origin);
    expect(opened[0].searchParams.get('resource')).toBe(`${peer.url}/`);
    expect(await store.serverKeys()).toEqual([`a2a:files@${peer.url} ${peer.url}/`]);

    const ready = await service.show('files');
    expect(ready.state).toBe('ready');
    expect(ready.card?.name).toBe('Files agent');
    expect(ready.signIn?.signedIn).toBe(true);

    const asked: string[] = [];
    const { connection } = await service.connect('files');
    const out = await delegate(
      connection,
      'files',
      { message: 'what is in notes.txt?' },
      { signIn: async (why) => (asked.push(why), { ok: false, message: 'not expected' }) },
      new AbortController().signal,
    );
    expect(out.view.state).toBe('completed');
    expect(out.agentText).toContain('Your files say: what is in notes.txt?');
    expect(asked).toEqual([]);
    expect(peer.refused).toBe(0);

    // A restart: the card's 401 names the metadata again, and the kept token opens it.
    const again = new AgentsService({ file, env: {}, auth: new AgentAuth({ store, host }) });
    const reopened = await again.show('files');
    expect(reopened.state).toBe('ready');
    expect(reopened.signIn?.signedIn).toBe(true);
    expect(opened).toHaveLength(1);

    // Signing out locks the card again.
    expect((await again.signOut('files')).signedOut).toBe(true);
    expect((await again.show('files')).state).toBe('needs-sign-in');
  });
});
