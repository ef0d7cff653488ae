// The native confirmation for changes the window asks for that would run a new command or send
// the API key somewhere new. What needs asking, and what is already known, is decided in
// core/desktop/window-change-guard; this file only shows the dialog. A dialog drawn by the OS
// cannot be faked or clicked by the page.
import { dialog, type BrowserWindow } from 'electron';
import type { Host } from '../core/host';
import {
  windowChangeGuard as guardOver,
  type ChangeGuard,
} from '../core/desktop/window-change-guard';

export type { ChangeGuard };

export function confirmWindowChanges(
  host: Host,
  window: () => BrowserWindow | undefined,
  log: (message: string) => void,
): ChangeGuard {
  return guardOver(
    () => host.services(),
    async (prompt) => {
      const win = window();
      return (win ? await dialog.showMessageBox(win, prompt) : await dialog.showMessageBox(prompt))
        .response;
    },
    log,
  );
}
