import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../../../../electron/core/base/file-lock';
import {
  addServer,
  removeServer,
  saveConfigText,
  setServerDisabled,
  updateServer,
} from '../../../../../electron/core/mcp/config/write';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-write-'));
  file = join(dir, 'mcp.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = () => JSON.parse(readFileSync(file, 'utf8'));

describe('config writes', () => {
  it('20 parallel adds all land, unknown fields survive, and a reader never sees a half-written file', async () => {
    writeFileSync(
      file,
      JSON.stringify(
        {
          $schema: 'x',
          mcpServers: { keep: { command: 'node', futureField: { a: [1, 2] } } },
          theme: 'dark',
        },
        null,
        4,
      ),
    );
    let reads = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        JSON.parse(await readFile(file, 'utf8')); // throws (and fails the test) on a partial file
        reads++;
      }
    })();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        addServer(file, `s${i}`, { command: 'node', args: [`${i}.js`] }),
      ),
    );
    writing = false;
    await reader;
    const doc = read();
    expect(Object.keys(doc.mcpServers)).toEqual([
      'keep',
      ...Array.from({ length: 20 }, (_, i) => `s${i}`),
    ]);
    expect(doc.mcpServers.keep).toEqual({ command: 'node', futureField: { a: [1, 2] } });
    expect(doc.$schema).toBe('x');
    expect(doc.theme).toBe('dark');
    expect(reads).toBeGreaterThan(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^\{\n {4}"\$schema"/); // the file's indentation is kept
    expect(readdirSync(dir)).toEqual(['mcp.json']); // no temporary files left behind
  });

  it("keeps the file's Windows line ends and tab indentation", async () => {
    writeFileSync(file, '{\r\n\t"mcpServers": {}\r\n}\r\n');
    await addServer(file, 'a', { command: 'node' });
    expect(readFileSync(file, 'utf8')).toBe(
      '{\r\n\t"mcpServers": {\r\n\t\t"a": {\r\n\t\t\t"command": "node"\r\n\t\t}\r\n\t}\r\n}\r\n',
    );
  });

  it('mixed quick edits on one file all land in call order', async () => {
    await addServer(file, 'a', { command: 'node' });
    await Promise.all([
      addServer(file, 'b', { url: 'https://h/mcp' }),
      setServerDisabled(file, 'a', true),
      updateServer(file, 'b', { url: 'https://h2/mcp', headers: { X: '1' } }),
      addServer(file, 'c', { command: 'python' }),
      removeServer(file, 'c'),
    ]);
    expect(read()).toEqual({
      mcpServers: {
        a: { command: 'node', disabled: true },
        b: { url: 'https://h2/mcp', headers: { X: '1' } },
      },
    });
    await setServerDisabled(file, 'a', false);
    expect(read().mcpServers.a).toEqual({ command: 'node' });
  });

  it('waits for the lock another writer holds, then edits that writer’s version of the file', async () => {
    await addServer(file, 'a', { command: 'node' });
    let release: () => void = () => undefined;
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((r) => (locked = r));
    // Another writer (the command line, say) holds the lock while it adds a server.
    const other = withFileLock(`${file}.lock`, async () => {
      locked();
      await new Promise<void>((r) => (release = r));
      writeFileSync(
        file,
        JSON.stringify({ mcpServers: { a: { command: 'node' }, fromCli: { command: 'x' } } }),
      );
    });
    await isLocked;
    const ours = addServer(file, 'fromWindow', { command: 'y' });
    release();
    await Promise.all([other, ours]);
    expect(Object.keys(read().mcpServers)).toEqual(['a', 'fromCli', 'fromWindow']);
  });

  it('creates a missing file owner-only, and keeps the mode of an existing one', async () => {
    await addServer(file, 'a', { command: 'node' });
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      chmodSync(file, 0o640);
      await addServer(file, 'b', { command: 'node' });
      expect(statSync(file).mode & 0o777).toBe(0o640);
    }
  });

  it('writes through a symlink instead of replacing it', async () => {
    const real = join(dir, 'real.json');
    writeFileSync(real, '{"mcpServers": {}}');
    const link = join(dir, 'link.json');
    symlinkSync(real, link);
    await addServer(link, 'a', { command: 'node' });
    expect(JSON.parse(readFileSync(real, 'utf8')).mcpServers.a).toEqual({ command: 'node' });
  });

  it('refuses to write over a file it cannot parse, and leaves it untouched', async () => {
    const broken = '{"mcpServers": {"a": {"command": "node"},}}';
    writeFileSync(file, broken);
    await expect(addServer(file, 'b', { command: 'node' })).rejects.toMatchObject({
      code: 'conflict',
      message: `Lena did not change ${file} because it cannot be parsed: ${file}: invalid JSON at line 1, column 42: trailing comma before "}": remove the last comma. Fix the file by hand (or move it away) and try again.`,
    });
    expect(readFileSync(file, 'utf8')).toBe(broken);
  });

  it('keeps entries it considers invalid, untouched, when editing others', async () => {
    writeFileSync(file, JSON.stringify({ mcpServers: { weird: { command: 1 } } }));
    await addServer(file, 'a', { command: 'node' });
    expect(read().mcpServers.weird).toEqual({ command: 1 });
  });

  it('refuses invalid entries, duplicate names and unknown servers with clear errors', async () => {
    await addServer(file, 'a', { command: 'node' });
    await expect(addServer(file, 'a', { command: 'x' })).rejects.toMatchObject({
      code: 'conflict',
      message: `A server named "a" already exists in ${file}; choose another name, or edit or remove that one.`,
    });
    await expect(addServer(file, 'bad name', { command: 'x' })).rejects.toMatchObject({
      code: 'invalid-arguments',
    });
    await expect(updateServer(file, 'a', { command: 'x', url: 'https://h' })).rejects.toMatchObject(
      {
        code: 'invalid-arguments',
        message: `The server entry was not saved: ${file}: server "a": has both "command" and "url": a server is either started locally (command) or reached remotely (url); keep one of them`,
      },
    );
    await expect(removeServer(file, 'zzz')).rejects.toMatchObject({
      code: 'not-found',
      message: `There is no server "zzz" in ${file}; check the name (lena mcp list shows them).`,
    });
    expect(read()).toEqual({ mcpServers: { a: { command: 'node' } } });
  });

  it('saveConfigText saves edited text, but refuses a syntax error', async () => {
    const result = await saveConfigText(
      file,
      '{"mcpServers": {"a": {"command": "node", "args": 1}}}',
    );
    expect(result.errors.map((e) => e.field)).toEqual(['args']);
    expect(readFileSync(file, 'utf8')).toBe(
      '{"mcpServers": {"a": {"command": "node", "args": 1}}}\n',
    );
    await expect(saveConfigText(file, '{"mcpServers": ')).rejects.toMatchObject({
      code: 'invalid-arguments',
    });
    expect(read().mcpServers.a.args).toBe(1);
  });
});
