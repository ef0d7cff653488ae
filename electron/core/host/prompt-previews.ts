// Prompts the user is reading before they run. A server could answer `prompts/get` differently the
// second time, so the window previews one answer and running it inserts that same answer, held
// here by an id. Only the latest few are kept: a preview left open long ago is gone, and running
// it says to open the prompt again.
import { randomUUID } from 'node:crypto';
import type { PromptMessage } from '../../../shared/mcp-types';
import type { PromptPreview } from '../../../shared/resource-types';
import { ERROR_CODE, LenaError } from '../../../shared/result';

const KEPT = 16;

export class PromptPreviews {
  private readonly held = new Map<string, PromptPreview>();

  /** Keeps a prompt's answer for one run and returns it with its id. */
  hold(
    server: string,
    prompt: string,
    result: { description?: string; messages: PromptMessage[] },
  ): PromptPreview {
    const preview: PromptPreview = {
      previewId: randomUUID(),
      server,
      prompt,
      ...(result.description ? { description: result.description } : {}),
      messages: result.messages,
    };
    this.held.set(preview.previewId, preview);
    for (const id of this.held.keys()) {
      if (this.held.size <= KEPT) break;
      this.held.delete(id);
    }
    return preview;
  }

  /** The previewed answer, once: a run (or a second click) cannot insert it twice. */
  take(previewId: string): PromptPreview {
    const preview = this.held.get(previewId);
    if (!preview)
      throw new LenaError(
        ERROR_CODE.notFound,
        'This prompt preview is no longer available; choose the prompt again to see its messages and run it.',
      );
    this.held.delete(previewId);
    return preview;
  }
}
