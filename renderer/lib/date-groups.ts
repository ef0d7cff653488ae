// Groups conversations by when they were last used: Today, Yesterday, Previous 7 days, Older.

export type DateGroup = 'Today' | 'Yesterday' | 'Previous 7 days' | 'Older';
export const DATE_GROUPS: readonly DateGroup[] = ['Today', 'Yesterday', 'Previous 7 days', 'Older'];

function startOfDay(t: number): number {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** The group of a timestamp relative to `now`, in local time (calendar days, not 24 h windows). */
export function dateGroupOf(time: number, now: number): DateGroup {
  const today = startOfDay(now);
  const yesterday = startOfDay(today - 1);
  const weekAgo = startOfDay(today - 6 * 86_400_000 - 1);
  if (time >= today) return 'Today';
  if (time >= yesterday) return 'Yesterday';
  if (time >= weekAgo) return 'Previous 7 days';
  return 'Older';
}

/** Non-empty groups in display order, each sorted newest first by `updatedAt`. */
export function groupByDate<T extends { updatedAt: number }>(
  items: readonly T[],
  now: number,
): { group: DateGroup; items: T[] }[] {
  const buckets = new Map<DateGroup, T[]>();
  for (const item of [...items].sort((a, b) => b.updatedAt - a.updatedAt)) {
    const g = dateGroupOf(item.updatedAt, now);
    const list = buckets.get(g) ?? [];
    list.push(item);
    buckets.set(g, list);
  }
  return DATE_GROUPS.filter((g) => buckets.has(g)).map((group) => ({
    group,
    items: buckets.get(group)!,
  }));
}
