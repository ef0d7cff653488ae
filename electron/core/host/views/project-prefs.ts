// A project's preferences as the window shows them: the pinned files read for their cost (or why
// one is left out: a PDF too when the model its conversations start with does not read PDFs, as
// documents.ts decides for a request), and the warning past 20% of that model's context window.
import type { ProjectPrefsView } from '../../../../shared/projects';
import { modelReadsPdf, type RequestModel } from '../../chat/documents';
import { knownContext, pinnedWarning, readPinned } from '../../chat/project-context';
import type { ProjectPrefs } from '../../store/project-prefs';

export function projectPrefsView(
  folder: string,
  prefs: ProjectPrefs,
  settingsModel: string,
  model: RequestModel = { id: prefs.model ?? settingsModel },
): ProjectPrefsView {
  const read = readPinned(prefs.pinned ?? []);
  const readsPdf = modelReadsPdf(model);
  let given = 0;
  const files = read.files.map((f) => {
    if (f.error) return f;
    const { block } = read.blocks[given++];
    const pdf = (block.source as { media_type?: string }).media_type === 'application/pdf';
    if (readsPdf || !pdf) return f;
    return {
      ...f,
      tokens: 0,
      error: `${model.id} does not read PDFs; choose a newer Claude model`,
    };
  });
  const tokens = files.reduce((sum, f) => sum + f.tokens, 0);
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
