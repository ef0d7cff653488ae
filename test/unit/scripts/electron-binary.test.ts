// `npm start`'s first step: the Electron binary is fetched when missing (Electron 45 downloads it
// lazily), from a loopback ELECTRON_MIRROR here, and a download that cannot work prints the remedy.
// Every run uses a copy of node_modules/electron's package files and a temporary cache, so the
// real node_modules/electron and the user's cache are never written.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveMirror, sha256, zip, type Mirror } from '../../fixtures/electron-mirror/mirror';

const ROOT = resolve(__dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/electron-binary.mjs');
const VERSION = JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8'))
  .version as string;
const FILE = `electron-v${VERSION}-linux-x64.zip`;
const FAKE = zip([
  { name: 'electron', body: '#!/bin/sh\necho "fake electron $1"\n', mode: 0o755 },
  { name: 'version', body: `v${VERSION}` },
]);

let tmp: string;
let electronDir: string;
let mirror: Mirror | undefined;

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'lena-electron-'));
  electronDir = join(tmp, 'electron');
  mkdirSync(electronDir);
  for (const f of ['package.json', 'checksums.json', 'index.js', 'install.js'])
    copyFileSync(join(ROOT, 'node_modules/electron', f), join(electronDir, f));
});
afterEach(async () => {
  await mirror?.close();
  mirror = undefined;
  rmSync(tmp, { recursive: true, force: true });
});

/** Runs the start step in a child with a clean environment (no npm_config_* from the test runner). */
function ensure(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = {
    PATH: process.env.PATH ?? '',
    HOME: join(tmp, 'home'),
    electron_config_cache: join(tmp, 'cache'),
    ELECTRON_INSTALL_PLATFORM: 'linux',
    ELECTRON_INSTALL_ARCH: 'x64',
  };
  return new Promise((done) => {
    execFile(
      process.execPath,
      [SCRIPT, '--dir', electronDir],
      { env: { ...base, ...env }, cwd: tmp },
      (err, stdout, stderr) =>
        done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const release = (shasums: string) => ({
  [`/v${VERSION}/${FILE}`]: FAKE,
  [`/v${VERSION}/SHASUMS256.txt`]: shasums,
});

function expectRemedy(stderr: string): void {
  expect(stderr).toContain(
    `Lena cannot start: the Electron ${VERSION} binary is missing and could not be fetched.`,
  );
  expect(stderr).toContain('Retry:       npm start');
  expect(stderr).toContain('ELECTRON_MIRROR=');
  expect(stderr).toContain('ELECTRON_OVERRIDE_DIST_PATH=');
}

describe('the Electron binary for npm start', () => {
  it('downloads a missing binary from ELECTRON_MIRROR, checks SHASUMS256.txt, and finds it afterwards without downloading again', async () => {
    mirror = await serveMirror(release(`${sha256(FAKE)} *${FILE}\n`));
    const env = { ELECTRON_MIRROR: mirror.url, electron_use_remote_checksums: '1' };
    const first = await ensure(env);
    expect(first.stderr).toContain(`fetching ${FILE} from ${mirror.url}`);
    expect(first.stderr).toMatch(/100 % of 0\.0 MB/);
    expect(first.code).toBe(0);
    const binary = join(electronDir, 'dist', 'electron');
    expect(first.stdout.trim()).toBe(binary);
    expect(readFileSync(join(electronDir, 'path.txt'), 'utf8')).toBe('electron');
    if (process.platform !== 'win32')
      expect(execFileSync(binary, ['hi'], { encoding: 'utf8' })).toBe('fake electron hi\n');
    expect(mirror.requests).toEqual([`/v${VERSION}/${FILE}`, `/v${VERSION}/SHASUMS256.txt`]);

    const again = await ensure(env);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(binary);
    expect(mirror.requests).toHaveLength(2);
  });

  it('refuses a zip whose checksum does not match the mirror’s SHASUMS256.txt, and prints the remedy', async () => {
    mirror = await serveMirror(release(`${'0'.repeat(64)} *${FILE}\n`));
    const run = await ensure({ ELECTRON_MIRROR: mirror.url, electron_use_remote_checksums: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${FILE} does not match its SHA-256 checksum in the mirror's SHASUMS256.txt`,
    );
    expectRemedy(run.stderr);
    expect(existsSync(join(electronDir, 'path.txt'))).toBe(false);
  });

  it('checks against the checksums Electron ships unless remote checksums are asked for', async () => {
    mirror = await serveMirror(release(`${sha256(FAKE)} *${FILE}\n`));
    const run = await ensure({ ELECTRON_MIRROR: mirror.url });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("the checksum Electron's package ships (checksums.json)");
    expectRemedy(run.stderr);
  });

  it('a refused connection names the host and the error, then the remedy', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const run = await ensure({ ELECTRON_MIRROR: `http://127.0.0.1:${port}/` });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`What failed: cannot reach 127.0.0.1:${port}: ECONNREFUSED`);
    expectRemedy(run.stderr);
  });

  it('a mirror that never answers is given up after the connect timeout, not waited on forever', async () => {
    mirror = await serveMirror({}, [`/v${VERSION}/${FILE}`]);
    const run = await ensure({
      ELECTRON_MIRROR: mirror.url,
      LENA_ELECTRON_CONNECT_TIMEOUT_MS: '300',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `What failed: 127.0.0.1:${new URL(mirror.url).port} did not answer within 0.3 s`,
    );
    expectRemedy(run.stderr);
  });

  it('ELECTRON_OVERRIDE_DIST_PATH is used as is, and a wrong one is reported without any download', async () => {
    const own = join(tmp, 'own-electron');
    mkdirSync(own);
    copyFileSync(process.execPath, join(own, 'electron'));
    const found = await ensure({
      ELECTRON_OVERRIDE_DIST_PATH: own,
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
    });
    expect(found.stdout.trim()).toBe(join(own, 'electron'));
    const missing = await ensure({ ELECTRON_OVERRIDE_DIST_PATH: join(tmp, 'nowhere') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `ELECTRON_OVERRIDE_DIST_PATH is set, but ${join(tmp, 'nowhere', 'electron')} does not exist`,
    );
    // Nothing was fetched: the message says the binary was not found, not that a fetch failed.
    expect(missing.stderr).toContain(`the Electron ${VERSION} binary was not found.`);
    expect(missing.stderr).not.toContain('could not be fetched');
  });
});
