// Small JSON state files of the desktop shell (window-state.json, updates.json) over base's JSON
// files: a damaged file is moved aside and the user told (base's one policy), and the shell starts
// with defaults; writes are atomic, optionally debounced so dragging a window does not write the
// disk on every pixel.
import { readJsonFileTolerant, writeJsonFile } from '../base/json-file';

export interface StateFileOptions {
  /** Delay for saveSoon: the last value within the window wins. */
  debounceMs?: number;
  log?: (level: 'warn', message: string) => void;
  /** Told what the user must see: the file was damaged and moved aside (the message says where). */
  notice?: (message: string) => void;
}

export class StateFile<T> {
  private timer: NodeJS.Timeout | undefined;
  private pending: { value: T } | undefined;

  constructor(
    readonly file: string,
    private readonly options: StateFileOptions = {},
  ) {}

  /** The saved value, or undefined when missing, damaged (moved aside) or unreadable; the caller validates its shape. */
  load(): Promise<unknown> {
    return readJsonFileTolerant(this.file, this.options);
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
      this.options.log?.(
        'warn',
        `Could not save ${this.file}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }
}
