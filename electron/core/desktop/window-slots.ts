// Each window's place, kept apart: the first window reopens where it was, the second where the
// second was, and so on (window-state.json holds one entry per slot). A slot never saved opens
// cascaded from the first window, so a new window never lands exactly on top of another.
import type { StateFile } from './state-file';
import type { SavedWindowState } from './window-bounds';

/** What window-state.json holds: one saved state per window slot. */
export interface SavedWindows {
  windows: SavedWindowState[];
}

/** How far each later window is moved down and right from the first when its slot is new. */
export const CASCADE_STEP = 32;

/** The slots in a saved file; a file from the one-window days is slot 0. */
export function readSlots(saved: unknown): SavedWindowState[] {
  if (!saved || typeof saved !== 'object') return [];
  const windows = (saved as { windows?: unknown }).windows;
  if (Array.isArray(windows))
    return windows.map((w) => (w && typeof w === 'object' ? (w as SavedWindowState) : {}));
  return [saved as SavedWindowState];
}

/** The saved state a window in slot `index` opens with (cascaded from slot 0 when never saved). */
export function slotState(
  slots: readonly SavedWindowState[],
  index: number,
): SavedWindowState | undefined {
  const own = slots[index];
  if (own?.bounds) return own;
  const first = slots[0]?.bounds;
  if (index === 0 || !first || typeof first.x !== 'number' || typeof first.y !== 'number')
    return own;
  return {
    bounds: { ...first, x: first.x + CASCADE_STEP * index, y: first.y + CASCADE_STEP * index },
  };
}

/** The open windows' slots over window-state.json: take one per window, save it, give it back. */
export class WindowSlots {
  private slots: SavedWindowState[] | undefined;
  private readonly taken = new Set<number>();
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly file: StateFile<SavedWindows>) {}

  /** The lowest free slot and the state its window opens with. */
  async take(): Promise<{ index: number; saved: SavedWindowState | undefined }> {
    this.slots ??= readSlots(await this.file.load());
    let index = 0;
    while (this.taken.has(index)) index++;
    this.taken.add(index);
    return { index, saved: slotState(this.slots, index) };
  }

  /** A window moved or resized: its slot is written soon (debounced). */
  save(index: number, state: SavedWindowState): void {
    const slots = (this.slots ??= []);
    while (slots.length < index) slots.push({});
    slots[index] = state;
    this.file.saveSoon({ windows: slots });
  }

  /** The window closed: its slot (and saved place) is free for the next new window. */
  release(index: number): void {
    this.taken.delete(index);
  }

  /**
   * Writes a pending save now. Flushes queue behind each other, so the quit's flush also waits for
   * the write a closing window started (the last window's close and the quit come together).
   */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.file.flush());
    return this.writing;
  }
}
