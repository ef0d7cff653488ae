// Small JSON state files of the desktop shell (window-state.json, updates.json): read tolerantly
// (a damaged file means defaults, never a failed start) and written atomically, optionally
// debounced so dragging a window does not write the disk on every pixel.
import { readJsonFile, writeJsonFile } from '../base/json-file';

export interface StateFileOptions {
  /** Delay for saveSoon: the last value within the window wins. */
  debounceMs?: number;
  log?: (level: 'warn', message: string) => void;
}

export class StateFile<T> {
  private timer: NodeJS.Timeout | undefined;
  private pending: { value: T } | undefined;

  constructor(
    readonly file: string,
    private readonly options: StateFileOptions = {},
  ) {}

  /** The saved value, or undefined when missing or unreadable (the caller validates its shape). */
  async load(): Promise<unknown> {
    try {
      return await readJsonFile(this.file);
    } catch (err) {
      this.options.log?.('warn', `Ignoring ${this.file}: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }

  /** Saves now (cancelling a pending debounced save). */
  async save(value: T): Promise<void> {
    this.cancel();
    await writeJsonFile(this.file, value);
  }

  /** Saves after the debounce delay; a later call replaces the value. */
  saveSoon(value: T): void {
    this.pending = { value };
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.debounceMs ?? 500);
  }

  /** Writes a pending value now (on quit). Failures are logged, not thrown. */
  async flush(): Promise<void> {
    const pending = this.pending;
    this.cancel();
    if (!pending) return;
    try {
      await writeJsonFile(this.file, pending.value);
    } catch (err) {
      this.options.log?.('warn', `Could not save ${this.file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }
}
