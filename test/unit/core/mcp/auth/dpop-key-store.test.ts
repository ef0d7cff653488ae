// A server's DPoP key lives in the secret store, not only in memory (issue 21): the command line's
// store (the keychain, or on this machine its 0600 fallback file), under the same FileAuthStore the
// window uses. A token bound to the key (RFC 9449 cnf.jkt) keeps working after a restart, because
// the new provider proves possession with the same key; sign-out forgets the key with the tokens.
// And the entry's options for these grants: "dpop" on or off, a private_key_jwt key file.
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSecrets } from '../../../../../electron/cli/cli-secrets';
import { lenaPaths } from '../../../../../electron/core/home';
import { OAuthProvider } from '../../../../../electron/core/mcp/auth/provider';
import { FileAuthStore } from '../../../../../electron/core/mcp/auth/token-files';
import type { OAuthEntry } from '../../../../../shared/server-config';

type Jwk = { kty: string; crv: string; x: string; y: string; d?: string };

/** The proof's key thumbprint (RFC 7638) once its signature checks out. */
function proofKey(proof: string): { jkt: string; payload: Record<string, unknown> } {
  const [h, p, sig] = proof.split('.');
  const jwk = (JSON.parse(Buffer.from(h, 'base64url').toString()) as { jwk: Jwk }).jwk;
  const key = createPublicKey({ key: jwk, format: 'jwk' } as Parameters<typeof createPublicKey>[0]);
  expect(
    verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig, 'base64url'),
    ),
  ).toBe(true);
  const jkt = createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url');
  return {
    jkt,
    payload: JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>,
  };
}

let server: Server;
let origin = '';
let home = '';
/** Each issued token and the key thumbprint it is bound to. */
const bound = new Map<string, string>();
const tokenRequests: URLSearchParams[] = [];
let advertiseDpop = true;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'lena-dpop-key-'));
  server = createServer((req, res) => {
    const json = (body: unknown, status = 200) =>
      void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/.well-known/oauth-protected-resource/mcp')
      return json({ resource: `${origin}/mcp`, authorization_servers: [origin] });
    if (req.url === '/.well-known/oauth-authorization-server') {
      return json({
        issuer: origin,
        token_endpoint: `${origin}/token`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
        ...(advertiseDpop ? { dpop_signing_alg_values_supported: ['ES256'] } : {}),
      });
    }
    if (req.url === '/token') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        tokenRequests.push(new URLSearchParams(body));
        if (typeof req.headers.dpop !== 'string')
          return json({
            access_token: `plain-${tokenRequests.length}`,
            token_type: 'Bearer',
            expires_in: 3600,
          });
        const token = `bound-${bound.size + 1}`;
        bound.set(token, proofKey(req.headers.dpop).jkt);
        json({ access_token: token, token_type: 'DPoP', expires_in: 3600 });
      });
      return;
    }
    json({ error: 'invalid_request' }, 400);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(home, { recursive: true, force: true });
});

/** A provider as a fresh process makes it: its own store objects over the same files. */
async function provider(options: OAuthEntry = {}, name = 'builds'): Promise<OAuthProvider> {
  const secrets = await cliSecrets(lenaPaths(home));
  return new OAuthProvider({
    name,
    serverUrl: new URL(`${origin}/mcp`),
    settings: { grant: 'client_credentials', clientId: 'build-bot', clientSecret: 's', ...options },
    store: new FileAuthStore(join(home, 'oauth.json'), secrets.port, secrets.store),
    host: {
      interactive: false,
      open: () => Promise.reject(new Error('no browser for a machine client')),
    },
  });
}

/** What the resource checks: a DPoP token, and a proof made with the key the token is bound to. */
async function resourceAccepts(p: OAuthProvider): Promise<string> {
  const url = new URL(`${origin}/mcp`);
  const h = await p.headers('POST', url);
  expect(h.Authorization).toMatch(/^DPoP bound-\d+$/);
  const token = h.Authorization.slice(5);
  const { jkt, payload } = proofKey(h.DPoP);
  expect(payload).toMatchObject({ htm: 'POST', htu: url.href });
  expect(jkt, 'the proof is made with the key the token is bound to').toBe(bound.get(token));
  return token;
}

describe('DPoP keys in the secret store', () => {
  it('survive a restart (the bound token keeps working), stay out of oauth.json, and go at sign-out', async () => {
    const first = await provider();
    await expect(
      first.observe(
        { status: 401, headers: {} },
        { method: 'POST', url: new URL(`${origin}/mcp`) },
      ),
    ).resolves.toBe('retry');
    const token = await resourceAccepts(first);

    // Nothing of the key in oauth.json; in the fallback file, only readable by the user.
    expect(readFileSync(join(home, 'oauth.json'), 'utf8')).not.toMatch(/"d"|\\"d\\"/);
    const secrets = await cliSecrets(lenaPaths(home));
    if (secrets.store === 'file') {
      expect(statSync(join(home, 'oauth-tokens.json')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(home, 'oauth-tokens.json'), 'utf8')).toMatch(
        /oauth-dpop-[0-9a-f]{24}/,
      );
    }

    // "Restart": a new provider over the same files uses the same token with the same key.
    const second = await provider();
    expect(await resourceAccepts(second)).toBe(token);
    expect(bound.size, 'no new token was needed').toBe(1);

    await second.signOut();
    if (secrets.store === 'file')
      expect(readFileSync(join(home, 'oauth-tokens.json'), 'utf8')).not.toMatch(/oauth-dpop-/);
    // After sign-out a new grant binds to a new key.
    const third = await provider();
    await third.observe(
      { status: 401, headers: {} },
      { method: 'POST', url: new URL(`${origin}/mcp`) },
    );
    await resourceAccepts(third);
    expect(bound.get('bound-2')).not.toBe(bound.get('bound-1'));
  });
});

describe("the entry's grant options", () => {
  const grant = async (p: OAuthProvider) =>
    p.observe({ status: 401, headers: {} }, { method: 'POST', url: new URL(`${origin}/mcp`) });

  it('"dpop": false gets a plain bearer token even where the server offers DPoP', async () => {
    const p = await provider({ dpop: false }, 'no-dpop');
    await grant(p);
    const h = await p.headers('POST', new URL(`${origin}/mcp`));
    expect(h.Authorization).toMatch(/^Bearer plain-\d+$/);
    expect(h.DPoP).toBeUndefined();
  });

  it('"dpop": true binds the token even where the metadata does not advertise DPoP', async () => {
    advertiseDpop = false;
    try {
      const p = await provider({ dpop: true }, 'always-dpop');
      await grant(p);
      await resourceAccepts(p);
    } finally {
      advertiseDpop = true;
    }
  });

  it('"privateKeyFile": private_key_jwt signed with the key read from that file; a missing file says which', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const file = join(home, 'bot.pem');
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, {
      mode: 0o600,
    });
    const p = await provider(
      { clientSecret: undefined, privateKeyFile: file, signingAlgorithm: 'ES256', dpop: false },
      'keyed',
    );
    await grant(p);
    const sent = tokenRequests[tokenRequests.length - 1];
    expect(sent.get('client_assertion_type')).toBe(
      'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    );
    const [h, body, sig] = sent.get('client_assertion')!.split('.');
    expect(
      verify(
        'sha256',
        Buffer.from(`${h}.${body}`),
        { key: privateKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(sig, 'base64url'),
      ),
    ).toBe(true);

    const missing = await provider(
      { clientSecret: undefined, privateKeyFile: join(home, 'nope.pem') },
      'missing-key',
    );
    await expect(grant(missing)).rejects.toThrow(
      /The private key file .*nope\.pem could not be read \(ENOENT\)/,
    );
  });
});
