// Artifacts kept as files: an agent's name for its artifact cannot leave the folder, the file is
// owner-only, and it stops at the cap.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { artifactKeeper } from '../../../../electron/core/agents/keep';

const dir = mkdtempSync(join(tmpdir(), 'lena-keep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('artifact keeper', () => {
  it('keeps a hostile name inside its task folder', () => {
    const file = artifactKeeper(dir).keep('../../t1', '../../.bashrc', 'x', false);
    expect(file).toBe(join(dir, 't1', 'bashrc'));
    expect(readdirSync(dir)).toEqual(['t1']);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 't1')).mode & 0o777).toBe(0o700);
  });

  it('appends chunks and stops at the cap', () => {
    const keeper = artifactKeeper(dir, 10);
    const file = keeper.keep('t2', 'report.txt', '123456', false)!;
    keeper.keep('t2', 'report.txt', '789abc', true);
    keeper.keep('t2', 'report.txt', 'def', true);
    expect(readFileSync(file, 'utf8')).toBe('123456789a');
  });
});
