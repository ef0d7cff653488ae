// Binds the contract's handlers to ipcMain once for every window, after the trusted-sender check
// (and, for changes that would run a new command or move the API key, the user's confirmation).
// Each window joins the core's window router: events reach it by what it shows.
import { ipcMain, type WebContents } from 'electron';
import { invokeChannelNames } from '../../shared/contract';
import { ERROR_CODE, fail } from '../../shared/result';
import type { Host } from '../core/host';
import type { ChangeGuard } from './confirm';
import { isTrustedSender, refusedSenderMessage } from '../core/security/navigation';

export interface IpcBinding {
  /** A window's page may call in and hears its events; returns the function that removes it. */
  addWindow(contents: WebContents, options?: { asks?: boolean }): () => void;
  /** Removes every handler (a failed start). */
  close(): void;
}

/** `onRefused` hears every call from a sender that is not a window's own frame (for the log). */
export function bindIpc(
  host: Host,
  appOrigins: readonly string[],
  guard?: ChangeGuard,
  onRefused?: (message: string) => void,
): IpcBinding {
  const windows = new Set<number>();
  for (const channel of invokeChannelNames) {
    ipcMain.handle(channel, async (event, args: unknown) => {
      const sender = {
        frameUrl: event.senderFrame?.url ?? null,
        isMainFrame: event.senderFrame !== null && event.senderFrame === event.sender.mainFrame,
        webContentsId: event.sender.id,
      };
      const expected = windows.has(event.sender.id) ? event.sender.id : -1;
      if (!isTrustedSender(sender, { webContentsId: expected, appOrigins: [...appOrigins] })) {
        // Said in the log: a frame that calls in is a page that should not be there.
        onRefused?.(refusedSenderMessage(channel, sender, expected));
        return fail(ERROR_CODE.forbidden, 'IPC from a foreign frame or origin was rejected.');
      }
      const refused = await guard?.(channel, args);
      if (refused) return refused;
      return host.dispatch(channel, args, {
        senderUrl: event.senderFrame?.url ?? '',
        viewId: String(event.sender.id),
      });
    });
  }
  return {
    addWindow(contents, options) {
      const id = contents.id;
      windows.add(id);
      const detach = host.windows.attach(
        String(id),
        (name, payload) => {
          if (!contents.isDestroyed()) contents.send(name, payload);
        },
        options,
      );
      return () => {
        windows.delete(id);
        detach();
      };
    },
    close() {
      for (const channel of invokeChannelNames) ipcMain.removeHandler(channel);
    },
  };
}
