// MCP bundles built with @anthropic-ai/mcpb (pack, sign with a throwaway certificate) opened,
// verified, installed and resolved into the launch a start uses; the hostile ones (changed after
// signing, `../` entries, a 2 GB declared size, a bad manifest) refused with nothing written.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBundle, trustProblem } from '../../../../electron/core/install/bundle/inspect';
import {
  bundleEntry,
  bundleSettings,
  installBundleFiles,
} from '../../../../electron/core/install/bundle/install';
import { checkManifest, satisfies } from '../../../../electron/core/install/bundle/manifest';
import {
  readSignatureBlock,
  verifySignature,
} from '../../../../electron/core/install/bundle/signature';
import {
  bundleNode,
  resolveBundleLaunch,
} from '../../../../electron/core/mcp/config/bundle-launch';
import { planStart } from '../../../../electron/core/mcp/manager/session-start';
import {
  hugeDeclared,
  makeCert,
  packBundle,
  rawZip,
  signBundle,
  tamper,
  tempDir,
  testManifest,
  type TestCert,
} from '../../../fixtures/bundles/make-bundle';

let dir: string;
let cert: TestCert;
let signed: string;
const ext = () => join(dir, 'extensions');

beforeAll(async () => {
  dir = tempDir('lena-bundle-');
  cert = makeCert(dir);
  signed = await packBundle(dir);
  signBundle(signed, cert);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('opening a bundle', () => {
  it('verifies a signed bundle: signer name and the certificate’s SHA-256 fingerprint', async () => {
    const opened = await openBundle(readFileSync(signed), { extensionsDir: ext() });
    expect(opened.preview.signature).toMatchObject({
      status: 'untrusted',
      signer: 'Lena Test Publisher',
      fingerprint: cert.fingerprint,
      selfSigned: true,
      reason: 'the certificate is self-signed',
    });
    expect(opened.preview).toMatchObject({
      name: 'weather-bundle',
      displayName: 'Weather Bundle',
      version: '1.0.0',
      author: 'Lena Test Publisher',
      tools: [{ name: 'whoami' }],
      privacyPolicies: ['https://example.com/privacy'],
    });
    expect(opened.preview.fields.map((f) => [f.key, f.type, f.sensitive])).toEqual([
      ['units', 'string', false],
      ['api_key', 'string', true],
      ['roots', 'directory', false],
      ['days', 'number', false],
    ]);
    // Untrusted until pinned: the message gives the fingerprint to pin.
    expect(trustProblem(opened, undefined)).toContain(`--trust-signer ${cert.fingerprint}`);
    expect(trustProblem(opened, cert.fingerprint.replace(/:/g, '').toLowerCase())).toBeUndefined();
    expect(trustProblem(opened, 'AA:BB')).toMatch(/does not match the bundle's signer/);
    expect(existsSync(ext())).toBe(false);
  });

  it('refuses a bundle changed by one byte after signing', async () => {
    const bad = tamper(signed, join(dir, 'tampered.mcpb'));
    await expect(openBundle(readFileSync(bad), { extensionsDir: ext() })).rejects.toThrow(
      "the bundle's signature is invalid: the bundle was changed after it was signed",
    );
  });

  it('opens an unsigned bundle as unsigned', async () => {
    const plain = await packBundle(dir, testManifest(), 'plain.mcpb');
    const opened = await openBundle(readFileSync(plain), { extensionsDir: ext() });
    expect(opened.preview.signature.status).toBe('unsigned');
    expect(trustProblem(opened, undefined)).toBeUndefined();
  });

  it('refuses `../` entries, a 2 GB declared size and a bad manifest before writing anything', async () => {
    const manifest = JSON.stringify(testManifest());
    const slip = rawZip(join(dir, 'slip.mcpb'), {
      'manifest.json': manifest,
      '../../outside.txt': 'escaped',
    });
    await expect(openBundle(readFileSync(slip), { extensionsDir: ext() })).rejects.toThrow(
      `the bundle's entry "../../outside.txt" climbs out of the folder ("../"); it was not installed`,
    );
    const huge = hugeDeclared(join(dir, 'huge.mcpb'));
    await expect(openBundle(readFileSync(huge), { extensionsDir: ext() })).rejects.toThrow(
      /the bundle declares 2048\.0 MB of files, over the 512\.0 MB Lena unpacks/,
    );
    const { author: _author, ...noAuthor } = testManifest();
    const bad = rawZip(join(dir, 'bad.mcpb'), { 'manifest.json': JSON.stringify(noAuthor) });
    await expect(openBundle(readFileSync(bad), { extensionsDir: ext() })).rejects.toThrow(
      /the bundle's manifest cannot be installed: "author": Required/,
    );
    expect(existsSync(ext())).toBe(false);
    expect(existsSync(join(dir, '..', 'outside.txt'))).toBe(false);
  });
});

describe('the manifest', () => {
  it('reads dxt_version as manifest_version and warns of unknown fields', () => {
    const { manifest_version: _v, ...rest } = testManifest();
    const checked = checkManifest(JSON.stringify({ ...rest, dxt_version: '0.2', sparkle: 1 }));
    expect(checked).toMatchObject({ ok: true, version: '0.2' });
    expect(checked.ok && checked.warnings).toEqual([
      '"dxt_version" is the old name of "manifest_version"',
      'the manifest has fields Lena does not know: sparkle',
    ]);
  });

  it('checks platforms and the Node runtime', () => {
    const only = (compatibility: unknown) =>
      checkManifest(JSON.stringify(testManifest({ compatibility })), {
        platform: 'linux',
        node: '22.13.0',
      });
    expect(only({ platforms: ['darwin'] })).toEqual({
      ok: false,
      problems: ['it runs on darwin, not on linux'],
    });
    expect(only({ runtimes: { node: '>=24' } })).toEqual({
      ok: false,
      problems: ['it needs Node >=24; Lena runs Node 22.13.0'],
    });
    expect(satisfies('22.13.0', '^20 || ^22.1')).toBe(true);
    expect(satisfies('22.13.0', '>=18 <22')).toBe(false);
  });
});

describe('installing and launching', () => {
  it('unpacks into extensions/NAME/VERSION and resolves the launch from the manifest', async () => {
    const opened = await openBundle(readFileSync(signed), { extensionsDir: ext() });
    const roots = [join(dir, 'a'), join(dir, 'b')];
    for (const r of roots) rmSync(r, { force: true, recursive: true });
    const { mkdirSync } = await import('node:fs');
    for (const r of roots) mkdirSync(r);
    const settings = await bundleSettings(opened.manifest, {
      api_key: 'sk-weather-1234567890',
      roots,
      days: '30',
    });
    expect(settings.problems).toEqual(['days must be at most 14']);
    const ok = await bundleSettings(opened.manifest, { api_key: 'sk-weather-1234567890', roots });
    expect(ok.problems).toEqual([]);
    const { entry, secrets } = bundleEntry(opened.manifest, ok.values);
    expect(entry).toEqual({
      bundle: 'weather-bundle@1.0.0',
      userConfig: { api_key: '${secret:WEATHER_BUNDLE_API_KEY}', roots },
    });
    expect(secrets).toEqual([
      { name: 'WEATHER_BUNDLE_API_KEY', value: 'sk-weather-1234567890', field: 'api_key' },
    ]);
    const dest = await installBundleFiles(opened, ext());
    expect(dest).toBe(join(ext(), 'weather-bundle', '1.0.0'));
    expect(readdirSync(join(ext(), 'weather-bundle')).sort()).toEqual(['1.0.0', 'installed.json']);

    const store = new Map(secrets.map((s) => [s.name, s.value]));
    const launch = await resolveBundleLaunch(entry, {
      extensionsDir: ext(),
      secrets: { get: (n) => store.get(n) },
      node: '/opt/node/bin/node',
    });
    expect(launch).toMatchObject({
      ok: true,
      entry: {
        type: 'stdio',
        command: '/opt/node/bin/node',
        args: [join(dest, 'server/index.mjs'), `--root=${homedir()}`, ...roots],
        env: { UNITS: 'metric', API_KEY: 'sk-weather-1234567890' },
        cwd: dest,
      },
      sensitive: ['sk-weather-1234567890'],
      nodeBundle: true,
    });
    const missing = await resolveBundleLaunch(entry, { extensionsDir: ext() });
    expect(missing).toMatchObject({ ok: false, reason: 'missing-secrets' });

    // An optional setting left unset: its argument is left out, never passed as `${user_config.…}`.
    const noRoots = { ...entry, userConfig: { api_key: '${secret:WEATHER_BUNDLE_API_KEY}' } };
    const bare = await resolveBundleLaunch(noRoots, {
      extensionsDir: ext(),
      secrets: { get: (n) => store.get(n) },
      node: '/opt/node/bin/node',
    });
    expect(bare.ok && bare.entry.args).toEqual([
      join(dest, 'server/index.mjs'),
      `--root=${homedir()}`,
    ]);
  });
});

describe('runtimes', () => {
  it('starts a uv bundle only where uv is on PATH, and says so', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const folder = join(ext(), 'uv-bundle', '1.0.0');
    mkdirSync(folder, { recursive: true });
    const server = { type: 'uv', entry_point: 'main.py', mcp_config: { command: 'uv', args: [] } };
    writeFileSync(
      join(folder, 'manifest.json'),
      JSON.stringify({ ...testManifest({ manifest_version: '0.4', name: 'uv-bundle' }), server }),
    );
    const launch = await resolveBundleLaunch(
      { bundle: 'uv-bundle@1.0.0', userConfig: { api_key: 'k' } },
      { extensionsDir: ext(), env: { PATH: join(dir, 'empty') } },
    );
    expect(launch).toMatchObject({ ok: false, reason: 'invalid' });
    expect(!launch.ok && launch.message).toMatch(/^`uv` was not found on PATH/);
  });

  it('runs node bundles with the Node running lena, and PATH node inside the app', () => {
    expect(bundleNode({ node: '24.0.0' } as NodeJS.ProcessVersions, '/usr/bin/node24')).toBe(
      '/usr/bin/node24',
    );
    expect(
      bundleNode({ node: '22.0.0', electron: '45.5.0' } as NodeJS.ProcessVersions, '/opt/Lena'),
    ).toBe('node');
  });
});

describe('trust and scope', () => {
  it('calls a signature chained to a trusted root "signed"', async () => {
    const { execFileSync } = await import('node:child_process');
    const { X509Certificate } = await import('node:crypto');
    const ssl = (line: string) =>
      execFileSync('openssl', line.split(' '), { cwd: dir, stdio: 'ignore' });
    // RSA throughout: the library's signer re-encodes certificates with node-forge, which keeps
    // only RSA signatures intact. 1024-bit keys keep the test quick; the check is the same.
    ssl('req -x509 -newkey rsa:1024 -nodes -days 2 -subj /CN=Root -keyout ca.key -out ca.pem');
    ssl('req -newkey rsa:1024 -nodes -subj /CN=Chained -keyout leaf.key -out leaf.csr');
    ssl('x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -out leaf.pem');
    const file = await packBundle(dir, testManifest(), 'chained.mcpb');
    signBundle(file, { cert: join(dir, 'leaf.pem'), key: join(dir, 'leaf.key'), fingerprint: '' });
    const block = readSignatureBlock(readFileSync(file));
    const root = new X509Certificate(readFileSync(join(dir, 'ca.pem')));
    expect(verifySignature(block, { roots: [root] })).toMatchObject({
      status: 'signed',
      signer: 'Chained',
      issuer: 'Root',
      selfSigned: false,
    });
    expect(verifySignature(block, { roots: [] })).toMatchObject({
      status: 'untrusted',
      reason: 'the issuer "Root" is not trusted by this system',
    });
  });

  it('does not start a bundle named by a project .mcp.json', async () => {
    const plan = await planStart(
      {
        name: 'weather',
        scope: 'project',
        file: join(dir, '.mcp.json'),
        entry: { bundle: 'weather-bundle@1.0.0' },
        disabled: false,
        issues: [],
        shadowed: [],
      },
      { env: {}, extensionsDir: ext() },
      [],
    );
    expect(plan).toMatchObject({ ok: false, patch: { status: 'failed' } });
    expect(!plan.ok && plan.patch.error?.message).toContain(
      "a project's .mcp.json may not start a bundle installed in your Lena",
    );
  });
});
