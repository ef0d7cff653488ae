// Each window's saved place: one slot per window in window-state.json.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateFile } from '../../../../electron/core/desktop/state-file';
import {
  readSlots,
  slotState,
  WindowSlots,
  type SavedWindows,
} from '../../../../electron/core/desktop/window-slots';

describe('window slots', () => {
  it('reads a one-window file as the first slot and cascades a new slot from the first', () => {
    const old = { bounds: { x: 10, y: 20, width: 900, height: 700 }, maximized: true };
    expect(readSlots(old)).toEqual([old]);
    expect(readSlots(null)).toEqual([]);
    expect(slotState([old], 2)).toEqual({
      bounds: { x: 74, y: 84, width: 900, height: 700 },
    });
    const own = { bounds: { x: 500, y: 400, width: 800, height: 600 } };
    expect(slotState([old, own], 1)).toBe(own);
  });

  it('gives each open window its own slot, reuses a closed one, and saves every slot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-slots-'));
    try {
      const file = join(dir, 'window-state.json');
      writeFileSync(file, JSON.stringify({ bounds: { x: 0, y: 0, width: 800, height: 600 } }));
      const slots = new WindowSlots(new StateFile<SavedWindows>(file, { debounceMs: 10_000 }));
      const a = await slots.take();
      const b = await slots.take();
      expect([a.index, b.index]).toEqual([0, 1]);
      expect(b.saved?.bounds).toMatchObject({ x: 32, y: 32 });
      slots.save(1, { bounds: { x: 300, y: 200, width: 800, height: 600 } });
      slots.release(0);
      expect((await slots.take()).index).toBe(0);
      await slots.flush();
      const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedWindows;
      expect(saved.windows[1]).toEqual({ bounds: { x: 300, y: 200, width: 800, height: 600 } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
