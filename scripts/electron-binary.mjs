// Finds the Electron binary that `npm start` runs, downloading it first when it is missing.
// Electron 45 has no install script: its binary is fetched lazily (node_modules/electron/install.js),
// and electron-vite only reads path.txt, so a fresh `npm ci && npm start` would end in
// "Electron uninstall". This does what install.js does (same @electron/get download, same bundled
// checksums, same extraction and path.txt), but bounded in time, with a progress line, and with one
// clear message when the download is impossible.
//
// CLI: `node scripts/electron-binary.mjs [--dir node_modules/electron]` prints the binary's path.
/* global AbortController, fetch */
import { downloadArtifact, getHostArch } from '@electron/get';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;
const number = (value, fallback) => (Number(value) > 0 ? Number(value) : fallback);

/** Where the executable lives inside Electron's dist folder (install.js's getPlatformPath). */
export function platformPath(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  if (['linux', 'freebsd', 'openbsd'].includes(platform)) return 'electron';
  throw new Error(`Electron builds are not available on platform ${platform}`);
}

/** The bounds of one download; the environment can lengthen them for a slow link. */
export function downloadLimits(env = process.env) {
  return {
    connectMs: number(env.LENA_ELECTRON_CONNECT_TIMEOUT_MS, 20_000),
    stallMs: number(env.LENA_ELECTRON_STALL_TIMEOUT_MS, 60_000),
    totalMs: number(env.LENA_ELECTRON_TOTAL_TIMEOUT_MS, 15 * 60_000),
  };
}

/** A download that failed for a reason the user can act on; `what` is shown as is. */
class DownloadFailure extends Error {
  constructor(what, options) {
    super(what, options);
    this.what = what;
  }
}

/**
 * @electron/get's Downloader contract, with the bounds its FetchDownloader lacks: no answer within
 * `connectMs`, no bytes for `stallMs` or more than `totalMs` overall aborts the request.
 */
export function boundedDownloader(limits, onProgress) {
  return {
    async download(url, target) {
      const controller = new AbortController();
      let reason = '';
      const abort = (why) => {
        reason = why;
        controller.abort();
      };
      const host = new URL(url).host;
      const total = setTimeout(
        () => abort(`the download took longer than ${seconds(limits.totalMs)}`),
        limits.totalMs,
      );
      let stall = setTimeout(
        () => abort(`${host} did not answer within ${seconds(limits.connectMs)}`),
        limits.connectMs,
      );
      const restartStall = () => {
        clearTimeout(stall);
        stall = setTimeout(
          () => abort(`the download from ${host} stalled (no data for ${seconds(limits.stallMs)})`),
          limits.stallMs,
        );
      };
      try {
        let response;
        try {
          response = await fetch(url, { signal: controller.signal, redirect: 'follow' });
        } catch (err) {
          throw new DownloadFailure(reason || `cannot reach ${host}: ${networkReason(err)}`, {
            cause: err,
          });
        }
        if (!response.ok || !response.body)
          throw new DownloadFailure(
            `${url} answered HTTP ${response.status} ${response.statusText}`.trim(),
          );
        restartStall();
        const size = Number(response.headers.get('content-length')) || 0;
        let received = 0;
        mkdirSync(dirname(target), { recursive: true });
        try {
          await pipeline(
            Readable.fromWeb(response.body),
            async function* (source) {
              for await (const chunk of source) {
                received += chunk.length;
                restartStall();
                onProgress?.({ url, received, size });
                yield chunk;
              }
            },
            createWriteStream(target),
          );
        } catch (err) {
          throw new DownloadFailure(
            reason || `the download from ${host} broke off: ${networkReason(err)}`,
            { cause: err },
          );
        }
      } finally {
        clearTimeout(total);
        clearTimeout(stall);
      }
    },
  };
}

function networkReason(err) {
  const cause = err?.cause ?? err;
  return cause?.code ?? cause?.message ?? String(cause);
}

/** A progress line on stderr: rewritten in place on a terminal, every 10 % otherwise. */
export function progressPrinter(stream = process.stderr) {
  let lastTenth = -1;
  return ({ url, received, size }) => {
    if (url.endsWith('SHASUMS256.txt')) return;
    const mb = (n) => (n / 1048576).toFixed(1);
    const tenth = size ? Math.floor((received / size) * 10) : Math.floor(received / 10_485_760);
    const line = size
      ? `  ${Math.floor((received / size) * 100)} % of ${mb(size)} MB`
      : `  ${mb(received)} MB`;
    if (stream.isTTY) stream.write(`\r${line}${received === size ? '\n' : ''}`);
    else if (tenth !== lastTenth) stream.write(`${line}\n`);
    lastTenth = tenth;
  };
}

function installedPath(dir, version, exe) {
  try {
    if (
      readFileSync(join(dir, 'dist', 'version'), 'utf8')
        .trim()
        .replace(/^v/, '') !== version
    )
      return null;
    if (readFileSync(join(dir, 'path.txt'), 'utf8') !== exe) return null;
  } catch {
    return null;
  }
  const path = join(dir, 'dist', exe);
  return existsSync(path) ? path : null;
}

/**
 * The one message shown when no binary can be had: what failed, how to retry, what to do offline.
 * `notFound`: nothing was fetched because the binary the user pointed at is not there.
 */
export function remedy(version, failure, { notFound = false } = {}) {
  return [
    notFound
      ? `Lena cannot start: the Electron ${version} binary was not found.`
      : `Lena cannot start: the Electron ${version} binary is missing and could not be fetched.`,
    `  What failed: ${failure}`,
    '  Retry:       npm start            (or: npx install-electron)',
    '  Offline:     ELECTRON_MIRROR=https://mirror.example/electron/ npm start   (a mirror of the release files and SHASUMS256.txt;',
    '               add electron_use_remote_checksums=1 when its builds are not the official ones)',
    `               or ELECTRON_OVERRIDE_DIST_PATH=/folder/with/electron npm start   (an Electron ${version} you already have)`,
  ].join('\n');
}

/**
 * Resolves the Electron executable, downloading and extracting it into `dir` when missing.
 * Returns `{ ok: true, path, downloaded }` or `{ ok: false, message }` (the remedy to print).
 */
export async function ensureElectron({
  dir = dirname(require.resolve('electron/package.json')),
  env = process.env,
  log = (line) => process.stderr.write(`${line}\n`),
  progress = progressPrinter(),
} = {}) {
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform;
  const arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || getHostArch();
  const exe = platformPath(platform);
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const path = join(env.ELECTRON_OVERRIDE_DIST_PATH, exe);
    if (existsSync(path)) return { ok: true, path, downloaded: false };
    return {
      ok: false,
      message: remedy(version, `ELECTRON_OVERRIDE_DIST_PATH is set, but ${path} does not exist`, {
        notFound: true,
      }),
    };
  }
  const present = installedPath(dir, version, exe);
  if (present) return { ok: true, path: present, downloaded: false };

  const file = `electron-v${version}-${platform}-${arch}.zip`;
  const remoteChecksums = Boolean(
    env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums,
  );
  const mirror =
    env.ELECTRON_MIRROR ||
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.npm_package_config_electron_mirror;
  log(`Electron ${version} is not downloaded yet: fetching ${file} from ${mirror || 'GitHub'}…`);
  let zip;
  try {
    zip = await downloadArtifact({
      version,
      artifactName: 'electron',
      platform,
      arch,
      force: env.force_no_cache === 'true',
      cacheRoot: env.electron_config_cache,
      checksums: remoteChecksums ? undefined : require(join(dir, 'checksums.json')),
      downloader: boundedDownloader(downloadLimits(env), progress),
    });
  } catch (err) {
    return { ok: false, message: remedy(version, describeFailure(err, file, remoteChecksums)) };
  }
  try {
    await extract(zip, dir);
    writeFileSync(join(dir, 'path.txt'), exe);
  } catch (err) {
    return {
      ok: false,
      message: remedy(version, `unpacking ${zip} into ${join(dir, 'dist')} failed: ${err.message}`),
    };
  }
  const path = installedPath(dir, version, exe);
  if (!path)
    return {
      ok: false,
      message: remedy(version, `${file} did not contain ${exe} and a version file for ${version}`),
    };
  log(`Electron ${version} is ready: ${path}`);
  return { ok: true, path, downloaded: true };
}

function describeFailure(err, file, remoteChecksums) {
  if (err instanceof DownloadFailure) return err.what;
  if (
    err?.name === 'ChecksumMismatchError' ||
    /did not match expected checksum/.test(err?.message ?? '')
  ) {
    const source = remoteChecksums
      ? "the mirror's SHASUMS256.txt"
      : "the checksum Electron's package ships (checksums.json)";
    return `${file} does not match its SHA-256 checksum in ${source}; the download is corrupt or not the official build`;
  }
  if (err?.name === 'NoChecksumFoundError') return `no SHA-256 checksum is listed for ${file}`;
  return err?.message ?? String(err);
}

// The same extractor install.js uses, loaded lazily for the same reason (a native binding an OS
// policy may block); the types the zip carries move up beside package.json as install.js does.
async function extract(zip, dir) {
  const { extract: unzip } = await import('@electron-internal/extract-zip');
  const dist = join(dir, 'dist');
  await unzip(zip, { dir: dist });
  const types = join(dist, 'electron.d.ts');
  if (existsSync(types)) renameSync(types, join(dir, 'electron.d.ts'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--dir');
  const result = await ensureElectron(at > 0 ? { dir: process.argv[at + 1] } : {});
  if (result.ok) process.stdout.write(`${result.path}\n`);
  else process.stderr.write(`${result.message}\n`);
  process.exit(result.ok ? 0 : 1);
}
