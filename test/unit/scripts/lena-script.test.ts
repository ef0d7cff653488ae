// `npm run lena` runs the built CLI and rebuilds it first when it is missing or older than its
// sources. Run on a copy of the script in a temporary tree whose build step is a stand-in that
// writes a tiny lena.js, so the real out/ is untouched.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWhen } from '../../skip-reasons';

const ROOT = resolve(__dirname, '../../..');
let tree: string;

// The stand-in build counts its runs in builds.txt and writes a CLI that echoes its arguments.
const FAKE_BUILD = `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const root = join(import.meta.dirname, '..');
appendFileSync(join(root, 'builds.txt'), 'built\\n');
mkdirSync(join(root, 'out/cli'), { recursive: true });
writeFileSync(join(root, 'out/cli/lena.js'), "process.stdout.write('lena ' + process.argv.slice(2).join(' '))");
`;

beforeEach(() => {
  tree = mkdtempSync(join(tmpdir(), 'lena-cli-build-'));
  for (const dir of ['scripts', 'electron/cli', 'electron/core/mcp', 'shared'])
    mkdirSync(join(tree, dir), { recursive: true });
  copyFileSync(join(ROOT, 'scripts/lena.mjs'), join(tree, 'scripts/lena.mjs'));
  writeFileSync(join(tree, 'scripts/build-cli.mjs'), FAKE_BUILD);
  writeFileSync(join(tree, 'package.json'), '{}');
  for (const file of ['electron/cli/lena.ts', 'electron/core/mcp/client.ts', 'shared/contract.ts'])
    writeFileSync(join(tree, file), '');
  age(
    [
      'scripts/build-cli.mjs',
      'package.json',
      'electron/cli/lena.ts',
      'electron/core/mcp/client.ts',
      'shared/contract.ts',
      'electron/cli',
      'electron/core/mcp',
      'electron/core',
      'shared',
    ],
    1_000,
  );
});
afterEach(() => rmSync(tree, { recursive: true, force: true }));

function age(paths: string[], secondsSinceEpoch: number): void {
  for (const p of paths) utimesSync(join(tree, p), secondsSinceEpoch, secondsSinceEpoch);
}
const lena = (...args: string[]) =>
  execFileSync(process.execPath, [join(tree, 'scripts/lena.mjs'), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
const builds = () =>
  existsSync(join(tree, 'builds.txt'))
    ? readFileSync(join(tree, 'builds.txt'), 'utf8').split('\n').filter(Boolean).length
    : 0;

describe.skipIf(skipWhen('not-posix'))('npm run lena', () => {
  it('builds a missing CLI, then runs the built one as long as no source is newer', () => {
    expect(lena('--version')).toBe('lena --version');
    expect(builds()).toBe(1);
    age(['out/cli/lena.js'], 2_000);
    expect(lena('mcp', 'list')).toBe('lena mcp list');
    expect(builds()).toBe(1);
  });

  it('rebuilds when a source of the CLI, core or shared is newer than out/cli/lena.js', () => {
    lena();
    for (const [source, stamp] of [
      ['electron/core/mcp/client.ts', 3_000],
      ['shared/contract.ts', 5_000],
      ['electron/cli/lena.ts', 7_000],
    ] as const) {
      age(['out/cli/lena.js'], stamp - 1_000);
      age([source], stamp);
      expect(lena('help')).toBe('lena help');
    }
    expect(builds()).toBe(4);
    // A new file counts too (its folder's time moves).
    age(['out/cli/lena.js'], 9_000);
    writeFileSync(join(tree, 'electron/core/mcp/new-module.ts'), '');
    utimesSync(join(tree, 'electron/core/mcp/new-module.ts'), 10_000, 10_000);
    lena();
    expect(builds()).toBe(5);
  });
});
