// A two-level map (server → tool → pin, project → server → approval) kept in a JSON file in
// Lena's home. Each change re-reads the file first, so the window and the CLI do not undo each
// other; names come from outside (servers, projects), so they live in Maps, never object keys.
// The one base class of the stores kept this way (pins, tool baselines, project approvals): each
// extends it and adds only its own rules, so what they share (reading, the corrupt-file policy,
// locked writes, waiting for pending writes at close) cannot drift between them.
import { readJsonFileOrSetAside, writeJsonFile } from '../base/json-file';
import { withLockedFile } from '../base/locked-file';

export type TwoLevelMap<T> = Map<string, Map<string, T>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const ownKey = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });

export abstract class TwoLevelFile<T> {
  private data: TwoLevelMap<T> = new Map();
  private readonly problems: string[] = [];
  /** Changes not on disk yet: many start in the background (pins of a listing), and close waits. */
  private readonly pending = new Set<Promise<unknown>>();

  /**
   * @param path the file, or undefined to keep everything in memory
   * @param rootKey the top-level key holding the map (`servers`, `projects`)
   * @param accept keeps only well-formed leaves
   */
  protected constructor(
    private readonly path: string | undefined,
    private readonly rootKey: string,
    private readonly accept: (value: unknown) => value is T,
  ) {}

  /** Reads a new store's file once; each subclass's `open` ends here. */
  protected static async opened<S extends TwoLevelFile<unknown>>(store: S): Promise<S> {
    await store.reload();
    return store;
  }

  /** Problems met reading the file (a corrupt file is moved aside and treated as empty). */
  get warnings(): readonly string[] {
    return this.problems;
  }

  /** Reads the file again (another process, the CLI or the window, may have changed it). */
  async reload(): Promise<void> {
    if (!this.path) return;
    const read = await readJsonFileOrSetAside(this.path);
    if (read.warning) this.problems.push(read.warning);
    const data: TwoLevelMap<T> = new Map();
    const root =
      isRecord(read.value) && isRecord(read.value[this.rootKey]) ? read.value[this.rootKey] : {};
    for (const [outer, inner] of Object.entries(root as Record<string, unknown>)) {
      if (!isRecord(inner)) continue;
      for (const [key, leaf] of Object.entries(inner))
        if (this.accept(leaf)) set(data, outer, key, leaf);
    }
    this.data = data;
  }

  /** One leaf, from the last read of the file. */
  protected leaf(outer: string, key: string): T | undefined {
    return this.data.get(outer)?.get(key);
  }

  /** The leaves under one outer key, from the last read of the file. */
  protected leaves(outer: string): [string, T][] {
    return [...(this.data.get(outer) ?? new Map<string, T>())];
  }

  outerKeys(): string[] {
    return [...this.data.keys()];
  }

  /** Moves every leaf under `from` to `to` when `to` holds none yet; false when nothing moved. */
  moveOuter(from: string, to: string): Promise<boolean> {
    return this.mutate((data) => {
      const leaves = data.get(from);
      if (!leaves || data.has(to)) return false;
      data.set(to, leaves);
      data.delete(from);
      return true;
    });
  }

  /** Applies `change` to a fresh copy of the file's content and writes it atomically. */
  protected mutate<R>(change: (data: TwoLevelMap<T>) => R): Promise<R> {
    const apply = () => {
      const next: TwoLevelMap<T> = new Map(
        [...this.data].map(([outer, inner]) => [outer, new Map(inner)]),
      );
      return { next, result: change(next) };
    };
    const path = this.path;
    if (!path) {
      const { next, result } = apply(); // in memory: nothing awaits between read and write
      this.data = next;
      return Promise.resolve(result);
    }
    const write = withLockedFile(path, async () => {
      await this.reload();
      const { next, result } = apply();
      await writeJsonFile(path, this.serialise(next), { createDir: true });
      this.data = next;
      return result;
    });
    const tracked = write.catch(() => undefined).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
    return write;
  }

  /**
   * Resolves once every change started so far (and any started meanwhile) is written or failed
   * (Lena's close waits for it).
   */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private serialise(data: TwoLevelMap<T>): unknown {
    const root: Record<string, unknown> = {};
    for (const [outer, inner] of data) {
      if (inner.size === 0) continue;
      const entry: Record<string, unknown> = {};
      for (const [key, leaf] of inner) ownKey(entry, key, leaf);
      ownKey(root, outer, entry);
    }
    return { version: 1, [this.rootKey]: root };
  }
}

/** Sets one leaf, creating the inner map when needed. */
export function set<T>(data: TwoLevelMap<T>, outer: string, key: string, value: T): void {
  const inner = data.get(outer) ?? new Map<string, T>();
  inner.set(key, value);
  data.set(outer, inner);
}
