// windows:show and windows:open — a window says which conversation it shows (its events and
// questions follow it, core/host/window-router.ts) and asks the shell for another window.
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { Handlers } from '../dispatch';
import type { WindowRouter } from '../window-router';

type WindowHandlers = Pick<Handlers, 'windows:show' | 'windows:open' | 'windows:close'>;

/** What a window asks the shell to open: a window on a conversation, or the quick entry. */
export interface WindowRequest {
  conversationId?: string;
  quickEntry?: boolean;
}

/** What the shell does with windows (main: BrowserWindows; the harness: pages). */
export interface WindowPorts {
  openWindow?: (request: WindowRequest) => void | Promise<void>;
  /** Closes the window with this router id. */
  closeWindow?: (viewId: string) => void;
}

export function windowHandlers(router: WindowRouter, ports: WindowPorts): WindowHandlers {
  const { openWindow, closeWindow } = ports;
  return {
    'windows:show': ({ conversationId, claim }, ctx) => {
      router.show(ctx.viewId, conversationId, claim === true);
      return router.shownElsewhere(ctx.viewId);
    },
    'windows:open': async (request) => {
      if (!openWindow)
        throw new LenaError(ERROR_CODE.unavailable, 'This build cannot open another window.');
      await openWindow(request);
    },
    'windows:close': (_args, ctx) => {
      if (!closeWindow || ctx.viewId === undefined)
        throw new LenaError(ERROR_CODE.unavailable, 'This window cannot be closed from here.');
      closeWindow(ctx.viewId);
    },
  };
}
