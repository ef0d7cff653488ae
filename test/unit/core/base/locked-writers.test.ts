// RELIABILITY fault 35 for every writer of Lena's home: eight processes change settings.json,
// approvals.json, pins.json or secrets.json at once, and every change is kept.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../../..');
const N = 8;
let dir: string;
let script: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-writers-'));
  // Bundled next to the sources so the children resolve node_modules (zod, ajv) from the repo.
  script = join(ROOT, 'out', `edit-home-${process.pid}.js`);
  const r = spawnSync(
    process.execPath,
    [
      '-e',
      `require('esbuild').buildSync({ entryPoints: [${JSON.stringify(join(ROOT, 'test/fixtures/base/edit-home.ts'))}], bundle: true, platform: 'node', format: 'cjs', packages: 'external', outfile: ${JSON.stringify(script)} })`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(script, { force: true });
});

async function concurrently(kind: string, file: string): Promise<void> {
  const runs = Array.from({ length: N }, (_, i) => {
    const child = spawn(process.execPath, [script, kind, file, String(i)], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    return new Promise<string>((done) => child.on('close', (code) => done(`${code} ${stderr}`)));
  });
  expect(await Promise.all(runs)).toEqual(Array.from({ length: N }, () => '0 '));
}

const names = (prefix: string) => Array.from({ length: N }, (_, i) => `${prefix}${i}`).sort();

/** The keys of the object at `path` inside the JSON file. */
function keysAt(file: string, path: string[]): string[] {
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const key of path) node = (node as Record<string, unknown>)[key];
  return Object.keys(node as object).sort();
}

it.each([
  ['settings', 'settings.json', ['servers'], 's'],
  ['approvals', 'approvals.json', ['projects', '/projects/app'], 's'],
  ['pins', 'pins.json', ['servers'], 's'],
  ['secrets', 'secrets.json', ['secrets'], 'key'],
] as const)(
  '%s: eight concurrent processes, eight changes kept',
  async (kind, name, path, prefix) => {
    const file = join(dir, name);
    await concurrently(kind, file);
    expect(keysAt(file, [...path])).toEqual(names(prefix));
  },
  60_000,
);
