// `lena mcp login/logout` as a user runs them: the built command line prints the authorization URL
// (--no-browser), the "user" opens it (a fetch that follows the redirects to Lena's loopback
// callback), and then `lena mcp call` works with the stored sign-in. This machine has no keychain
// service, so the tokens go to the 0600 fallback file, with the warning the issue asks for.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthServer, type OAuthFixture } from '../../fixtures/mcp-http/oauth-server';
import { buildCli, runLenaSigningIn } from './run-cli';

let home = '';
let server: OAuthFixture;

const env = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: home, LENA_HOME: home });

beforeAll(async () => {
  buildCli();
  server = await startOAuthServer();
  home = mkdtempSync(join(tmpdir(), 'lena-cli-login-'));
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({ mcpServers: { docs: { type: 'http', url: server.url } } }),
  );
});
afterAll(async () => {
  await server?.close();
  rmSync(home, { recursive: true, force: true });
});

const lena = (args: string[], openPrintedUrl = false) =>
  runLenaSigningIn(env(), args, openPrintedUrl);

describe('lena mcp login / logout', () => {
  it('needs a sign-in first, then signs in through the printed URL, calls a tool, and signs out', async () => {
    const before = await lena(['mcp', 'call', 'docs', 'whoami']);
    expect(before.code).not.toBe(0);
    expect(before.stdout + before.stderr).toMatch(/Sign in required: docs needs you to sign in/);

    const r = await lena(['mcp', 'login', 'docs', '--no-browser'], true);
    expect(r.stdout).toMatch(
      /Open this URL in your browser to sign in to docs:\n {2}http:\/\/127\.0\.0\.1:\d+\/authorize\?/,
    );
    expect(r.stdout).toMatch(/Signed in to docs \(scopes: mcp:tools\)\./);
    expect(r.stderr).toMatch(
      /tokens are stored unencrypted in .*oauth-tokens\.json \(readable only by you\); sign in from the window to use the keychain/,
    );
    expect(r.code).toBe(0);
    expect(statSync(join(home, 'oauth-tokens.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain('at-');

    // `list` reads only the metadata: it says who is signed in where, without starting anything.
    expect((await lena(['mcp', 'list'])).stdout).toMatch(
      /docs .*http:\/\/127\.0\.0\.1:\d+\/mcp \(signed in \(file\)\)/,
    );

    const call = await lena(['mcp', 'call', 'docs', 'whoami']);
    expect(call.stdout).toMatch(/client [0-9a-f-]{36}/);
    expect(call.code).toBe(0);

    const out = await lena(['mcp', 'logout', 'docs']);
    expect(out.stdout).toMatch(/Signed out of docs \(the tokens were revoked\)\./);
    expect(server.revoked.length).toBeGreaterThan(0);
    expect((await lena(['mcp', 'call', 'docs', 'whoami'])).code).not.toBe(0);
    const doctor = await lena(['mcp', 'doctor', '--json']);
    expect(JSON.parse(doctor.stdout).servers[0].signIn).toEqual({
      state: 'required',
      step: 'sign-in-required',
    });
  }, 60_000);
});
