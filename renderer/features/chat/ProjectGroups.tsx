// The sidebar's conversations by project: each project's name (a button that folds its list),
// then its conversations by date. With no project at all, the date groups alone, as before.
import type { ConversationSummary } from '../../../shared/chat/conversations';
import type { ProjectGroup } from '../../lib/project-groups';
import { ConversationItem } from './ConversationItem';

interface Props {
  projects: ProjectGroup<ConversationSummary>[];
  openFolder: string | null;
  /** Folded projects, by folder ('' = no project). */
  folded: ReadonlySet<string>;
  onFold(key: string): void;
  tabStop: string | null;
  onFocusItem(id: string): void;
}

export const groupKey = (folder: string | null) => folder ?? '';

export function ProjectGroups({
  projects,
  openFolder,
  folded,
  onFold,
  tabStop,
  onFocusItem,
}: Props) {
  const headed = projects.length > 1 || projects[0]?.folder != null;
  return projects.map((p) => {
    const key = groupKey(p.folder);
    const open = !folded.has(key);
    const count = p.dates.reduce((n, g) => n + g.items.length, 0);
    return (
      <section
        key={key}
        aria-label={headed ? `Project ${p.label}` : undefined}
        className={headed ? 'project-group' : undefined}
        data-testid={headed ? 'project-group' : undefined}
      >
        {headed && (
          <h3 className="project-group-title">
            <button
              className="ghost"
              aria-expanded={open}
              title={p.folder ?? 'Conversations in no project'}
              onClick={() => onFold(key)}
            >
              <span aria-hidden>{open ? '▾' : '▸'}</span> {p.label}
              {p.folder !== null && p.folder === openFolder && (
                <span className="muted small"> · open</span>
              )}
              {!open && <span className="muted small"> · {count}</span>}
            </button>
          </h3>
        )}
        {open &&
          p.dates.map((g) => (
            <section key={g.group} aria-label={g.group}>
              {headed ? (
                <h4 className="group-title">{g.group}</h4>
              ) : (
                <h3 className="group-title">{g.group}</h3>
              )}
              <ConversationItems items={g.items} tabStop={tabStop} onFocusItem={onFocusItem} />
            </section>
          ))}
      </section>
    );
  });
}

/** One group's conversations, the roving tab stop on `tabStop`. */
export function ConversationItems({
  items,
  tabStop,
  onFocusItem,
}: {
  items: readonly ConversationSummary[];
  tabStop: string | null;
  onFocusItem(id: string): void;
}) {
  return (
    <ul role="list" className="conversation-list-inner">
      {items.map((c) => (
        <ConversationItem
          key={c.id}
          conversation={c}
          tabbable={c.id === tabStop}
          onFocusItem={onFocusItem}
        />
      ))}
    </ul>
  );
}
