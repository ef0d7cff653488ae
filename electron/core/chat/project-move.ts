// Moving a conversation to another project (or to none). Its next turn runs with the new project's
// instructions (read per turn, engine.ts) and gets the new project's pinned files it does not hold
// yet (project-context.ts); its tool switches become the new project's defaults unless the user
// set its own; the meter shows the new project's files and what the next turn adds. The model
// stays: it is the conversation's own choice, and changing it would start the cache afresh.
import type { ConversationTools } from '../../../shared/chat/conversations';
import { stableStringify } from '../base/stable-json';
import type { ConversationRecord, ConversationStore } from '../store/conversations';
import type { ProjectPrefs } from '../store/project-prefs';
import { withPinned } from './meter';
import { knownContext, pinnedToGive } from './project-context';

export interface ProjectMoveDeps {
  store: ConversationStore;
  /** A project's preferences ({} for no project or one without any). */
  prefs: (folder: string | null) => ProjectPrefs;
}

/** The conversation's switches are the ones its project gave it (or the global ones): not its own. */
function followsDefaults(
  own: ConversationTools | undefined,
  defaults: ConversationTools | null | undefined,
): boolean {
  return own === undefined || stableStringify(own) === stableStringify(defaults ?? null);
}

export function moveToProject(
  deps: ProjectMoveDeps,
  id: string,
  project: string | null,
): ConversationRecord {
  const { store } = deps;
  const before = store.summary(id);
  if (before.project === project) return before;
  const from = deps.prefs(before.project);
  const to = deps.prefs(project);
  let moved = store.setProject(id, project);
  if (followsDefaults(before.tools, from.tools)) moved = store.setTools(id, to.tools ?? null);
  // Before its first turn a conversation has no meter: that turn gives all the files and counts them.
  if (moved.messageCount === 0 || (!moved.meter && !to.pinned?.length)) return moved;
  const { read, tokens } = pinnedToGive(store, moved, { pinned: to.pinned });
  return store.setMeter(
    id,
    withPinned(
      moved.meter,
      { total: read.tokens, given: 0, next: tokens },
      knownContext(moved.model),
    ),
  );
}
