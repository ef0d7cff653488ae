// The client credentials grant (issue 21) against a real token endpoint on loopback: a secret
// goes as client_secret_basic, a private key signs a private_key_jwt assertion the endpoint
// verifies, and each failure says which setting to check.
import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as oauth from 'oauth4webapi';
import { afterEach, describe, expect, it } from 'vitest';
import { OAuthProvider } from '../../../../../electron/core/mcp/auth/provider';
import { MemoryAuthStore } from '../../../../../electron/core/mcp/auth/store';
import { DpopKey } from '../../../../../electron/core/mcp/auth/dpop';
import { enterpriseGrant } from '../../../../../electron/core/mcp/auth/enterprise';
import {
  JWT_BEARER,
  jwtBearerGrant,
  workloadIdentity,
} from '../../../../../electron/core/mcp/auth/workload-identity';
import {
  clientCredentialsGrant,
  machineIdentity,
} from '../../../../../electron/core/mcp/auth/client-credentials';
import type { GrantContext } from '../../../../../electron/core/mcp/auth/flow';
import { AuthError } from '../../../../../electron/core/mcp/auth/types';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

interface Seen {
  authorization?: string;
  dpop?: string;
  body: URLSearchParams;
}

/** A token endpoint: `decide` answers each request with a token or an OAuth error. */
async function tokenEndpoint(
  decide: (seen: Seen) => { status: number; json: unknown; headers?: Record<string, string> },
): Promise<{ as: oauth.AuthorizationServer; seen: Seen[] }> {
  const seen: Seen[] = [];
  let issuer = '';
  let as: oauth.AuthorizationServer = { issuer };
  const read = async (req: IncomingMessage): Promise<string> => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text;
  };
  const server = createServer((req, res) => {
    const json = (body: unknown): void =>
      void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    // The metadata a provider discovers: this server is its own resource and authorization server.
    if (req.url === '/.well-known/oauth-protected-resource/mcp')
      return json({ resource: `${issuer}/mcp`, authorization_servers: [issuer] });
    if (req.url === '/.well-known/oauth-authorization-server') return json(as);
    void read(req).then((text) => {
      const s = {
        authorization: req.headers.authorization,
        dpop: req.headers.dpop as string | undefined,
        body: new URLSearchParams(text),
      };
      seen.push(s);
      const { status, json, headers } = decide(s);
      res
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify(json));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  as = {
    issuer,
    token_endpoint: `${issuer}/token`,
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
    grant_types_supported: ['client_credentials'],
  };
  return { as, seen };
}

const token = {
  status: 200,
  json: { access_token: 'cc-token', token_type: 'Bearer', expires_in: 3600 },
};

function context(as: oauth.AuthorizationServer, identity: GrantContext['identity']): GrantContext {
  return {
    as,
    identity,
    resource: 'http://127.0.0.1/mcp',
    fetch: (url, init) => fetch(url, init as RequestInit),
    allowHttp: true,
    now: Date.now,
  };
}

function verifyJwt(jwt: string, key: KeyObject): Record<string, unknown> {
  const [header, payload, signature] = jwt.split('.');
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(ok, 'the assertion is signed with the entry key').toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

describe('client credentials', () => {
  it('sends the secret as client_secret_basic and keeps the token with the requested scopes', async () => {
    const { as, seen } = await tokenEndpoint(() => token);
    const identity = await machineIdentity(as, {
      grant: 'client_credentials',
      clientId: 'build-bot',
      clientSecret: 'se-cret_1',
    });
    const tokens = await clientCredentialsGrant(context(as, identity), {}, ['mcp:read']);
    expect(tokens).toMatchObject({
      accessToken: 'cc-token',
      clientId: 'build-bot',
      scope: ['mcp:read'],
    });
    expect(Buffer.from(seen[0].authorization!.slice(6), 'base64').toString()).toBe(
      'build-bot:se-cret_1',
    );
    expect(Object.fromEntries(seen[0].body)).toMatchObject({
      grant_type: 'client_credentials',
      scope: 'mcp:read',
      resource: 'http://127.0.0.1/mcp',
    });
  });

  it('signs a private_key_jwt assertion for the issuer with the entry key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { as, seen } = await tokenEndpoint(() => token);
    const identity = await machineIdentity(as, {
      grant: 'client_credentials',
      clientId: 'build-bot',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      signingAlgorithm: 'ES256',
    });
    await clientCredentialsGrant(context(as, identity), {}, undefined);
    const body = seen[0].body;
    expect(body.get('client_assertion_type')).toBe(
      'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    );
    expect(seen[0].authorization).toBeUndefined();
    expect(verifyJwt(body.get('client_assertion')!, publicKey)).toMatchObject({
      iss: 'build-bot',
      sub: 'build-bot',
      aud: as.issuer,
    });
  });

  it('says the credentials were refused, with what the server answered', async () => {
    const { as } = await tokenEndpoint(() => ({
      status: 401,
      json: { error: 'invalid_client', error_description: 'unknown client' },
    }));
    const identity = await machineIdentity(as, {
      grant: 'client_credentials',
      clientId: 'build-bot',
      clientSecret: 'wrong',
    });
    const err = await clientCredentialsGrant(context(as, identity), {}, undefined).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).message).toMatch(
      /client credentials .* failed: .*invalid_client \(unknown client\)/,
    );
    expect((err as AuthError).hint).toMatch(/oauth\.clientId/);
  });

  it('refuses an entry without a client id, or without a secret or key, or with a key it cannot read', async () => {
    const as = { issuer: 'https://as.example.com', token_endpoint: 'https://as.example.com/token' };
    await expect(
      machineIdentity(as, { grant: 'client_credentials', clientSecret: 's' }),
    ).rejects.toThrow(/needs "oauth.clientId"/);
    await expect(
      machineIdentity(as, { grant: 'client_credentials', clientId: 'bot' }),
    ).rejects.toThrow(/needs "oauth.clientSecret", "oauth.privateKey" or "oauth.privateKeyFile"/);
    const bad = (await machineIdentity(as, {
      grant: 'client_credentials',
      clientId: 'bot',
      privateKey: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----',
    }).then(
      () => undefined,
      (e: unknown) => e,
    )) as AuthError;
    expect(bad.message).toMatch(/could not be read as a PKCS#8 ES256 key/);
    expect(bad.hint).toMatch(/"oauth.privateKey": "\$\{secret:NAME\}"/);
  });

  it('gets a token on a 401 by itself, where a browser sign-in would have to ask first (the window)', async () => {
    const { as, seen } = await tokenEndpoint(() => token);
    const serverUrl = new URL(`${as.issuer}/mcp`);
    let signedOut = 0;
    const provider = new OAuthProvider({
      name: 'builds',
      serverUrl,
      settings: { grant: 'client_credentials', clientId: 'build-bot', clientSecret: 's' },
      store: new MemoryAuthStore(),
      host: {
        interactive: false,
        open: () => Promise.reject(new Error('no browser for a machine client')),
      },
      onSignedOut: () => signedOut++,
    });
    await expect(
      provider.observe({ status: 401, headers: {} }, { method: 'POST', url: serverUrl }),
    ).resolves.toBe('retry');
    expect(await provider.headers('POST', serverUrl)).toEqual({ Authorization: 'Bearer cc-token' });
    // The token is refused later (expired): a new one, and no "Sign in required" for the user.
    await expect(
      provider.observe({ status: 401, headers: {} }, { method: 'POST', url: serverUrl }),
    ).resolves.toBe('retry');
    await new Promise((r) => setTimeout(r, 0)); // after the provider's own setTimeout(0) for onSignedOut
    expect(signedOut).toBe(0);
    expect(seen.map((s) => s.body.get('grant_type'))).toEqual([
      'client_credentials',
      'client_credentials',
    ]);
  });

  it('binds the token with DPoP, repeating the token request once with the nonce the server asks for', async () => {
    const { as, seen } = await tokenEndpoint((req) => {
      const nonce = JSON.parse(
        Buffer.from(req.dpop?.split('.')[1] ?? '', 'base64url').toString() || '{}',
      ) as { nonce?: string };
      if (nonce.nonce !== 'n-1')
        return { status: 400, json: { error: 'use_dpop_nonce' }, headers: { 'dpop-nonce': 'n-1' } };
      return { status: 200, json: { access_token: 'bound', token_type: 'DPoP', expires_in: 60 } };
    });
    const identity = await machineIdentity(as, {
      grant: 'client_credentials',
      clientId: 'build-bot',
      clientSecret: 's',
    });
    const key = await DpopKey.create();
    const tokens = await clientCredentialsGrant(
      { ...context(as, identity), dpop: key.handle(identity.client) },
      {},
      undefined,
    );
    expect(tokens.tokenType?.toLowerCase()).toBe('dpop');
    expect(seen).toHaveLength(2);
    expect(seen.every((s) => s.dpop)).toBe(true);
  });

  it('trades a workload JWT with the JWT bearer grant, and reports a refusal once, without retrying', async () => {
    let refuse = false;
    const { as, seen } = await tokenEndpoint(() =>
      refuse
        ? { status: 400, json: { error: 'invalid_grant', error_description: 'expired' } }
        : token,
    );
    const settings = {
      grant: 'jwt_bearer' as const,
      clientId: 'workload',
      assertionEnv: 'LENA_TEST_WORKLOAD_JWT',
    };
    process.env.LENA_TEST_WORKLOAD_JWT = 'platform.jwt.value';
    try {
      const ctx = context(as, workloadIdentity(as, settings));
      expect((await jwtBearerGrant(ctx, settings, undefined)).accessToken).toBe('cc-token');
      expect(Object.fromEntries(seen[0].body)).toMatchObject({
        grant_type: JWT_BEARER,
        assertion: 'platform.jwt.value',
        client_id: 'workload',
      });
      refuse = true;
      await expect(jwtBearerGrant(ctx, settings, undefined)).rejects.toThrow(
        /workload token .* failed: .*invalid_grant \(expired\)/,
      );
      expect(seen).toHaveLength(2);
    } finally {
      delete process.env.LENA_TEST_WORKLOAD_JWT;
    }
  });

  it('exchanges the company ID token for an ID-JAG, trades that at the authorization server, and names a refusing identity provider', async () => {
    const idp = await tokenEndpoint((req) =>
      req.body.get('subject_token') === 'id-token'
        ? {
            status: 200,
            json: {
              access_token: 'id-jag',
              issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
              token_type: 'N_A',
            },
          }
        : { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid ID token' } },
    );
    const { as, seen } = await tokenEndpoint(() => token);
    const settings = {
      grant: 'enterprise' as const,
      clientId: 'c',
      clientSecret: 's',
      idpTokenEndpoint: `${idp.as.issuer}/token`,
      idpClientId: 'lena',
      assertionEnv: 'LENA_TEST_ID_TOKEN',
    };
    process.env.LENA_TEST_ID_TOKEN = 'id-token';
    try {
      const ctx = context(as, workloadIdentity(as, settings));
      expect((await enterpriseGrant(ctx, settings, undefined)).accessToken).toBe('cc-token');
      expect(Object.fromEntries(idp.seen[0].body)).toMatchObject({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        audience: as.issuer,
        resource: 'http://127.0.0.1/mcp',
        requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      });
      expect(Object.fromEntries(seen[0].body)).toMatchObject({
        grant_type: JWT_BEARER,
        assertion: 'id-jag',
      });
      process.env.LENA_TEST_ID_TOKEN = 'expired';
      await expect(enterpriseGrant(ctx, settings, undefined)).rejects.toThrow(
        /identity provider at http:\/\/127\.0\.0\.1:\d+ did not exchange .*: invalid_grant \(Invalid ID token\)/,
      );
      expect(seen).toHaveLength(1); // nothing reaches the authorization server without an ID-JAG
      await expect(
        enterpriseGrant(ctx, { ...settings, idpClientId: undefined }, undefined),
      ).rejects.toThrow(/needs "oauth.idpTokenEndpoint" and "oauth.idpClientId"/);
    } finally {
      delete process.env.LENA_TEST_ID_TOKEN;
    }
  });
});
