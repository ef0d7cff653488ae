// Notices edits of configuration files so the manager can reload them (an edit into invalid JSON
// then keeps the last good configuration, RELIABILITY.md fault 28). Folders are watched rather
// than files: atomic saves (ours and most editors') replace the file, which ends a file watch, and
// a project `.mcp.json` may not exist yet.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

export interface ConfigWatcher {
  /** Watches this set of files instead (after a load found another project file). */
  update(files: readonly string[]): void;
  close(): void;
}

export interface WatchOptions {
  /** Quiet time before reporting, so a burst of writes (save, rename) is one change. */
  debounceMs?: number;
}

/** Calls `onChange` (debounced) when any of `files` is created, changed, replaced or deleted. */
export function watchConfigFiles(
  files: readonly string[],
  onChange: () => void,
  options: WatchOptions = {},
): ConfigWatcher {
  const debounceMs = options.debounceMs ?? 200;
  const watchers = new Map<string, { watcher: FSWatcher; names: Set<string> }>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const fire = (): void => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!closed) onChange();
    }, debounceMs);
  };

  const update = (next: readonly string[]): void => {
    const wanted = new Map<string, Set<string>>();
    for (const file of next) {
      const dir = dirname(resolve(file));
      const names = wanted.get(dir) ?? new Set<string>();
      names.add(basename(file));
      wanted.set(dir, names);
    }
    for (const [dir, entry] of watchers) {
      if (!wanted.has(dir)) {
        entry.watcher.close();
        watchers.delete(dir);
      }
    }
    for (const [dir, names] of wanted) {
      const existing = watchers.get(dir);
      if (existing) {
        existing.names = names;
        continue;
      }
      try {
        const entry = { names, watcher: watch(dir, { persistent: false }) };
        // Some platforms give no file name: then any change in the folder counts.
        entry.watcher.on('change', (_event, name) => {
          if (name === null || entry.names.has(String(name))) fire();
        });
        entry.watcher.on('error', () => {
          entry.watcher.close();
          watchers.delete(dir);
        });
        watchers.set(dir, entry);
      } catch {
        // The folder does not exist (yet): nothing to watch there until the next update.
      }
    }
  };

  update(files);
  return {
    update: (next) => {
      if (!closed) update(next);
    },
    close: () => {
      closed = true;
      clearTimeout(timer);
      for (const { watcher } of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
