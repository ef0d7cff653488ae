// Lists as the 2026-07-28 caching utility allows: a result stays fresh for the server's ttlMs
// (0, absent or negative: stale at once, so 2025 servers are always asked), and a change
// notification makes it stale at once. Served only while fresh; never polled in the background,
// but fetched again when a stale list is used (a call to one of its tools).
export type ListKind = 'tools' | 'resources' | 'prompts';
type Key = ListKind | 'resourceTemplates';

export class ListCache {
  private readonly entries = new Map<Key, { items: unknown[]; freshUntil: number }>();

  get<T>(key: Key): T[] | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (performance.now() < e.freshUntil) return e.items as T[];
    this.entries.delete(key);
    return undefined;
  }

  put(key: Key, items: unknown[], ttlMs: number): void {
    if (ttlMs > 0) this.entries.set(key, { items, freshUntil: performance.now() + ttlMs });
    else this.entries.delete(key);
  }

  /**
   * True once when `kind` was cached with a positive ttl that has run out: the list is in use
   * (a call) and stale, so it is worth fetching again (the caching utility's re-fetch on use).
   */
  expiredInUse(kind: ListKind): boolean {
    const e = this.entries.get(kind);
    if (!e || performance.now() < e.freshUntil) return false;
    this.entries.delete(kind);
    return true;
  }

  /** A list_changed (or a reopened subscription) for `kind`: ask the server next time. */
  invalidate(kind: ListKind): void {
    this.entries.delete(kind);
    if (kind === 'resources') this.entries.delete('resourceTemplates');
  }
}
