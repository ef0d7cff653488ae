// `lena mcp add` sets a remote server's sign-in (issues 20 and 21): a pre-registered client, the
// client credentials grant with a secret reference or a private_key_jwt key file, workload
// identity from a token file, enterprise-managed sign-in, DPoP on or off. Secrets only ever go in
// as `${secret:…}` references: a secret typed in clear is refused and never written.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, lenaSync, tempHome } from './cli-harness';

let home: string;
const URL_ = 'https://ci.example.com/mcp';
const entry = (name: string): Record<string, unknown> | undefined =>
  (
    JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as {
      mcpServers: Record<string, Record<string, unknown>>;
    }
  ).mcpServers[name];

beforeAll(() => {
  buildCli();
  home = tempHome('lena-add-oauth-');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('lena mcp add: sign-in flags', () => {
  it('client credentials with a secret reference, DPoP on', () => {
    const r = lenaSync(home, [
      'mcp',
      'add',
      '--transport',
      'http',
      'builds',
      URL_,
      '--grant',
      'client_credentials',
      '--client-id',
      'bot',
      '--client-secret',
      '${secret:BUILDS_SECRET}',
      '--oauth-scopes',
      'mcp:read mcp:write',
      '--dpop',
      'on',
    ]);
    expect(r.code).toBe(0);
    expect(entry('builds')).toEqual({
      type: 'http',
      url: URL_,
      oauth: {
        grant: 'client_credentials',
        clientId: 'bot',
        clientSecret: '${secret:BUILDS_SECRET}',
        scopes: ['mcp:read', 'mcp:write'],
        dpop: true,
      },
    });
  });

  it('private_key_jwt from a key file, with its algorithm; DPoP off', () => {
    const r = lenaSync(home, [
      'mcp',
      'add',
      '--transport',
      'http',
      'keyed',
      URL_,
      '--grant',
      'client_credentials',
      '--client-id',
      'bot',
      '--private-key-file',
      '/etc/lena/bot.pem',
      '--signing-alg',
      'ES256',
      '--dpop',
      'off',
    ]);
    expect(r.code).toBe(0);
    expect(entry('keyed')?.oauth).toEqual({
      grant: 'client_credentials',
      clientId: 'bot',
      privateKeyFile: '/etc/lena/bot.pem',
      signingAlgorithm: 'ES256',
      dpop: false,
    });
  });

  it('workload identity from a platform token file', () => {
    const r = lenaSync(home, [
      'mcp',
      'add',
      '--transport',
      'http',
      'wif',
      URL_,
      '--grant',
      'jwt_bearer',
      '--client-id',
      'svc',
      '--assertion-file',
      '/var/run/secrets/token',
    ]);
    expect(r.code).toBe(0);
    expect(entry('wif')?.oauth).toEqual({
      grant: 'jwt_bearer',
      clientId: 'svc',
      assertionFile: '/var/run/secrets/token',
    });
  });

  it('enterprise-managed sign-in: the identity provider and where the company ID token is', () => {
    const r = lenaSync(home, [
      'mcp',
      'add',
      '--transport',
      'http',
      'corp',
      URL_,
      '--grant',
      'enterprise',
      '--client-id',
      'lena',
      '--client-secret',
      '${secret:CORP}',
      '--idp-token-endpoint',
      'https://idp.example.com/oauth2/token',
      '--idp-client-id',
      'lena-at-idp',
      '--assertion-env',
      'CORP_ID_TOKEN',
    ]);
    expect(r.code).toBe(0);
    expect(entry('corp')?.oauth).toEqual({
      grant: 'enterprise',
      clientId: 'lena',
      clientSecret: '${secret:CORP}',
      idpTokenEndpoint: 'https://idp.example.com/oauth2/token',
      idpClientId: 'lena-at-idp',
      assertionEnv: 'CORP_ID_TOKEN',
    });
  });

  it('a pre-registered client for the browser sign-in, with a fixed callback port', () => {
    const r = lenaSync(home, [
      'mcp',
      'add',
      '--transport',
      'http',
      'docs',
      URL_,
      '--client-id',
      'lena-desktop',
      '--callback-port',
      '53682',
    ]);
    expect(r.code).toBe(0);
    expect(entry('docs')?.oauth).toEqual({ clientId: 'lena-desktop', callbackPort: 53682 });
  });

  it('refuses a secret in clear, and writes nothing (nor repeats it)', () => {
    const r = lenaSync(home, [
      'mcp',
      'add',
      '--transport',
      'http',
      'leaky',
      URL_,
      '--grant',
      'client_credentials',
      '--client-id',
      'bot',
      '--client-secret',
      'hunter2-plain',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /oauth\.clientSecret.*must be a reference such as "\$\{secret:NAME\}"/,
    );
    expect(r.stdout + r.stderr).not.toContain('hunter2-plain');
    expect(entry('leaky')).toBeUndefined();
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain('hunter2-plain');
  });

  it('says what is wrong with a bad grant, a bad --dpop, and sign-in flags on a local server', () => {
    const grant = lenaSync(home, [
      'mcp',
      'add',
      '--transport',
      'http',
      'x',
      URL_,
      '--grant',
      'password',
    ]);
    expect(grant.code).toBe(2);
    expect(grant.stderr).toMatch(/grant.*must be "authorization_code".*"client_credentials"/);
    const dpop = lenaSync(home, [
      'mcp',
      'add',
      '--transport',
      'http',
      'x',
      URL_,
      '--dpop',
      'maybe',
    ]);
    expect(dpop.code).toBe(2);
    expect(dpop.stderr).toMatch(/--dpop must be on or off \(got "maybe"\)/);
    const local = lenaSync(home, [
      'mcp',
      'add',
      'x',
      '--client-id',
      'bot',
      '--',
      'node',
      'server.js',
    ]);
    expect(local.code).toBe(2);
    expect(local.stderr).toMatch(/sign-in flags .* are for a remote server/);
    expect(entry('x')).toBeUndefined();
  });
});
