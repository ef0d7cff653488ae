import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWhen } from '../../../skip-reasons';
import {
  JsonFileError,
  parseJsonText,
  readJsonFile,
  readJsonFileOrSetAside,
  readJsonFileTolerant,
  writeJsonFile,
} from '../../../../electron/core/base/json-file';
import { findJsonErrorOffset } from '../../../../shared/config/json-offset';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-json-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function errorOf(text: string): JsonFileError {
  try {
    parseJsonText(text, '/x/settings.json');
  } catch (err) {
    if (err instanceof JsonFileError) return err;
    throw err;
  }
  throw new Error('expected a JsonFileError');
}

describe('parseJsonText', () => {
  it('names the file, line and column of a missing colon', () => {
    const err = errorOf('{\n  "a": 1,\n  "b" 2\n}');
    expect([err.file, err.line, err.column]).toEqual(['/x/settings.json', 3, 7]);
    expect(err.message).toContain('/x/settings.json');
    expect(err.message).toContain('line 3, column 7');
  });

  it('locates errors V8 reports without a position (trailing comma)', () => {
    const err = errorOf('{\n  "list": [1, 2,]\n}');
    expect([err.line, err.column]).toEqual([2, 17]);
    // The reason in words, as the configuration files and the JSON editor give it.
    expect(err.reason).toBe('trailing comma before "]": remove the last comma');
  });

  it('reports a truncated file at its end', () => {
    const err = errorOf('{\r\n  "model": "claude');
    expect(err.line).toBe(2);
    expect(err.reason).toBe('the file ends too early: a closing "}", "]" or quote is missing');
  });

  it('reports an empty file and trailing garbage', () => {
    expect(errorOf('').line).toBe(1);
    expect(errorOf('{"a":1}\n}').line).toBe(2);
  });

  it('accepts a UTF-8 byte order mark', () => {
    expect(parseJsonText('\ufeff{"a":[1,{"b":"\\u00e9"}]}', 'f')).toEqual({ a: [1, { b: 'é' }] });
  });

  it('agrees with JSON.parse on what is valid', () => {
    const samples = [
      '0',
      '-1.5e+3',
      '"\\n\\t"',
      '[]',
      '{}',
      ' null ',
      'true',
      '01',
      '1.',
      '"\\x"',
      '[1 2]',
      '{"a" 1}',
      '"\u0001"',
      'nul',
    ];
    for (const s of samples) {
      let valid = true;
      try {
        JSON.parse(s);
      } catch {
        valid = false;
      }
      expect(findJsonErrorOffset(s) === -1, s).toBe(valid);
    }
  });
});

describe('readJsonFile / writeJsonFile', () => {
  it('returns undefined for a missing file and reads back what was written', async () => {
    const file = join(dir, 'settings.json');
    expect(await readJsonFile(file)).toBeUndefined();
    await writeJsonFile(file, { model: 'm', list: [1, 2] });
    expect(await readJsonFile(file)).toEqual({ model: 'm', list: [1, 2] });
    expect(readFileSync(file, 'utf8').endsWith('}\n')).toBe(true);
  });

  it('throws JsonFileError for an invalid file', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"a": }');
    await expect(readJsonFile(file)).rejects.toBeInstanceOf(JsonFileError);
  });

  it.skipIf(skipWhen('not-posix'))('creates private files and keeps an existing mode', async () => {
    const secret = join(dir, 'secret.json');
    await writeJsonFile(secret, { k: 1 });
    expect(statSync(secret).mode & 0o777).toBe(0o600);
    const shared = join(dir, 'shared.json');
    writeFileSync(shared, '{}', { mode: 0o644 });
    await writeJsonFile(shared, { k: 2 });
    expect(statSync(shared).mode & 0o777).toBe(0o644);
    await writeJsonFile(shared, { k: 3 }, { mode: 0o600 });
    expect(statSync(shared).mode & 0o777).toBe(0o600);
  });

  it('serialises concurrent writes: the last one wins and no temp file is left', async () => {
    const file = join(dir, 'race.json');
    await Promise.all(
      Array.from({ length: 25 }, (_, n) => writeJsonFile(file, { n, pad: 'x'.repeat(n * 1000) })),
    );
    expect(await readJsonFile(file)).toMatchObject({ n: 24 });
    expect(readdirSync(dir)).toEqual(['race.json']);
  });

  it('leaves the old file intact and no temp file when the write fails', async () => {
    const file = join(dir, 'keep.json');
    await writeJsonFile(file, { ok: true });
    await expect(writeJsonFile(join(dir, 'missing-dir', 'x.json'), {})).rejects.toThrow();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(writeJsonFile(file, cyclic)).rejects.toThrow();
    expect(await readJsonFile(file)).toEqual({ ok: true });
    expect(readdirSync(dir)).toEqual(['keep.json']);
  });
});

describe('readJsonFileOrSetAside (the one corrupt-file policy)', () => {
  it('moves a damaged file aside under a name that says so, keeps its bytes and says where', async () => {
    const file = join(dir, 'pins.json');
    writeFileSync(file, '{"servers": {"a": ');
    const read = await readJsonFileOrSetAside(file, new Date('2026-12-01T10:20:30.456Z'));

    expect(read.value).toBeUndefined();
    expect(read.aside).toBe(`${file}.corrupt-2026-12-01T10-20-30-456Z`);
    expect(readFileSync(read.aside!, 'utf8')).toBe('{"servers": {"a": ');
    expect(readdirSync(dir)).toEqual(['pins.json.corrupt-2026-12-01T10-20-30-456Z']);
    expect(read.warning).toBe(
      `${file} is not valid JSON (line 1, column 19: the file ends too early: a closing "}", "]" or quote is missing). It was moved to ${read.aside} (nothing in it is lost); Lena goes on without it.`,
    );
  });

  it('reads a good file and a missing one without a warning', async () => {
    const file = join(dir, 'ok.json');
    expect(await readJsonFileOrSetAside(file)).toEqual({ value: undefined });
    writeFileSync(file, '{"a": 1}');
    expect(await readJsonFileOrSetAside(file)).toEqual({ value: { a: 1 } });
    expect(readdirSync(dir)).toEqual(['ok.json']);
  });

  it('lets an unreadable file (not a JSON problem) fail: moving it would not help', async () => {
    await expect(readJsonFileOrSetAside(dir)).rejects.toMatchObject({ code: 'EISDIR' });
  });

  it('creates the folder when asked (Lena’s home on a first write)', async () => {
    const file = join(dir, 'new', 'home', 'approvals.json');
    await writeJsonFile(file, { version: 1 }, { createDir: true });
    expect(await readJsonFile(file)).toEqual({ version: 1 });
  });

  it('tolerantly (files that must not stop a start): damaged is a notice, unreadable a log line, both undefined', async () => {
    const file = join(dir, 'window-state.json');
    writeFileSync(file, '{');
    const notices: string[] = [];
    const logs: string[] = [];
    const report = {
      notice: (m: string) => notices.push(m),
      log: (_l: 'warn', m: string) => logs.push(m),
    };
    expect(await readJsonFileTolerant(file, report)).toBeUndefined();
    expect(await readJsonFileTolerant(dir, report)).toBeUndefined();
    expect(notices).toEqual([
      expect.stringMatching(/window-state\.json is not valid JSON .*moved to /),
    ]);
    expect(logs).toEqual([expect.stringMatching(new RegExp(`^Ignoring ${dir}: .*EISDIR`))]);
  });
});
