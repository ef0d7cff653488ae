import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../../../electron/core/desktop/file-lock';

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
    await new Promise((r) => setTimeout(r, 50));
    const second = withFileLock(lock, async () => void order.push('second'));
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
