// DPoP (RFC 9449, the MCP extension SEP-1932) where the authorization server supports it: one
// ES256 key pair per server, a DPoP-bound token from the token endpoint (oauth4webapi's handle,
// which also keeps the authorization server's nonce), and a fresh proof bound to method and URL
// (and the token's hash) on every request to the resource, with the resource's DPoP-Nonce. The
// private key is kept in the secret store beside the tokens (`exportPrivate`/`restore`): tokens
// bound to it outlive a restart, and sign-out forgets it.
import { createHash, randomUUID, webcrypto } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { AuthResponseView } from './types';

const b64u = (data: Buffer | Uint8Array | string): string =>
  Buffer.from(data).toString('base64url');

/** Whether Lena should bind this server's tokens with DPoP: the metadata offers ES256. */
export function offersDpop(as: oauth.AuthorizationServer): boolean {
  return as.dpop_signing_alg_values_supported?.includes('ES256') === true;
}

export class DpopKey {
  /** The latest DPoP-Nonce each resource origin gave. */
  private readonly nonces = new Map<string, string>();
  private constructor(
    private readonly pair: oauth.CryptoKeyPair,
    private readonly jwk: webcrypto.JsonWebKey,
  ) {}

  static async create(): Promise<DpopKey> {
    // Extractable, so that the secret store can keep it (and nothing else ever reads it).
    const pair = await oauth.generateKeyPair('ES256', { extractable: true });
    const { kty, crv, x, y } = await webcrypto.subtle.exportKey(
      'jwk',
      pair.publicKey as webcrypto.CryptoKey,
    );
    return new DpopKey(pair, { kty, crv, x, y });
  }

  /** The key from what `exportPrivate` gave; undefined when that is not an ES256 private key. */
  static async restore(saved: string): Promise<DpopKey | undefined> {
    try {
      const jwk = JSON.parse(saved) as webcrypto.JsonWebKey;
      if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) return undefined;
      const { kty, crv, x, y } = jwk;
      const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
      const privateKey = await webcrypto.subtle.importKey('jwk', jwk, algorithm, false, ['sign']);
      const publicKey = await webcrypto.subtle.importKey(
        'jwk',
        { kty, crv, x, y },
        algorithm,
        true,
        ['verify'],
      );
      return new DpopKey({ privateKey, publicKey } as oauth.CryptoKeyPair, { kty, crv, x, y });
    } catch {
      return undefined; // unreadable: a new key is made, and the next grant binds to it
    }
  }

  /** The private key as a JWK, for the secret store only. */
  async exportPrivate(): Promise<string> {
    return JSON.stringify(
      await webcrypto.subtle.exportKey('jwk', this.pair.privateKey as webcrypto.CryptoKey),
    );
  }

  /** oauth4webapi's handle for the token endpoint requests of `client`. */
  handle(client: oauth.Client): oauth.DPoPHandle {
    return oauth.DPoP(client, this.pair);
  }

  /** A fresh proof for one request to the resource (RFC 9449 §4.2, `ath` per §7.1). */
  async proof(method: string, url: URL, accessToken: string): Promise<string> {
    const htu = `${url.origin}${url.pathname}`;
    const nonce = this.nonces.get(url.origin);
    const header = b64u(JSON.stringify({ typ: 'dpop+jwt', alg: 'ES256', jwk: this.jwk }));
    const payload = b64u(
      JSON.stringify({
        jti: randomUUID(),
        htm: method,
        htu,
        iat: Math.floor(Date.now() / 1000),
        ath: b64u(createHash('sha256').update(accessToken).digest()),
        ...(nonce ? { nonce } : {}),
      }),
    );
    const signature = await webcrypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      this.pair.privateKey as webcrypto.CryptoKey,
      Buffer.from(`${header}.${payload}`),
    );
    return `${header}.${payload}.${b64u(new Uint8Array(signature))}`;
  }

  /**
   * Keeps the resource's nonce; true when the response asks for a retry with it (a 401
   * `use_dpop_nonce` carrying a nonce Lena had not sent yet).
   */
  observe(response: AuthResponseView, url: URL): boolean {
    const nonce = response.headers['dpop-nonce'];
    if (!nonce) return false;
    const fresh = this.nonces.get(url.origin) !== nonce;
    this.nonces.set(url.origin, nonce);
    return (
      fresh &&
      response.status === 401 &&
      /use_dpop_nonce/.test(response.headers['www-authenticate'] ?? '')
    );
  }
}
