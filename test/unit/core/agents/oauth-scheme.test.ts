// The OAuth sign-in an Agent Card declares, in each shape agents send it, and where Lena finds the
// authorization server from it: a card's code flow at a server with metadata (so Lena may register
// itself), the same flow where no metadata agrees (the card's URLs alone), and an OpenID Connect
// discovery URL. The authorization server is the real loopback fixture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentAuth } from '../../../../electron/core/agents/auth';
import { discoverFromCard, oauthSchemeOf } from '../../../../electron/core/agents/oauth-scheme';
import { MemoryAuthStore } from '../../../../electron/core/mcp/auth/store';
import { AddressPolicy } from '../../../../electron/core/mcp/auth/address-policy';
import { guardedFetch } from '../../../../electron/core/mcp/auth/guarded-fetch';
import { startOAuthServer, type OAuthFixture } from '../../../fixtures/mcp-http/oauth-server';

let as: OAuthFixture;
beforeAll(async () => {
  as = await startOAuthServer();
});
afterAll(() => as.close());

const flow = { authorizationUrl: 'https://a.example/auth', tokenUrl: 'https://a.example/token' };

describe("an agent card's OAuth scheme", () => {
  it('is read from the v0.3, A2A 1.0 JSON and SDK shapes; others are not sign-ins Lena runs', () => {
    const code = { kind: 'authorization-code', ...flow, scopes: ['read'] };
    const scopes = { read: 'Read' };
    expect(
      oauthSchemeOf({
        securitySchemes: {
          o: { type: 'oauth2', flows: { authorizationCode: { ...flow, scopes } } },
        },
      }),
    ).toEqual(code);
    expect(
      oauthSchemeOf({
        securitySchemes: {
          o: { oauth2SecurityScheme: { flows: { authorizationCode: { ...flow, scopes } } } },
        },
      }),
    ).toEqual(code);
    expect(
      oauthSchemeOf({
        securitySchemes: {
          o: {
            scheme: {
              $case: 'oauth2SecurityScheme',
              value: {
                flows: { flow: { $case: 'authorizationCode', value: { ...flow, scopes } } },
              },
            },
          },
        },
      }),
    ).toEqual(code);
    expect(
      oauthSchemeOf({
        securitySchemes: { o: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example/x' } },
      }),
    ).toEqual({ kind: 'openid-connect', discoveryUrl: 'https://id.example/x', scopes: [] });
    // Client credentials (no user), a bearer header, or no URLs: nothing Lena can sign in with.
    expect(
      oauthSchemeOf({
        securitySchemes: {
          c: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: flow.tokenUrl } } },
          b: { httpAuthSecurityScheme: { scheme: 'bearer' } },
          x: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'nope' } } },
        },
      }),
    ).toBeNull();
  });

  it('finds the authorization server: its metadata, the card alone, or OpenID Connect', async () => {
    const fetch = guardedFetch({ policy: new AddressPolicy('loopback'), step: 'discovery' });
    const endpoint = new URL('http://127.0.0.1:1/rpc');
    const scopes: string[] = [];
    const found = await discoverFromCard(
      fetch,
      {
        kind: 'authorization-code',
        authorizationUrl: `${as.origin}/authorize`,
        tokenUrl: `${as.origin}/token`,
        scopes,
      },
      endpoint,
    );
    expect(found.legacy).toBe(false);
    expect(found.as.registration_endpoint).toBe(`${as.origin}/register`);
    expect(found.resource).toBe('http://127.0.0.1:1/rpc');
    // Endpoints the metadata does not name: the card's own, no registration (a client id is needed).
    const alone = await discoverFromCard(
      fetch,
      {
        kind: 'authorization-code',
        authorizationUrl: `${as.origin}/other-authorize`,
        tokenUrl: `${as.origin}/token`,
        scopes,
      },
      endpoint,
    );
    expect(alone).toMatchObject({ legacy: true });
    expect(alone.as).toEqual({
      issuer: `${as.origin}/`,
      authorization_endpoint: `${as.origin}/other-authorize`,
      token_endpoint: `${as.origin}/token`,
    });
    const oidc = await discoverFromCard(
      fetch,
      {
        kind: 'openid-connect',
        discoveryUrl: `${as.origin}/.well-known/oauth-authorization-server`,
        scopes,
      },
      endpoint,
    );
    expect(oidc.as.token_endpoint).toBe(`${as.origin}/token`);
    await expect(
      discoverFromCard(
        fetch,
        { kind: 'openid-connect', discoveryUrl: `${as.origin}/missing`, scopes },
        endpoint,
      ),
    ).rejects.toThrow(/Reading the sign-in metadata at .*\/missing failed: HTTP 404/);
  });

  it('without registration and without a client id, the sign-in says how to give one', async () => {
    const opened: URL[] = [];
    const auth = new AgentAuth({
      store: new MemoryAuthStore(),
      host: { interactive: false, open: async (url) => void opened.push(url) },
    });
    const target = {
      name: 'files',
      url: 'http://127.0.0.1:1',
      endpoint: 'http://127.0.0.1:1/',
      scheme: {
        kind: 'authorization-code' as const,
        authorizationUrl: `${as.origin}/other-authorize`,
        tokenUrl: `${as.origin}/token`,
        scopes: [],
      },
    };
    const failed = await auth.signIn(target).catch((e: Error & { hint?: string }) => e);
    expect(failed).toMatchObject({
      message:
        'The authorization server of agent files does not let Lena register itself, and no client id is set for it.',
    });
    expect((failed as { hint?: string }).hint).toContain(
      'lena agents add files URL --client-id ID',
    );
    expect(opened).toEqual([]); // nothing opened for a sign-in that cannot finish
  });
});
