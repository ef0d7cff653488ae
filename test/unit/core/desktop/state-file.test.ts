import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateFile } from '../../../../electron/core/desktop/state-file';
import { restoreBounds } from '../../../../electron/core/desktop/window-bounds';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('StateFile', () => {
  it('saves only the last of a burst of moves, and flush writes it at once (quit)', async () => {
    const file = join(dir, 'window-state.json');
    const state = new StateFile<{
      bounds: { x: number; y: number; width: number; height: number };
    }>(file, { debounceMs: 60_000 });
    for (let x = 0; x < 50; x++) state.saveSoon({ bounds: { x, y: 10, width: 900, height: 700 } });
    expect(existsSync(file)).toBe(false);
    await state.flush();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      bounds: { x: 49, y: 10, width: 900, height: 700 },
    });
    // The window reopens where it was left.
    expect(
      restoreBounds(await state.load(), [{ x: 0, y: 0, width: 1920, height: 1080 }]).bounds,
    ).toEqual({ x: 49, y: 10, width: 900, height: 700 });
  });

  it('treats a damaged file as no saved state, keeps it aside and says where', async () => {
    const file = join(dir, 'window-state.json');
    writeFileSync(file, '{"bounds": {');
    const notices: string[] = [];
    expect(await new StateFile(file, { notice: (m) => notices.push(m) }).load()).toBeUndefined();
    const aside = readdirSync(dir).filter((f) => f.startsWith('window-state.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]), 'utf8')).toBe('{"bounds": {');
    expect(notices).toEqual([expect.stringContaining(`moved to ${join(dir, aside[0])}`)]);
  });
});
