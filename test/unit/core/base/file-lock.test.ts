// The inter-process lock every writer of Lena's home uses: waits, fails naming the holder
// rather than writing unlocked, takes over stale locks, and orders real processes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../../../electron/core/base/file-lock';

const ROOT = resolve(__dirname, '../../../..');
let BUNDLE = '';
beforeAll(() => {
  // The children load the lock as built code (plain Node cannot load TypeScript here).
  BUNDLE = join(mkdtempSync(join(tmpdir(), 'lena-lock-bundle-')), 'locked-file.js');
  const r = spawnSync(
    process.execPath,
    [
      '-e',
      `require('esbuild').buildSync({ entryPoints: [${JSON.stringify(join(ROOT, 'electron/core/base/locked-file.ts'))}], bundle: true, platform: 'node', format: 'cjs', outfile: ${JSON.stringify(BUNDLE)} })`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
});
afterAll(() => rmSync(join(BUNDLE, '..'), { recursive: true, force: true }));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('withFileLock', () => {
  it('makes a second holder wait for the first', async () => {
    const lock = join(dir, 'x.lock');
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = withFileLock(lock, async () => {
      order.push('first in');
      await new Promise<void>((r) => (release = r));
      order.push('first out');
    });
    await expect.poll(() => order).toEqual(['first in']);
    const second = withFileLock(lock, async () => void order.push('second'));
    // It stays out while the first holds the lock (a wait, since nothing may happen).
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual(['first in']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second']);
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock left by a process that died holding it', async () => {
    const lock = join(dir, 'x.lock');
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(lock, String(dead.pid));
    let ran = false;
    await withFileLock(lock, async () => void (ran = true), { waitMs: 10_000 });
    expect(ran).toBe(true);
  });
});

describe('withFileLock never runs unlocked', () => {
  it('fails with the holder’s pid after waiting, instead of running without the lock', async () => {
    const lock = join(dir, 'mcp.json.lock');
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    await new Promise((r) => holder.once('spawn', r));
    writeFileSync(lock, JSON.stringify({ pid: holder.pid, host: hostname(), token: 'theirs' }));
    let ran = false;
    try {
      await expect(
        withFileLock(lock, async () => void (ran = true), { waitMs: 300, what: 'mcp.json' }),
      ).rejects.toThrow(
        new RegExp(
          `another Lena process \\(pid ${holder.pid}\\) holds the lock on mcp.json; try again`,
        ),
      );
      expect(ran).toBe(false);
      expect(JSON.parse(readFileSync(lock, 'utf8')).token).toBe('theirs');
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock whose owner stopped refreshing it', async () => {
    const lock = join(dir, 'x.lock');
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), token: 'stuck' }));
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    let ran = false;
    await withFileLock(lock, async () => void (ran = true), { waitMs: 5000, staleMs: 30_000 });
    expect(ran).toBe(true);
  });

  it('keeps every increment when several processes change one file at once', async () => {
    const file = join(dir, 'count.json');
    writeFileSync(file, '0');
    const script = `
      const { withLockedFile } = require(${JSON.stringify(BUNDLE)});
      const fs = require('node:fs');
      (async () => {
        for (let i = 0; i < 10; i++) {
          await withLockedFile(${JSON.stringify(file)}, async () => {
            const n = Number(fs.readFileSync(${JSON.stringify(file)}, 'utf8'));
            await new Promise((r) => setTimeout(r, 2));
            fs.writeFileSync(${JSON.stringify(file)}, String(n + 1));
          });
        }
      })();`;
    const children = Array.from({ length: 6 }, () =>
      spawn(process.execPath, ['-e', script], { stdio: 'inherit' }),
    );
    const codes = await Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
    expect(codes).toEqual(children.map(() => 0));
    expect(readFileSync(file, 'utf8')).toBe('60');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
