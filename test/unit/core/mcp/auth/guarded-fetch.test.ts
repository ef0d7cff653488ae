// The fetch every authorization request goes through: each redirect hop re-checked against the
// address policy, connections pinned to checked addresses (falling through a dead IPv6 answer).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressPolicy } from '../../../../../electron/core/mcp/auth/address-policy';
import { guardedFetch } from '../../../../../electron/core/mcp/auth/guarded-fetch';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function serve(handler: http.RequestListener): Promise<number> {
  const s = http.createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

describe('guardedFetch', () => {
  it('re-checks every redirect hop: a redirect to the metadata address is refused', async () => {
    const port = await serve(
      (_req, res) =>
        void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    const fetch = guardedFetch({ policy: new AddressPolicy('loopback'), step: 'discovery' });
    await expect(
      fetch(`http://127.0.0.1:${port}/.well-known/oauth-protected-resource`, {
        redirect: 'follow',
      }),
    ).rejects.toThrow(
      /Refused a request to http:\/\/169\.254\.169\.254\/latest\/meta-data\/: it points at a cloud metadata address/,
    );
    // Without "follow", the redirect is the answer (what oauth4webapi asks for).
    expect((await fetch(`http://127.0.0.1:${port}/x`)).status).toBe(302);
  });

  it('connects to the checked addresses in turn when the first does not answer', async () => {
    const port = await serve(
      (_req, res) =>
        void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    );
    // A name whose first answer is IPv6 loopback, where nothing listens on this port.
    const policy = new AddressPolicy('loopback', async () => ['::1', '127.0.0.1']);
    const res = await guardedFetch({ policy, step: 'discovery' })(
      `http://auth.lena.test:${port}/m`,
    );
    expect(await res.json()).toEqual({ ok: true });
  });
});
