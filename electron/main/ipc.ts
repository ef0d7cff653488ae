// Binds the contract's handlers to ipcMain after the trusted-sender check (and, for changes that
// would run a new command or move the API key, the user's confirmation), and forwards core events
// to the window. Returns the function that undoes both.
import { ipcMain, type WebContents } from 'electron';
import { invokeChannelNames } from '../../shared/contract';
import { fail } from '../../shared/result';
import type { Host } from '../core/host';
import type { ChangeGuard } from './confirm';
import { isTrustedSender } from '../core/security/navigation';

export function bindIpc(host: Host, contents: WebContents, appOrigins: readonly string[], guard?: ChangeGuard): () => void {
  for (const channel of invokeChannelNames) {
    ipcMain.handle(channel, async (event, args: unknown) => {
      const trusted = isTrustedSender(
        {
          frameUrl: event.senderFrame?.url ?? null,
          isMainFrame: event.senderFrame !== null && event.senderFrame === event.sender.mainFrame,
          webContentsId: event.sender.id,
        },
        { webContentsId: contents.id, appOrigins: [...appOrigins] },
      );
      if (!trusted) return fail('forbidden', 'IPC from a foreign frame or origin was rejected.');
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
