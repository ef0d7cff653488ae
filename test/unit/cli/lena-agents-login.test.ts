// `lena agents login/logout` as a user runs them, against an SDK peer whose card declares OAuth at
// a real loopback authorization server: the built command line prints the authorization URL
// (--no-browser), the "user" opens it (a fetch that follows the redirects to Lena's loopback
// callback), then `lena chat -p` delegates with the kept token, and logout revokes it.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reply,
  startMessagesApiServer,
  text,
  toolResultsOf,
  toolResultText,
  toolUse,
  type MessagesApiServer,
} from '../../fixtures/messages-api';
import { startOAuthPeer, type OAuthPeer } from '../../fixtures/a2a/oauth-peer';
import { buildCli, tempHome } from './cli-harness';
import { runLena, runLenaSigningIn } from './run-cli';

let home: string;
let api: MessagesApiServer;
let peer: OAuthPeer;

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-agents-login-');
  [api, peer] = await Promise.all([startMessagesApiServer(), startOAuthPeer()]);
});
afterAll(async () => {
  await Promise.all([api.close(), peer.close()]);
  rmSync(home, { recursive: true, force: true });
});

/** `lena ARGS` that opens the authorization URL it prints, as the user would. */
const login = (args: string[]) =>
  runLenaSigningIn({ PATH: process.env.PATH, HOME: home, LENA_HOME: home }, args, true, home);

describe('lena agents login / logout', () => {
  it('signs in through the printed URL, delegates with the token, and signs out', async () => {
    const lena = (args: string[]) => runLena(home, api.url, args);
    const added = await lena(['agents', 'add', 'files', peer.url]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('sign-in: OAuth, not signed in (lena agents login files)');

    const r = await login(['agents', 'login', 'files', '--no-browser']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /Open this URL in your browser to sign in to agent files:\n {2}http:\/\/127\.0\.0\.1:\d+\/authorize\?/,
    );
    expect(r.stdout).toContain('Signed in to agent files (scopes: agent:tasks agent:files).');
    expect(readFileSync(join(home, 'agents.json'), 'utf8')).not.toMatch(/at-[0-9a-f-]{36}/);
    expect((await lena(['agents', 'show', 'files'])).stdout).toContain(
      'sign-in: signed in (scopes: agent:tasks agent:files)',
    );

    let sent = '';
    api.push(reply(toolUse('a2a__files', { message: 'read notes.txt' }, 'toolu_files')), (req) => {
      sent = toolResultText(toolResultsOf(req)[0].content);
      return reply(text('Done.'));
    });
    const chat = await lena(['chat', '-p', 'ask the files agent', '--allow', 'a2a__files']);
    expect(chat.code, chat.stderr).toBe(0);
    expect(sent).toMatch(/Agent files ended the task with state completed/);
    expect(sent).toContain('Your files say: read notes.txt');
    expect(peer.refused).toBe(0);

    const out = await lena(['agents', 'logout', 'files']);
    expect(out.stdout).toContain('Signed out of agent files (the tokens were revoked).');
    expect(peer.as.revoked.length).toBeGreaterThan(0);
    expect((await lena(['agents', 'show', 'files'])).stdout).toContain(
      'sign-in: OAuth, not signed in',
    );
  });
});
