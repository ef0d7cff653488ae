// `lena mcp login --no-browser` where the browser cannot come back to Lena (issue 20): the entry's
// callback port is taken, so nothing listens on the redirect; the "user" opens the printed URL in
// a browser that does not follow the redirect (fetch, redirect: 'manual'), and pastes the address
// it ended on (or just the code) on stdin. Lena checks the state and finishes the exchange with
// the SDK-built OAuth server on loopback; a pasted address of another sign-in is refused.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthServer, type OAuthFixture } from '../../fixtures/mcp-http/oauth-server';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'out/cli/lena.js');
let home = '';
let server: OAuthFixture;
let busy: Server;

beforeAll(async () => {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
  server = await startOAuthServer();
  // Another program holds the registered callback port: the loopback redirect cannot listen.
  busy = createServer();
  await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
  const callbackPort = (busy.address() as AddressInfo).port;
  home = mkdtempSync(join(tmpdir(), 'lena-cli-paste-'));
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: { docs: { type: 'http', url: server.url, oauth: { callbackPort } } },
    }),
  );
});
afterAll(async () => {
  await server?.close();
  busy?.close();
  rmSync(home, { recursive: true, force: true });
});

/** Where the authorization page sends the browser: its redirect, not followed. */
async function redirectOf(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  await res.text();
  const location = res.headers.get('location');
  if (!location) throw new Error(`no redirect from ${url} (HTTP ${res.status})`);
  return location;
}

/** Runs `lena ARGS`; once it prints the authorization URL, pastes `paste(redirect)` on its stdin. */
function lena(
  args: string[],
  paste?: (redirect: string) => string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, HOME: home, LENA_HOME: home },
    });
    let stdout = '';
    let stderr = '';
    let pasted = false;
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
      const url = /^\s+(http\S+)$/m.exec(stdout)?.[1];
      if (paste && url && !pasted && /press Enter:/.test(stdout)) {
        pasted = true;
        void redirectOf(url).then((r) => child.stdin.write(`${paste(r)}\n`));
      }
    });
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('lena mcp login: the pasted fallback', () => {
  it('a pasted address from another sign-in (its state differs) is refused, and nothing is stored', async () => {
    const r = await lena(['mcp', 'login', 'docs', '--no-browser'], (redirect) => {
      const u = new URL(redirect);
      u.searchParams.set('state', 'not-this-sign-in');
      return u.href;
    });
    expect(r.stderr).toMatch(/Could not listen for the sign-in redirect on 127\.0\.0\.1:\d+/);
    expect(r.stderr).toMatch(
      /Sign-in to docs failed: The pasted address belongs to another sign-in: its "state" does not match this one/,
    );
    expect(r.code).toBe(1);
    expect((await lena(['mcp', 'call', 'docs', 'whoami'])).code).not.toBe(0);
  }, 60_000);

  it('the address the browser ended on, pasted, signs in; a tool call then works', async () => {
    const r = await lena(['mcp', 'login', 'docs', '--no-browser'], (redirect) => redirect);
    expect(r.stdout).toMatch(
      /paste the address it ends on, or the code it shows, here and press Enter:/,
    );
    expect(r.stdout).toMatch(/Signed in to docs \(scopes: mcp:tools\)\./);
    expect(r.code).toBe(0);
    const call = await lena(['mcp', 'call', 'docs', 'whoami']);
    expect(call.stdout).toMatch(/client [0-9a-f-]{36}/);
  }, 60_000);

  it('just the code, pasted, signs in too', async () => {
    const before = server.grants.authorization_code;
    const r = await lena(
      ['mcp', 'login', 'docs', '--no-browser'],
      (redirect) => new URL(redirect).searchParams.get('code') ?? '',
    );
    expect(r.stdout).toMatch(/Signed in to docs/);
    expect(r.code).toBe(0);
    expect(server.grants.authorization_code).toBe(before + 1);
  }, 60_000);
});
