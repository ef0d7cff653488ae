// Lena's home holds conversations, secrets and logs: on POSIX everything in it is owner-only,
// whether Lena creates it now or finds it left readable by an older version or a loose umask.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWhen } from '../../skip-reasons';
import {
  describeTightened,
  ensureLenaHome,
  lenaPaths,
  tightenHome,
} from '../../../electron/core/home';
import { RotatingLog } from '../../../electron/core/base/log-file';
import { openDatabase } from '../../../electron/core/store/database';
import { writeJsonFile } from '../../../electron/core/base/json-file';

const mode = (path: string) => statSync(path).mode & 0o777;
let tmp: string;

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'lena-perm-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(skipWhen('not-posix'))("permissions in Lena's home", () => {
  it('creates the database with its -wal and -shm, JSON files and logs as 0600 in 0700 folders, whatever the umask', async () => {
    const previous = process.umask(0o022);
    try {
      const paths = ensureLenaHome(lenaPaths(join(tmp, 'home')));
      const { db } = openDatabase(paths.database);
      db.raw.exec('CREATE TABLE probe (x); INSERT INTO probe VALUES (1)');
      await writeJsonFile(paths.settings, { model: 'x' });
      const log = new RotatingLog({ dir: paths.logs });
      log.info('test', 'hello');
      log.close();
      expect(mode(paths.home)).toBe(0o700);
      expect(mode(paths.logs)).toBe(0o700);
      for (const file of [
        paths.database,
        `${paths.database}-wal`,
        `${paths.database}-shm`,
        paths.settings,
        join(paths.logs, 'lena.log'),
      ])
        expect([file, mode(file)]).toEqual([file, 0o600]);
      db.close();
    } finally {
      process.umask(previous);
    }
  });

  it('tightens a home created 0755 with 0644 files at start, without following links out of it', () => {
    const home = join(tmp, 'home');
    const outside = join(tmp, 'outside.txt');
    writeFileSync(outside, 'not Lena’s');
    chmodSync(outside, 0o644);
    mkdirSync(join(home, 'logs'), { recursive: true });
    for (const name of ['mcp.json', 'lena.db', 'lena.db-wal', 'secrets.json', 'logs/lena.log'])
      writeFileSync(join(home, name), '{}');
    for (const name of ['mcp.json', 'lena.db', 'lena.db-wal', 'secrets.json', 'logs/lena.log'])
      chmodSync(join(home, name), 0o644);
    chmodSync(join(home, 'logs'), 0o755);
    chmodSync(home, 0o755);
    symlinkSync(outside, join(home, 'linked.txt'));

    let heard: ReturnType<typeof tightenHome> = [];
    ensureLenaHome(lenaPaths(home), (changed) => (heard = changed));

    expect(mode(home)).toBe(0o700);
    expect(mode(join(home, 'logs'))).toBe(0o700);
    for (const name of ['mcp.json', 'lena.db', 'lena.db-wal', 'secrets.json', 'logs/lena.log'])
      expect([name, mode(join(home, name))]).toEqual([name, 0o600]);
    expect(mode(outside)).toBe(0o644);
    expect(heard).toHaveLength(7);
    expect(describeTightened(heard)).toMatch(
      /^Lena's home was readable by other users: made 7 entries owner-only \(.* 0755 → 0700, .*0644 → 0600.*, and 2 more\)\.$/,
    );
    // A second start finds nothing to change.
    expect(tightenHome(home)).toEqual([]);
  });
});
