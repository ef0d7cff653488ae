// windows:show and windows:open — a window says which conversation it shows (its events and
// questions follow it, core/host/window-router.ts) and asks the shell for another window.
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { Handlers } from '../dispatch';
import type { WindowRouter } from '../window-router';

type WindowHandlers = Pick<Handlers, 'windows:show' | 'windows:open'>;

/** What a window asks the shell to open: a window on a conversation, or the quick entry. */
export interface WindowRequest {
  conversationId?: string;
  quickEntry?: boolean;
}

export function windowHandlers(
  router: WindowRouter,
  openWindow: ((request: WindowRequest) => void | Promise<void>) | undefined,
): WindowHandlers {
  return {
    'windows:show': ({ conversationId }, ctx) => {
      router.show(ctx.viewId, conversationId);
      return router.shownElsewhere(ctx.viewId);
    },
    'windows:open': async (request) => {
      if (!openWindow)
        throw new LenaError(ERROR_CODE.unavailable, 'This build cannot open another window.');
      await openWindow(request);
    },
  };
}
