// Discovery and sign-in against a scripted resource server that lies: its metadata names a cloud
// metadata address, a private network, another resource, or its authorization response carries a
// forged issuer or state. Each must be refused before anything is sent there or any token is used.
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  resourceMatches,
  resourceMetadataUrls,
  authorizationServerMetadataUrls,
} from '../../../../../electron/core/mcp/auth/discovery';
import { OAuthProvider } from '../../../../../electron/core/mcp/auth/provider';
import { MemoryAuthStore } from '../../../../../electron/core/mcp/auth/store';
import { scripted } from '../transports/http-harness';

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body));
}

/** A resource server at /mcp that always answers 401 and serves `prm` as its resource metadata. */
async function liar(prm: (origin: string) => unknown, as?: (origin: string) => unknown) {
  const server = await scripted((req, res) => {
    const origin = `http://${req.headers.host}`;
    if (req.path === '/.well-known/oauth-protected-resource/mcp')
      return json(res, 200, prm(origin));
    if (req.path === '/.well-known/oauth-authorization-server' && as)
      return json(res, 200, as(origin));
    if (req.path === '/authorize') {
      const u = new URL(req.path, origin);
      return void res.writeHead(404).end(String(u));
    }
    json(
      res,
      401,
      { error: 'invalid_token' },
      {
        'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
      },
    );
  });
  return server;
}

async function signIn(
  url: string,
  open: (u: URL) => Promise<void> = async () => undefined,
): Promise<string> {
  const auth = new OAuthProvider({
    name: 'liar',
    serverUrl: new URL(url),
    store: new MemoryAuthStore(),
    host: { interactive: true, timeoutMs: 3_000, open },
  });
  return auth.signIn().then(
    () => 'signed in',
    (e: Error) => e.message,
  );
}

describe('discovery refuses what a malicious server points at', () => {
  it('an authorization server on a cloud metadata address', async () => {
    const s = await liar((o) => ({
      resource: `${o}/mcp`,
      authorization_servers: ['http://169.254.169.254/'],
    }));
    expect(await signIn(s.url)).toMatch(
      /Refused a request to http:\/\/169\.254\.169\.254\/\.well-known\/oauth-authorization-server: it points at a cloud metadata address/,
    );
  });

  it('an authorization server on a private network, for a loopback server', async () => {
    const s = await liar((o) => ({
      resource: `${o}/mcp`,
      authorization_servers: ['http://10.0.0.5/'],
    }));
    expect(await signIn(s.url)).toMatch(
      /private-network \(10\/8\) address \(10\.0\.0\.5\), which a loopback server may not send you to/,
    );
  });

  it('resource metadata that describes another resource', async () => {
    const s = await liar(() => ({
      resource: 'https://evil.example.com/mcp',
      authorization_servers: ['https://evil.example.com/'],
    }));
    expect(await signIn(s.url)).toMatch(
      /Refused the resource metadata .* it describes https:\/\/evil\.example\.com\/mcp/,
    );
    expect(s.requests.map((r) => r.path)).toEqual(['/.well-known/oauth-protected-resource/mcp']);
  });

  it('an authorization page on a file: URL', async () => {
    const s = await liar(
      (o) => ({ resource: `${o}/mcp`, authorization_servers: [o] }),
      (o) => ({
        issuer: o,
        authorization_endpoint: 'file:///etc/passwd',
        token_endpoint: `${o}/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        registration_endpoint: `${o}/register`,
      }),
    );
    const opened: URL[] = [];
    // Registration is scripted to fail first; give it a pre-registered client instead.
    const auth = new OAuthProvider({
      name: 'liar',
      serverUrl: new URL(s.url),
      settings: { clientId: 'lena' },
      store: new MemoryAuthStore(),
      host: { interactive: true, timeoutMs: 3_000, open: async (u) => void opened.push(u) },
    });
    await expect(auth.signIn()).rejects.toThrow(
      /Refused the authorization page "file:\/\/\/etc\/passwd": only https URLs are allowed/,
    );
    expect(opened).toEqual([]);
  });

  it('metadata without PKCE S256', async () => {
    const s = await liar(
      (o) => ({ resource: `${o}/mcp`, authorization_servers: [o] }),
      (o) => ({
        issuer: o,
        authorization_endpoint: `${o}/authorize`,
        token_endpoint: `${o}/token`,
        response_types_supported: ['code'],
      }),
    );
    const auth = new OAuthProvider({
      name: 'liar',
      serverUrl: new URL(s.url),
      settings: { clientId: 'lena' },
      store: new MemoryAuthStore(),
      host: { interactive: true, open: async () => undefined },
    });
    await expect(auth.signIn()).rejects.toThrow(/does not advertise PKCE with S256/);
  });

  it('an authorization response with a forged issuer (RFC 9207) or state', async () => {
    const s = await liar(
      (o) => ({ resource: `${o}/mcp`, authorization_servers: [o] }),
      (o) => ({
        issuer: o,
        authorization_endpoint: `${o}/authorize`,
        token_endpoint: `${o}/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
      }),
    );
    const answer = (params: (u: URL) => Record<string, string>) => async (u: URL) => {
      const back = new URL(u.searchParams.get('redirect_uri')!);
      for (const [k, v] of Object.entries(params(u))) back.searchParams.set(k, v);
      await (await fetch(back)).text();
    };
    const provider = (open: (u: URL) => Promise<void>) =>
      new OAuthProvider({
        name: 'liar',
        serverUrl: new URL(s.url),
        settings: { clientId: 'lena' },
        store: new MemoryAuthStore(),
        host: { interactive: true, timeoutMs: 3_000, open },
      });
    await expect(
      provider(
        answer((u) => ({
          code: 'c',
          state: u.searchParams.get('state')!,
          iss: 'https://evil.example.com',
        })),
      ).signIn(),
    ).rejects.toThrow(/sign-in response was refused: .*iss/);
    await expect(
      provider(answer((u) => ({ code: 'c', state: u.searchParams.get('state')! }))).signIn(),
    ).rejects.toThrow(/sign-in response was refused: .*iss/);
    await expect(
      provider(
        answer((u) => ({ code: 'c', state: 'forged', iss: new URL(u.href).origin })),
      ).signIn(),
    ).rejects.toThrow(/sign-in response was refused: .*state/);
    expect(s.requests.filter((r) => r.path === '/token')).toEqual([]); // no code was ever exchanged
  });
});

describe('discovery order and resource matching', () => {
  it('tries the challenge URL, then the path-based, then the root well-known URI', () => {
    const urls = resourceMetadataUrls(new URL('https://h.example/api/mcp'), {
      resourceMetadata: 'https://h.example/custom.json',
    });
    expect(urls.map(String)).toEqual([
      'https://h.example/custom.json',
      'https://h.example/.well-known/oauth-protected-resource/api/mcp',
      'https://h.example/.well-known/oauth-protected-resource',
    ]);
  });

  it('tries RFC 8414 then OIDC (inserted, then appended) for an issuer with a path', () => {
    expect(
      authorizationServerMetadataUrls(new URL('https://a.example/tenant1')).map((u) => u.pathname),
    ).toEqual([
      '/.well-known/oauth-authorization-server/tenant1',
      '/.well-known/openid-configuration/tenant1',
      '/tenant1/.well-known/openid-configuration',
    ]);
    expect(
      authorizationServerMetadataUrls(new URL('https://a.example')).map((u) => u.pathname),
    ).toEqual(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);
  });

  it.each([
    ['https://h.example/mcp', 'https://h.example/mcp', true],
    ['https://h.example', 'https://h.example/mcp', true],
    ['https://h.example/mcp/', 'https://h.example/mcp', true],
    ['https://h.example/api', 'https://h.example/api/mcp', true],
    ['https://h.example/mc', 'https://h.example/mcp', false],
    ['https://h.example:8443/mcp', 'https://h.example/mcp', false],
    ['http://h.example/mcp', 'https://h.example/mcp', false],
    ['https://evil.example.com/mcp', 'https://h.example/mcp', false],
  ])('resource %s for server %s: %s', (resource, server, ok) => {
    expect(resourceMatches(resource, new URL(server))).toBe(ok);
  });
});
