// Binds the contract's handlers to ipcMain after the trusted-sender check (and, for changes that
// would run a new command or move the API key, the user's confirmation), and forwards core events
// to the window. Returns the function that undoes both.
import { ipcMain, type WebContents } from 'electron';
import { invokeChannelNames } from '../../shared/contract';
import { ERROR_CODE, fail } from '../../shared/result';
import type { Host } from '../core/host';
import type { ChangeGuard } from './confirm';
import { isTrustedSender, refusedSenderMessage } from '../core/security/navigation';

/** `onRefused` hears every call from a sender that is not the window's own frame (for the log). */
export function bindIpc(
  host: Host,
  contents: WebContents,
  appOrigins: readonly string[],
  guard?: ChangeGuard,
  onRefused?: (message: string) => void,
): () => void {
  for (const channel of invokeChannelNames) {
    ipcMain.handle(channel, async (event, args: unknown) => {
      const sender = {
        frameUrl: event.senderFrame?.url ?? null,
        isMainFrame: event.senderFrame !== null && event.senderFrame === event.sender.mainFrame,
        webContentsId: event.sender.id,
      };
      if (!isTrustedSender(sender, { webContentsId: contents.id, appOrigins: [...appOrigins] })) {
        // Said in the log: a frame that calls in is a page that should not be there.
        onRefused?.(refusedSenderMessage(channel, sender, contents.id));
        return fail(ERROR_CODE.forbidden, 'IPC from a foreign frame or origin was rejected.');
      }
      const refused = await guard?.(channel, args);
      if (refused) return refused;
      return host.dispatch(channel, args, { senderUrl: event.senderFrame?.url ?? '' });
    });
  }
  const unforward = host.events.forward((name, payload) => {
    if (!contents.isDestroyed()) contents.send(name, payload);
  });
  return () => {
    unforward();
    for (const channel of invokeChannelNames) ipcMain.removeHandler(channel);
  };
}
