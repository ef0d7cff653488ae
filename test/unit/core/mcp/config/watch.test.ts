import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigLoader } from '../../../../../electron/core/mcp/config/loader';
import {
  watchConfigFiles,
  type ConfigWatcher,
} from '../../../../../electron/core/mcp/config/watch';
import { addServer } from '../../../../../electron/core/mcp/config/write';

let dir: string;
let watcher: ConfigWatcher | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-watch-'));
});
afterEach(() => {
  watcher?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits for the next change after `from`; a missing event fails after 5 s instead of hanging. */
const nextChange = (count: { n: number }, from: number) =>
  expect
    .poll(() => count.n, { message: 'a reported change', timeout: 5_000 })
    .toBeGreaterThan(from);

/**
 * Proves that `watched` reported nothing: a second watcher over the same folder, made after it
 * with the same quiet time, reports a later write. Events of one folder arrive in order, and a
 * timer started earlier fires earlier, so anything the first watcher would report comes first.
 */
async function laterWrite(debounceMs: number): Promise<void> {
  const sentinel = join(dir, 'sentinel.json');
  const seen = { n: 0 };
  const second = watchConfigFiles([sentinel], () => seen.n++, { debounceMs });
  try {
    writeFileSync(sentinel, '{}');
    await nextChange(seen, 0);
  } finally {
    second.close();
  }
}

describe('watchConfigFiles', () => {
  it('reports an atomic rewrite, a creation and a deletion, and ignores other files in the folder', async () => {
    const file = join(dir, 'mcp.json');
    const count = { n: 0 };
    watcher = watchConfigFiles([file], () => count.n++, { debounceMs: 20 });

    writeFileSync(file, '{}'); // created
    await nextChange(count, 0);
    const afterCreate = count.n;
    await addServer(file, 'a', { command: 'node' }); // temp file + rename
    await nextChange(count, afterCreate);
    const afterEdit = count.n;
    unlinkSync(file);
    await nextChange(count, afterEdit);

    const before = count.n;
    writeFileSync(join(dir, 'other.json'), '{}');
    writeFileSync(join(dir, '.mcp.json.123.tmp'), '{}');
    await laterWrite(20);
    expect(count.n).toBe(before); // other files in the folder do not count
  });

  it('stops reporting after close', async () => {
    const file = join(dir, 'mcp.json');
    let calls = 0;
    const w = watchConfigFiles([file], () => calls++, { debounceMs: 5 });
    w.close();
    writeFileSync(file, '{}');
    await laterWrite(5);
    expect(calls).toBe(0);
  });

  it("a project .mcp.json that appears later is noticed through the loader's watch targets", async () => {
    const project = join(dir, 'proj');
    mkdirSync(project);
    const loader = new ConfigLoader({ projectDir: project });
    expect((await loader.load()).servers).toEqual([]);
    expect(loader.watchTargets()).toEqual([join(project, '.mcp.json')]);
    const count = { n: 0 };
    watcher = watchConfigFiles(loader.watchTargets(), () => count.n++, { debounceMs: 20 });
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({ mcpServers: { p: { command: 'node' } } }),
    );
    await nextChange(count, 0);
    expect((await loader.load()).servers.map((s) => s.name)).toEqual(['p']);
  });
});
