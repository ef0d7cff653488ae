// DPoP proofs for requests to the resource (RFC 9449): signed with the key the header names,
// bound to method, URL and the token, fresh each time, and carrying the nonce the resource asked for.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DpopKey } from '../../../../../electron/core/mcp/auth/dpop';

function decode(proof: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  valid: boolean;
} {
  const [h, p, sig] = proof.split('.');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>;
  const key = createPublicKey({ key: header.jwk as object, format: 'jwk' } as Parameters<
    typeof createPublicKey
  >[0]);
  const valid = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  return {
    header,
    payload: JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>,
    valid,
  };
}

const url = new URL('https://mcp.example.com/mcp?session=1#x');

describe('DPoP proofs', () => {
  it('are signed with the public key they carry and bound to method, URL and token', async () => {
    const key = await DpopKey.create();
    const { header, payload, valid } = decode(await key.proof('POST', url, 'tok'));
    expect(valid).toBe(true);
    expect(header).toMatchObject({
      typ: 'dpop+jwt',
      alg: 'ES256',
      jwk: { kty: 'EC', crv: 'P-256' },
    });
    expect((header.jwk as Record<string, unknown>).d).toBeUndefined(); // never the private part
    expect(payload).toMatchObject({
      htm: 'POST',
      htu: 'https://mcp.example.com/mcp',
      ath: createHash('sha256').update('tok').digest('base64url'),
    });
    expect(payload.nonce).toBeUndefined();
  });

  it('are fresh for every request', async () => {
    const key = await DpopKey.create();
    const [a, b] = [
      decode(await key.proof('POST', url, 't')),
      decode(await key.proof('POST', url, 't')),
    ];
    expect(a.payload.jti).not.toBe(b.payload.jti);
  });

  it('ask for one retry per new nonce the resource demands, then carry it', async () => {
    const key = await DpopKey.create();
    const challenge = {
      status: 401,
      headers: { 'dpop-nonce': 'n-1', 'www-authenticate': 'DPoP error="use_dpop_nonce"' },
    };
    expect(key.observe(challenge, url)).toBe(true);
    expect(decode(await key.proof('GET', url, 't')).payload.nonce).toBe('n-1');
    expect(key.observe(challenge, url), 'the same nonce refused again is not retried forever').toBe(
      false,
    );
    expect(
      key.observe({ status: 200, headers: { 'dpop-nonce': 'n-2' } }, url),
      'a new nonce on a success is kept, not retried',
    ).toBe(false);
    expect(decode(await key.proof('GET', url, 't')).payload.nonce).toBe('n-2');
    expect(key.observe({ status: 401, headers: { 'www-authenticate': 'Bearer' } }, url)).toBe(
      false,
    );
  });
});
