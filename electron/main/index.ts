// Electron's main process: lifecycle, the secure window, and the IPC binding. Kept thin on
// purpose: every decision lives in electron/core (pure, unit-tested); this file only wires it.
import { app, BrowserWindow, ipcMain, protocol, session, shell } from 'electron';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { invokeChannelNames } from '../../shared/contract';
import { fail } from '../../shared/result';
import { createHost } from '../core/host';
import { contentSecurityPolicy } from '../core/security/csp';
import { resolveAppRequest } from '../core/security/app-protocol';
import {
  APP_ORIGIN,
  externalUrlToOpen,
  isTrustedSender,
  navigationDecision,
  permissionDecision,
  windowOpenDecision,
} from '../core/security/navigation';
import { mainWindowOptions } from '../core/security/web-preferences';

const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const appOrigins = devServerUrl ? [APP_ORIGIN, new URL(devServerUrl).origin] : [APP_ORIGIN];
const rendererDir = join(__dirname, '../renderer');

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

let host: ReturnType<typeof createHost> | null = null;

function startCore(): ReturnType<typeof createHost> {
  const created = createHost({
    versions: { electron: process.versions.electron, chromium: process.versions.chrome },
  });
  const csp = contentSecurityPolicy({ dev: Boolean(devServerUrl) });

  protocol.handle('app', async (request) => {
    const resolved = resolveAppRequest(rendererDir, request.url);
    if (!resolved.ok) return new Response(null, { status: resolved.status });
    try {
      const body = await readFile(resolved.file);
      return new Response(body, {
        headers: { 'content-type': resolved.mimeType, 'content-security-policy': csp },
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  });

  return created;
}

async function createWindow(): Promise<void> {
  host ??= startCore();
  const core = host;
  session.defaultSession.setPermissionRequestHandler((wc, permission, callback) =>
    callback(permissionDecision(permission, wc.getURL(), appOrigins)),
  );
  session.defaultSession.setPermissionCheckHandler((wc, permission) =>
    permissionDecision(permission, wc?.getURL() ?? '', appOrigins),
  );

  const win = new BrowserWindow(
    mainWindowOptions(join(__dirname, '../preload/index.js'), { devTools: !app.isPackaged }),
  );
  const contents = win.webContents;

  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrlToOpen(url);
    if (external) void shell.openExternal(external);
    return windowOpenDecision();
  });
  const guard = (event: Electron.Event, url: string) => {
    if (navigationDecision(url, appOrigins) === 'deny') {
      event.preventDefault();
      const external = externalUrlToOpen(url);
      if (external) void shell.openExternal(external);
    }
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());

  for (const channel of invokeChannelNames) {
    ipcMain.handle(channel, (event, args: unknown) => {
      const trusted = isTrustedSender(
        {
          frameUrl: event.senderFrame?.url ?? null,
          isMainFrame: event.senderFrame !== null && event.senderFrame === event.sender.mainFrame,
          webContentsId: event.sender.id,
        },
        { webContentsId: contents.id, appOrigins },
      );
      if (!trusted) return fail('forbidden', 'IPC from a foreign frame or origin was rejected.');
      return core.dispatch(channel, args, { senderUrl: event.senderFrame?.url ?? '' });
    });
  }
  const unforward = core.events.forward((name, payload) => {
    if (!contents.isDestroyed()) contents.send(name, payload);
  });

  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    unforward();
    for (const channel of invokeChannelNames) ipcMain.removeHandler(channel);
  });

  await win.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
}

app.whenReady().then(createWindow, (err) => {
  console.error('Lena failed to start:', err);
  app.exit(1);
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('will-quit', () => {
  void host?.close();
});
app.on('activate', () => {
  if (BrowserWindow.getAllWindows().length === 0) void createWindow();
});
