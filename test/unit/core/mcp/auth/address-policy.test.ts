// RELIABILITY.md security 13 and 27: where discovery and redirects may lead, for each class of
// configured server (public, private network, loopback), with host names resolved by a stand-in DNS.
import { describe, expect, it } from 'vitest';
import {
  AddressPolicy,
  classifyAddress,
  classifyUrl,
} from '../../../../../electron/core/mcp/auth/address-policy';

const dns: Record<string, string[]> = {
  'mcp.example.com': ['93.184.216.34'],
  'auth.example.com': ['93.184.216.35', '2606:2800:220:1::1'],
  'intranet.corp': ['10.1.2.3'],
  'wiki.corp': ['10.9.9.9'],
  'printer.lan': ['192.168.1.20'],
  'rebind.example.com': ['93.184.216.36', '127.0.0.1'], // one public, one loopback answer
  'metadata.example.com': ['169.254.169.254'],
};
const resolver = async (host: string): Promise<string[]> => {
  const found = dns[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};

async function policyFor(url: string): Promise<AddressPolicy> {
  return AddressPolicy.forServer(new URL(url), resolver);
}

async function verdict(policy: AddressPolicy, url: string): Promise<string> {
  try {
    await policy.check(new URL(url), 'discovery', 'the metadata URL');
    return 'allowed';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('address classes', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private:10/8'],
    ['172.20.1.1', 'private:172.16/12'],
    ['192.168.0.10', 'private:192.168/16'],
    ['100.64.0.1', 'private:100.64/10'],
    ['fd12:3456::1', 'private:fc00::/7'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.10.10', 'link-local'],
    ['fe80::1', 'link-local'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['0.0.0.0', 'reserved'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it('classifies a configured URL by what its host resolves to', async () => {
    expect(await classifyUrl(new URL('https://mcp.example.com/mcp'), resolver)).toBe('public');
    expect(await classifyUrl(new URL('http://localhost:3000/mcp'), resolver)).toBe('loopback');
    expect(await classifyUrl(new URL('https://intranet.corp/mcp'), resolver)).toBe('private:10/8');
  });
});

describe('a public server', () => {
  it('may lead only to public addresses, over https', async () => {
    const p = await policyFor('https://mcp.example.com/mcp');
    expect(
      await verdict(p, 'https://auth.example.com/.well-known/oauth-authorization-server'),
    ).toBe('allowed');
    expect(await verdict(p, 'https://intranet.corp/token')).toMatch(
      /private-network \(10\/8\) address \(10\.1\.2\.3\), which a public server may not send you to/,
    );
    expect(await verdict(p, 'https://127.0.0.1/token')).toMatch(/loopback address/);
    expect(await verdict(p, 'https://localhost/token')).toMatch(/loopback address/);
    expect(await verdict(p, 'https://rebind.example.com/token')).toMatch(
      /loopback address \(127\.0\.0\.1\)/,
    );
    expect(await verdict(p, 'http://auth.example.com/token')).toMatch(
      /plain http is only allowed on loopback/,
    );
  });
});

describe('a private-network server', () => {
  it('may lead to the same private range or public, never loopback or another range', async () => {
    const p = await policyFor('https://intranet.corp/mcp');
    expect(await verdict(p, 'https://wiki.corp/authorize')).toBe('allowed');
    expect(await verdict(p, 'https://auth.example.com/authorize')).toBe('allowed');
    expect(await verdict(p, 'https://printer.lan/authorize')).toMatch(
      /private-network \(192\.168\/16\)/,
    );
    expect(await verdict(p, 'https://[::1]/authorize')).toMatch(/loopback address/);
    expect(await verdict(p, 'http://wiki.corp/authorize')).toMatch(/plain http/);
  });
});

describe('a loopback server', () => {
  it('may lead to loopback (even plain http) or public, never a private network', async () => {
    const p = await policyFor('http://127.0.0.1:8080/mcp');
    expect(await verdict(p, 'http://localhost:9000/token')).toBe('allowed');
    expect(await verdict(p, 'http://[::1]:9000/token')).toBe('allowed');
    expect(await verdict(p, 'https://auth.example.com/token')).toBe('allowed');
    expect(await verdict(p, 'http://auth.example.com/token')).toMatch(
      /plain http is only allowed on loopback/,
    );
    expect(await verdict(p, 'https://intranet.corp/token')).toMatch(/private-network/);
  });
});

describe('always refused', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/',
    'https://metadata.example.com/',
    'https://169.254.1.1/',
    'https://[fe80::1]/',
  ])('%s, whatever the server', async (url) => {
    for (const server of [
      'https://mcp.example.com/mcp',
      'https://intranet.corp/mcp',
      'http://127.0.0.1/mcp',
    ]) {
      expect(await verdict(await policyFor(server), url)).toMatch(
        /Refused the metadata URL .*(cloud metadata|link-local) address/,
      );
    }
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'ftp://auth.example.com/'])(
    'the scheme of %s',
    async (url) => {
      expect(await verdict(await policyFor('http://127.0.0.1/mcp'), url)).toMatch(
        /only https URLs are allowed/,
      );
    },
  );
});
