import { describe, expect, it } from 'vitest';
import { dateGroupOf, groupByDate } from '../../../../renderer/lib/date-groups';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();

describe('grouping conversations by date', () => {
  const now = at(2026, 3, 10, 9);
  it('uses calendar days in local time', () => {
    expect(dateGroupOf(at(2026, 3, 10, 0), now)).toBe('Today');
    expect(dateGroupOf(at(2026, 3, 9, 23), now)).toBe('Yesterday');
    expect(dateGroupOf(at(2026, 3, 9, 0), now)).toBe('Yesterday');
    expect(dateGroupOf(at(2026, 3, 4, 1), now)).toBe('Previous 7 days');
    expect(dateGroupOf(at(2026, 3, 2, 23), now)).toBe('Older');
  });
  it('lists only non-empty groups, in order, newest first inside each', () => {
    const items = [
      { id: 'old', updatedAt: at(2025, 1, 1) },
      { id: 'today-early', updatedAt: at(2026, 3, 10, 1) },
      { id: 'today-late', updatedAt: at(2026, 3, 10, 8) },
      { id: 'week', updatedAt: at(2026, 3, 6) },
    ];
    const groups = groupByDate(items, now);
    expect(groups.map((g) => g.group)).toEqual(['Today', 'Previous 7 days', 'Older']);
    expect(groups[0].items.map((i) => i.id)).toEqual(['today-late', 'today-early']);
  });
});
