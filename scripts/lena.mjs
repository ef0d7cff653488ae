// `npm run lena -- <args>`: runs the built command line, (re)building it first when it is missing
// or older than any of its sources (the CLI bundles electron/cli, electron/core and shared), so a
// `git pull` or an edit never runs a stale lena.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'out/cli/lena.js');
const SOURCES = [
  'electron/cli',
  'electron/core',
  'shared',
  'package.json',
  'scripts/build-cli.mjs',
];

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
};

/** The newest modification time under `path` (a file, or a folder of sources). */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return -1;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true }))
    latest = Math.max(latest, newest(join(path, entry.name)));
  return latest;
}

const built = mtime(cli);
const changed =
  built < 0 ? 'missing' : SOURCES.find((source) => newest(join(root, source)) > built);
if (changed) {
  process.stderr.write(
    built < 0
      ? 'Building the lena command line…\n'
      : `Rebuilding the lena command line (${changed} changed since the last build)…\n`,
  );
  const build = spawnSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
