// `lena mcp install FILE.mcpb` for real: bundles packed and signed with @anthropic-ai/mcpb and a
// throwaway certificate, installed through the built CLI, started and called; an untrusted signer
// refused until pinned, a tampered file refused, a reinstall's differences shown, a registry
// package downloaded and installed only when its SHA-256 matches, and the sensitive setting never
// in clear text on disk outside the secret store.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistryStandIn, type RegistryStandIn } from '../../fixtures/registry/stand-in';
import {
  makeCert,
  packBundle,
  signBundle,
  tamper,
  tempDir,
  testManifest,
  type TestCert,
} from '../../fixtures/bundles/make-bundle';
import { buildCli, lena, tempHome } from './cli-harness';

const SECRET = 'wx-secret-5512-abcdef';
let home: string;
let work: string;
let cert: TestCert;
let signed: string;
let registry: RegistryStandIn;
let files: Server;
let filesUrl: string;

const config = () =>
  JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as {
    mcpServers: Record<string, Record<string, unknown>>;
  };

/** Every file under `dir`. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-bundle-cli-');
  work = tempDir('lena-bundle-work-');
  cert = makeCert(work);
  signed = await packBundle(work);
  signBundle(signed, cert);
  registry = await startRegistryStandIn();
  files = createServer((req, res) => {
    const path = join(work, (req.url ?? '/').slice(1));
    if (!existsSync(path)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(path));
  });
  await new Promise<void>((done) => files.listen(0, '127.0.0.1', done));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await registry.close();
  await new Promise((done) => files.close(done));
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('lena mcp install FILE.mcpb', () => {
  it('refuses an untrusted signer until pinned, and a file changed after signing', async () => {
    const r = await lena(home, ['mcp', 'install', signed, '--set', `api_key=${SECRET}`, '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('signed by "Lena Test Publisher", which this system does not trust');
    expect(r.stderr).toContain(`--trust-signer ${cert.fingerprint}`);
    const bad = tamper(signed, join(work, 'tampered.mcpb'));
    const t = await lena(home, [
      'mcp',
      'install',
      bad,
      '--trust-signer',
      cert.fingerprint,
      '--yes',
    ]);
    expect(t.code).toBe(1);
    expect(t.stderr).toContain('the bundle was changed after it was signed');
    expect(existsSync(join(home, 'extensions'))).toBe(false);
    expect(existsSync(join(home, 'mcp.json'))).toBe(false);
  });

  it('installs with the signer pinned, then starts and calls it for real', async () => {
    const roots = [join(work, 'notes'), join(work, 'papers')];
    for (const r of roots) mkdirSync(r, { recursive: true });
    const r = await lena(home, [
      'mcp',
      'install',
      signed,
      '--trust-signer',
      cert.fingerprint,
      '--set',
      `api_key=${SECRET}`,
      '--set',
      `roots=${roots[0]}`,
      '--set',
      `roots=${roots[1]}`,
      '--yes',
    ]);
    // Said once: without a keychain here, the CLI's secret store is an owner-only file.
    expect(r.stderr.replace(/^lena: No system keychain is available.*\n/m, '')).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'Weather Bundle 1.0.0 by Lena Test Publisher (node bundle weather-bundle)',
    );
    expect(r.stdout).toContain('Signature: signed, untrusted by Lena Test Publisher');
    expect(r.stdout).toContain(`Fingerprint (SHA-256): ${cert.fingerprint}`);
    expect(r.stdout).toContain('Privacy policy: https://example.com/privacy');
    expect(r.stdout).toContain(
      'Runs: (env UNITS, API_KEY) node ${__dirname}/server/index.mjs --root=${HOME} ${user_config.roots}',
    );
    expect(r.stdout).toContain(
      '--set api_key=…  (required, string, sensitive: kept in the secret store)',
    );
    expect(r.stdout).not.toContain(SECRET);
    expect(config().mcpServers['weather-bundle']).toEqual({
      bundle: 'weather-bundle@1.0.0',
      userConfig: { api_key: '${secret:WEATHER_BUNDLE_API_KEY}', roots },
    });
    const list = await lena(home, ['mcp', 'list']);
    expect(list.stdout).toMatch(/weather-bundle +user +stdio +\S+ +bundle weather-bundle@1\.0\.0/);
    const call = await lena(home, ['mcp', 'call', 'weather-bundle', 'whoami', '{}', '--json']);
    expect(call.stderr).toBe('');
    expect(call.code).toBe(0);
    const said = JSON.parse(call.json().content[0].text);
    const dest = join(home, 'extensions', 'weather-bundle', '1.0.0');
    expect(said).toEqual({
      dir: join(dest, 'server'),
      args: [`--root=${home}`, ...roots],
      units: 'metric',
      keyDigest: createHash('sha256').update(SECRET).digest('hex').slice(0, 16),
      node: process.execPath,
    });
    // The sensitive value is in the secret store only (its file here: no system keychain).
    const store = join(home, 'oauth-tokens.json');
    const leaks = walk(home).filter((f) => f !== store && readFileSync(f).includes(SECRET));
    expect(leaks).toEqual([]);
  }, 60_000);

  it('shows a reinstall’s version, signer and permission differences', async () => {
    const other = makeCert(work, 'Someone Else');
    const next = await packBundle(
      work,
      testManifest({
        version: '1.1.0',
        user_config: {
          ...(testManifest().user_config as object),
          token: { type: 'string', title: 'Token', description: 'More access', sensitive: true },
        },
      }),
      'weather-1.1.mcpb',
    );
    signBundle(next, other);
    const refused = await lena(home, [
      'mcp',
      'install',
      next,
      '--set',
      `api_key=${SECRET}`,
      '--yes',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('signed by "Someone Else"');
    const r = await lena(home, [
      'mcp',
      'install',
      next,
      '--trust-signer',
      other.fingerprint,
      '--set',
      `api_key=${SECRET}`,
      '--yes',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `Installed already (1.0.0); this changes: version 1.0.0 → 1.1.0; signer Lena Test Publisher (${cert.fingerprint}) → Someone Else (${other.fingerprint}); new setting: token`,
    );
    expect(config().mcpServers['weather-bundle'].bundle).toBe('weather-bundle@1.1.0');
    expect(readdirSync(join(home, 'extensions', 'weather-bundle')).sort()).toEqual([
      '1.1.0',
      'installed.json',
    ]);
  });

  it('uninstalls: the entry, the folder and its secrets go', async () => {
    const r = await lena(home, ['mcp', 'uninstall', 'weather-bundle']);
    expect(r.code).toBe(0);
    expect(config().mcpServers['weather-bundle']).toBeUndefined();
    expect(existsSync(join(home, 'extensions', 'weather-bundle'))).toBe(false);
    const secrets = await lena(home, ['secrets', 'list', '--json']);
    expect(secrets.stdout).not.toContain('WEATHER_BUNDLE_API_KEY');
  });
});

describe('a registry package of type mcpb', () => {
  const publish = (sha: string) =>
    registry.put({
      server: {
        name: 'io.github.lena-test/weather-bundle',
        description: 'A bundle',
        version: '1.0.0',
        packages: [
          {
            registryType: 'mcpb',
            identifier: `${filesUrl}/plain.mcpb`,
            version: '1.0.0',
            fileSha256: sha,
            transport: { type: 'stdio' },
          },
        ],
      },
      _meta: {
        'io.modelcontextprotocol.registry/official': {
          status: 'active',
          updatedAt: new Date().toISOString(),
          isLatest: true,
        },
      },
    });

  it('installs only when the download’s SHA-256 matches fileSha256', async () => {
    const plain = await packBundle(work, testManifest(), 'plain.mcpb');
    const sha = createHash('sha256').update(readFileSync(plain)).digest('hex');
    const wrong = 'ab'.repeat(32);
    publish(wrong);
    const args = [
      'mcp',
      'install',
      'io.github.lena-test/weather-bundle',
      '--registry',
      registry.url,
    ];
    const bad = await lena(home, [...args, '--set', `api_key=${SECRET}`, '--yes']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`SHA-256 is ${sha}, but the registry says ${wrong}`);
    expect(existsSync(join(home, 'extensions', 'weather-bundle'))).toBe(false);
    publish(sha);
    const ok = await lena(home, [...args, '--set', `api_key=${SECRET}`, '--yes']);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Signature: none (unsigned');
    expect(config().mcpServers['weather-bundle'].bundle).toBe('weather-bundle@1.0.0');
  }, 60_000);
});
