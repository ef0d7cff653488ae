// A project's preferences as the window shows them: the pinned files read for their cost (or why
// one is left out), and the warning past 20% of the context window of the model its conversations
// start with.
import type { ProjectPrefsView } from '../../../../shared/projects';
import { knownContext, pinnedWarning, readPinned } from '../../chat/project-context';
import type { ProjectPrefs } from '../../store/project-prefs';

export function projectPrefsView(
  folder: string,
  prefs: ProjectPrefs,
  settingsModel: string,
): ProjectPrefsView {
  const { files, tokens } = readPinned(prefs.pinned ?? []);
  const contextLimit = knownContext(prefs.model ?? settingsModel);
  return {
    folder,
    instructions: prefs.instructions ?? '',
    pinned: files,
    pinnedTokens: tokens,
    model: prefs.model ?? null,
    tools: prefs.tools ?? null,
    contextLimit,
    warning: pinnedWarning(tokens, contextLimit),
  };
}
