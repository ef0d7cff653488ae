// Quitting: the first quit request runs core's bounded quit sequence; when it is done, the quit
// goes through for real (so electron-updater's install-on-quit still runs). Closing the last
// window quits except on macOS.
import { app, BrowserWindow } from 'electron';
import type { RotatingLog } from '../core/base/log-file';
import {
  lenaQuitSteps,
  quitSequence,
  shouldQuitOnAllWindowsClosed,
  type QuitHooks,
} from '../core/desktop/quit-sequence';

export function installQuitHandling(hooks: Omit<QuitHooks, 'exit'>, log: RotatingLog): void {
  let phase: 'running' | 'quitting' | 'done' = 'running';
  app.on('window-all-closed', () => {
    if (shouldQuitOnAllWindowsClosed(process.platform)) app.quit();
  });
  app.on('before-quit', (event) => {
    if (phase === 'done') return;
    event.preventDefault();
    if (phase === 'quitting') return;
    phase = 'quitting';
    log.info('main', 'Quitting');
    // The servers may take seconds to stop: the user should not watch a window that no longer answers.
    for (const win of BrowserWindow.getAllWindows()) win.hide();
    const steps = lenaQuitSteps({
      ...hooks,
      exit: () => {
        phase = 'done';
        log.close();
        app.quit();
      },
    });
    void quitSequence(steps, {
      timeoutMs: 3000,
      log: (level, message) => log.write(level, 'quit', message),
    });
  });
  // A logout or `kill` asks nicely: go through the same sequence.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
    process.on(signal, () => app.quit());
}
