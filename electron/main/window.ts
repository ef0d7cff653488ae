// The main window: secure options and guards from core/security, bounds restored and saved through
// core/desktop. Nothing here decides anything.
import { BrowserWindow, screen, session, shell } from 'electron';
import { restoreBounds, type SavedWindowState } from '../core/desktop/window-bounds';
import {
  navigationDecision,
  permissionDecision,
  windowOpenDecision,
} from '../core/security/navigation';
import { openableHref } from '../../shared/open-url';
import { mainWindowOptions } from '../core/security/web-preferences';

export interface WindowSetup {
  preload: string;
  devTools: boolean;
  appOrigins: readonly string[];
  title: string;
  /** Where this window was last (its slot's saved state). */
  saved: SavedWindowState | undefined;
  /** Saves this window's place (debounced), and writes it out now. */
  save(state: SavedWindowState): void;
  flush(): Promise<void>;
  /** Replaces the main window's size and limits (the quick entry's small window). */
  options?: Partial<Electron.BrowserWindowConstructorOptions>;
}

/** A Lena window (every window is one: the first, a new one, the quick entry). */
export async function createMainWindow(setup: WindowSetup): Promise<BrowserWindow> {
  // Judged by the frame that asks, not the window's page: an MCP Apps view (a subframe on
  // lena-view:// or an opaque origin) never gets what the app's own page may have.
  session.defaultSession.setPermissionRequestHandler((wc, permission, callback, details) =>
    callback(
      permissionDecision(permission, details?.requestingUrl || wc.getURL(), setup.appOrigins),
    ),
  );
  session.defaultSession.setPermissionCheckHandler((wc, permission, requestingOrigin) =>
    permissionDecision(permission, requestingOrigin || wc?.getURL() || '', setup.appOrigins),
  );

  const displays = screen.getAllDisplays();
  const primary = screen.getPrimaryDisplay();
  const areas = [primary, ...displays.filter((d) => d.id !== primary.id)].map((d) => d.workArea);
  const restored = restoreBounds(setup.saved, areas);
  const win = new BrowserWindow({
    ...mainWindowOptions(setup.preload, { devTools: setup.devTools, bounds: restored.bounds }),
    title: setup.title,
    ...setup.options,
  });
  if (restored.maximized) win.maximize();
  if (restored.fullScreen) win.setFullScreen(true);

  const contents = win.webContents;
  contents.setWindowOpenHandler(({ url }) => {
    const external = openableHref(url);
    if (external) void shell.openExternal(external);
    return windowOpenDecision();
  });
  const guard = (event: Electron.Event, url: string) => {
    if (navigationDecision(url, setup.appOrigins) === 'deny') {
      event.preventDefault();
      const external = openableHref(url);
      if (external) void shell.openExternal(external);
    }
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // The page sets its own <title>; the window keeps the project-folder title main gives it.
  win.on('page-title-updated', (event) => event.preventDefault());

  // Normal bounds are saved even while maximized, so un-maximizing next time lands somewhere sane.
  const save = () => {
    if (win.isDestroyed()) return;
    setup.save({
      bounds: win.getNormalBounds(),
      maximized: win.isMaximized(),
      fullScreen: win.isFullScreen(),
    });
  };
  win.on('move', save);
  win.on('resize', save);
  win.on('maximize', save);
  win.on('unmaximize', save);
  win.on('enter-full-screen', save);
  win.on('leave-full-screen', save);
  win.on('close', () => {
    save();
    void setup.flush();
  });
  win.once('ready-to-show', () => win.show());
  return win;
}
