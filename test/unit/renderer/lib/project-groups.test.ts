// Conversations by project: the open project first, the others by their latest conversation, then
// those in no project; one section without a heading when none has a project. At 1,000
// conversations, grouping by project costs about what grouping by date alone does.
import { describe, expect, it } from 'vitest';
import { groupByDate } from '../../../../renderer/lib/date-groups';
import { folderName, groupByProject } from '../../../../renderer/lib/project-groups';

const NOW = new Date(2026, 11, 5, 12).getTime();
const c = (id: string, project: string | null, ago = 0) => ({ id, project, updatedAt: NOW - ago });

describe('groupByProject', () => {
  it('puts the open project first, the others by latest use, no project last', () => {
    const groups = groupByProject(
      [c('a', '/p/old', 5000), c('b', null, 0), c('d', '/p/open', 9000), c('e', '/p/new', 10)],
      '/p/open',
      NOW,
    );
    expect(groups.map((g) => g.label)).toEqual(['open', 'new', 'old', 'No project']);
    expect(groups[0].dates[0].items.map((i) => i.id)).toEqual(['d']);
  });

  it('is one section (folder null) when no conversation has a project', () => {
    const groups = groupByProject([c('a', null), c('b', null, 86_400_000 * 3)], null, NOW);
    expect(groups).toHaveLength(1);
    expect(groups[0].folder).toBeNull();
    expect(groups[0].dates.map((d) => d.group)).toEqual(['Today', 'Previous 7 days']);
  });

  it('names a folder by its last part, either separator', () => {
    expect(folderName('/home/me/harbour/')).toBe('harbour');
    expect(folderName('C:\\work\\lighthouse')).toBe('lighthouse');
  });

  it('groups 1,000 conversations in about the time grouping by date takes', () => {
    const items = Array.from({ length: 1000 }, (_, i) =>
      c(`c${i}`, i % 5 < 2 ? '/p/a' : i % 5 < 4 ? '/p/b' : null, i * 60_000),
    );
    const time = (fn: () => unknown) => {
      for (let i = 0; i < 3; i++) fn();
      const start = performance.now();
      for (let i = 0; i < 10; i++) fn();
      return (performance.now() - start) / 10;
    };
    const byDate = time(() => groupByDate(items, NOW));
    const byProject = time(() => groupByProject(items, '/p/a', NOW));
    expect(byProject).toBeLessThan(Math.max(2 * byDate, 1));
  });
});
