// electron-updater behind core's UpdateController (when to check, when to prompt). Loaded only for
// packaged builds that opted in, so development runs never touch the update feed.
import { dialog, type BrowserWindow } from 'electron';
import type { DesktopServices } from '../core/desktop/desktop-services';
import { loadUpdatePrefs } from '../core/desktop/desktop-services';
import { UpdateController } from '../core/desktop/update-controller';

export interface UpdateSetup {
  services: DesktopServices;
  isPackaged: boolean;
  turnInProgress: () => boolean;
  window: () => BrowserWindow | undefined;
}

export async function startUpdates(setup: UpdateSetup): Promise<UpdateController | undefined> {
  const { log, updates } = setup.services;
  const prefs = await loadUpdatePrefs(updates);
  if (!setup.isPackaged || !prefs.automatic) {
    log.info(
      'updates',
      setup.isPackaged ? 'Automatic updates are off.' : 'Development build: no update checks.',
    );
    return undefined;
  }
  const updaterModule = await import('electron-updater');
  // Node's ESM view of this CommonJS package misses its getter-defined `autoUpdater`: use default.
  const autoUpdater =
    updaterModule.autoUpdater ??
    (updaterModule as unknown as { default: typeof updaterModule }).default.autoUpdater;
  // Its messages go to Lena's log (redacted) instead of the console.
  autoUpdater.logger = {
    info: (m?: unknown) => log.info('updates', String(m)),
    warn: (m?: unknown) => log.warn('updates', String(m)),
    error: (m?: unknown) => log.error('updates', String(m)),
    debug: () => undefined,
  };
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  const controller = new UpdateController({
    updater: autoUpdater,
    isPackaged: setup.isPackaged,
    optedIn: () => prefs.automatic,
    turnInProgress: setup.turnInProgress,
    lastCheck: prefs.lastCheck,
    saveLastCheck: (time) => {
      prefs.lastCheck = time;
      void updates.save(prefs);
    },
    prompt: async (decision) => {
      const win = setup.window();
      const options = {
        type: 'info' as const,
        message: decision.message,
        detail: decision.detail,
        buttons: decision.buttons,
        defaultId: 0,
        cancelId: 1,
      };
      const answer = win
        ? await dialog.showMessageBox(win, options)
        : await dialog.showMessageBox(options);
      return answer.response === 0;
    },
    log: (level, message) => log.write(level, 'updates', message),
  });
  autoUpdater.on('update-downloaded', (info) => void controller.downloaded(info.version));
  autoUpdater.on('error', (err) => log.warn('updates', `Update failed: ${err.message}`));
  controller.start();
  return controller;
}
