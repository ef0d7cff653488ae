// writeFileAtomicSync on the real file system: what ends on disk (content, mode, no temp file), and
// the order of the steps that make it survive a power cut (the temp file synced before the rename,
// the folder after), recorded by a pass-through node:fs.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { skipWhen } from '../../../skip-reasons';
import { writeFileAtomicSync } from '../../../../electron/core/base/json-file';

const { ops } = vi.hoisted(() => ({ ops: [] as string[] }));
vi.mock('node:fs', async (importOriginal) =>
  (await import('./fs-sync-recorder')).recordingFs(await importOriginal(), ops),
);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-atomic-'));
  ops.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomicSync', () => {
  it('syncs the whole temp file before it replaces the old one, then syncs the folder', () => {
    const file = join(dir, 'tasks.json');
    writeFileSync(file, '[]');
    writeFileAtomicSync(file, '[{"key":"c/t"}]');
    expect(ops).toEqual([
      expect.stringMatching(/^fsync \.tasks\.json\.\d+\.[0-9a-f]+\.tmp$/),
      expect.stringMatching(/^rename \.tasks\.json\.\d+\.[0-9a-f]+\.tmp tasks\.json$/),
      ...(process.platform === 'win32' ? [] : [`fsync ${basename(dir)}`]),
    ]);
    expect(ops[0].slice('fsync '.length)).toBe(ops[1].split(' ')[1]); // the file synced is the one renamed
    expect(readFileSync(file, 'utf8')).toBe('[{"key":"c/t"}]');
    expect(readdirSync(dir)).toEqual(['tasks.json']);
  });

  it.skipIf(skipWhen('not-posix'))(
    'gives the mode asked for, else keeps the old file’s, else owner-only; creates the folder owner-only',
    () => {
      const shared = join(dir, 'shared.json');
      writeFileSync(shared, '{}', { mode: 0o644 });
      writeFileAtomicSync(shared, '{"k":1}');
      expect(statSync(shared).mode & 0o777).toBe(0o644);
      writeFileAtomicSync(shared, '{"k":2}', { mode: 0o600 });
      expect(statSync(shared).mode & 0o777).toBe(0o600);
      const fresh = join(dir, 'home', 'fresh.json');
      writeFileAtomicSync(fresh, '{}', { createDir: true });
      expect(statSync(fresh).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, 'home')).mode & 0o777).toBe(0o700);
    },
  );

  it('when the rename fails, throws, keeps what was in the way and leaves no temp file', () => {
    const file = join(dir, 'tasks.json');
    mkdirSync(file); // a folder where the file should be: rename cannot replace it
    writeFileSync(join(file, 'keep'), 'x');
    expect(() => writeFileAtomicSync(file, '[]')).toThrow();
    expect(readdirSync(dir)).toEqual(['tasks.json']);
    expect(readFileSync(join(file, 'keep'), 'utf8')).toBe('x');
  });
});
