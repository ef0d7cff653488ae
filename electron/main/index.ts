// Electron's main process. Thin on purpose: every decision lives in electron/core (pure,
// unit-tested); the files in this folder only connect Electron's APIs to it.
import { app, BrowserWindow, dialog, shell } from 'electron';
import { dirname, join } from 'node:path';
import {
  createDesktopServices,
  startDesktop,
  updatePreference,
  type DesktopServices,
} from '../core/desktop/desktop-services';
import type { ChatEvent } from '../../shared/chat/events';
import type { ProjectView } from '../../shared/settings-types';
import { EventLog } from '../core/desktop/event-log';
import { isBundleFile, parseLaunchArgs } from '../core/desktop/launch-args';
import { describeError } from '../core/base/log-file';
import {
  DOCUMENTATION_URL,
  rendererKeyEvent,
  type MenuCommand,
} from '../core/desktop/menu-template';
import { windowTitle } from '../core/desktop/window-title';
import { lenaQuitSteps, quitSequence } from '../core/desktop/quit-sequence';
import { runtimeQuitHooks } from '../core/desktop/runtime-quit-hooks';
import { desktopTransportFactory } from '../core/desktop/server-launch';
import { TurnTracker } from '../core/desktop/turn-tracker';
import { describeTightened, ensureLenaHome, lenaPaths, type TightenedPath } from '../core/home';
import { createHost, type Host } from '../core/host';
import { electronViewBinding } from '../core/host/apps/views';
import { contentSecurityPolicy } from '../core/security/csp';
import { APP_ORIGIN } from '../core/security/navigation';
import { openableHref } from '../../shared/open-url';
import { WEBRTC_IP_HANDLING_POLICY } from '../core/security/web-preferences';
import { confirmWindowChanges, type ChangeGuard } from './confirm';
import { bindIpc } from './ipc';
import { installQuitHandling } from './lifecycle';
import { installMenu, type MenuHandlers } from './menu';
import { registerAppScheme, serveApp, serveViews } from './protocol';
import { saveWithDialog } from './save-file';
import { safeStorageEncryptor } from './secrets';
import { startUpdates } from './updates';
import { utilityNodeRunner } from './utility-node';
import { Windows } from './windows';
import type { SettingsView } from '../../shared/settings-types';

const isDev = !app.isPackaged;
const devServerUrl = isDev ? process.env.ELECTRON_RENDERER_URL : undefined;
const appOrigins = devServerUrl ? [APP_ORIGIN, new URL(devServerUrl).origin] : [APP_ORIGIN];
const launchOptions = { isDefaultApp: process.defaultApp === true };

let services: DesktopServices | undefined;
let host: Host | undefined;
let windows: Windows | undefined;
let changeGuard: ChangeGuard | undefined;
/** Set once the servers may be starting: a failed start stops them (bounded) before exiting. */
let stopServices: (() => Promise<unknown>) | undefined;
/** A folder handed over by a second launch before this one finished starting. */
let handedOverFolder: string | undefined;
/** Bundle files to open once the window is there (argv, a second launch, the Finder). */
const handedOverBundles: string[] = [];
let windowReady = false;
/** The open folder and the recent ones, as the host last said (its project service owns them). */
let project: ProjectView = { folder: null, recent: [], mcpFile: null };
const turns = new TurnTracker();

registerAppScheme();
// Before any window exists, so every webContents (the window's, its view frames, devtools) gets it.
app.on('web-contents-created', (_event, contents) =>
  contents.setWebRTCIPHandlingPolicy(WEBRTC_IP_HANDLING_POLICY),
);
if (!app.requestSingleInstanceLock()) {
  // Another Lena is running: it got our argv through 'second-instance' and focuses itself.
  app.quit();
} else {
  app.on('second-instance', (_event, argv, cwd) => {
    const current = windows?.current();
    if (current) {
      if (current.isMinimized()) current.restore();
      current.focus();
    } else if (host) void openWindow();
    const request = parseLaunchArgs(argv, cwd, launchOptions);
    request.bundles.forEach(openBundleFile);
    if (!request.projectFolder) return;
    if (host) void openFolder(request.projectFolder);
    else handedOverFolder = request.projectFolder;
  });
  // macOS: a folder dropped on the dock icon or opened with Lena from the Finder, or a bundle
  // double-clicked (the file association in electron-builder.yml).
  app.on('open-file', (event, path) => {
    event.preventDefault();
    if (isBundleFile(path)) openBundleFile(path);
    else if (host) void openFolder(path);
    else handedOverFolder = path;
  });
  app.on('activate', () => {
    if (host && BrowserWindow.getAllWindows().length === 0) void openWindow();
  });
  // catch, not then's second argument: a failure inside start() must reach fail() too.
  app.whenReady().then(start).catch(fail);
}

// Long: the app's start in order; each step needs the ones before it.
async function start(): Promise<void> {
  let tightened: TightenedPath[] = [];
  const paths = ensureLenaHome(lenaPaths(), (changed) => (tightened = changed));
  const desktop = createDesktopServices(paths, safeStorageEncryptor(), process.env);
  services = desktop;
  const { log } = desktop;
  log.info(
    'main',
    `Lena ${app.getVersion()} starting (Electron ${process.versions.electron}, ${process.platform}, home ${paths.home})`,
  );
  if (tightened.length) log.warn('main', describeTightened(tightened));
  process.on('uncaughtException', (err) => log.error('main', 'Uncaught exception', err));
  process.on('unhandledRejection', (err) => log.error('main', 'Unhandled rejection', err));
  if (!desktop.secrets.persistent) log.warn('secrets', desktop.secrets.description);

  const launch = parseLaunchArgs(process.argv, process.cwd(), launchOptions);
  for (const ignored of launch.ignored)
    log.warn('main', `Ignoring command-line argument: ${ignored.reason}`);
  handedOverBundles.unshift(...launch.bundles);
  await startDesktop(desktop);

  host = createHost({
    home: paths.home,
    versions: { electron: process.versions.electron, chromium: process.versions.chrome },
    notices: () => desktop.notices,
    secrets: desktop.secrets,
    // The host owns the open folder: the one given at launch, else the one open at the last quit.
    projectFolder: handedOverFolder ?? launch.projectFolder,
    rememberProjects: true,
    loginShellPath: true,
    processes: desktop.processes,
    // With RunAsNode off, the app binary can never be a server command: the user's node/npx/uvx
    // run servers; installed node bundles run with the app's own Node in a utility process.
    manager: {
      createTransport: desktopTransportFactory(process.execPath, utilityNodeRunner(__dirname)),
    },
    updates: app.isPackaged ? updatePreference(desktop.updates) : undefined,
    // OAuth sign-in (issue 20): the authorization page opens in the system browser.
    openExternal: (url) => shell.openExternal(url),
    // MCP Apps (issue 23): views framed from lena-view://<server key>/, files they offer saved through the dialog.
    // The window's origin frames the proxies: the dev server's under `npm start`, else app://lena.
    views: electronViewBinding(devServerUrl ? new URL(devServerUrl).origin : APP_ORIGIN),
    saveFile: (name, data, _mime, title) =>
      saveWithDialog(() => windows?.current(), name, data, title),
    // An agent's kept artifact is shown in its folder, never opened: it could be a program.
    showInFolder: (path) => shell.showItemInFolder(path),
    // Many windows (issue 48): "Open in new window" and the quick entry's answer.
    openWindow: async (request) => {
      await windows?.openWindow(request);
    },
    closeWindow: (viewId) => windows?.close(viewId),
    // A bundle's directory and file settings: the system's picker.
    pickPaths: async (kind, multiple) => {
      const options = {
        properties: [
          kind === 'directory' ? ('openDirectory' as const) : ('openFile' as const),
          ...(multiple ? ['multiSelections' as const] : []),
        ],
      };
      const parent = windows?.current();
      const picked = await (parent
        ? dialog.showOpenDialog(parent, options)
        : dialog.showOpenDialog(options));
      return picked.canceled ? [] : picked.filePaths;
    },
  });
  const core = host;
  changeGuard = confirmWindowChanges(
    core,
    () => windows?.current(),
    (message) => log.warn('main', message),
  );
  const ipc = bindIpc(core, appOrigins, changeGuard, (message) => log.warn('ipc', message));
  const allWindows = (windows = new Windows({
    host: core,
    ipc,
    state: desktop.windowState,
    preload: join(__dirname, '../preload/index.js'),
    devTools: isDev,
    appOrigins,
    pageUrl: devServerUrl ?? `${APP_ORIGIN}/index.html`,
    title: () => windowTitle(project.folder),
    warn: (message) => log.warn('main', message),
  }));
  // Servers start connecting while the window loads, not when the page first asks.
  void core
    .services()
    .catch((err: unknown) => log.error('main', 'Lena’s services failed to start', err));

  const eventLog = new EventLog();
  core.events.forward((name, payload) => {
    // Server lifecycle, host errors and project switches go to the log file too.
    const line = eventLog.line(name, payload);
    if (line) log.write(line.level, line.source, line.message);
    if (name === 'chat:progressed') turns.observe(payload as ChatEvent);
    // Whoever switched folders (the window, the menu, the dock), the title and menu follow.
    if (name === 'project:changed') showProject(payload as ProjectView);
    // The quick entry's global shortcut follows its setting (off until the user sets one).
    if (name === 'settings:changed')
      allWindows.applyShortcut((payload as SettingsView).quickEntryShortcut);
  });
  serveApp(join(__dirname, '../renderer'), contentSecurityPolicy({ dev: Boolean(devServerUrl) }));
  serveViews((url) => core.viewProxy(url));

  showProject(project);
  void core
    .services()
    .then((s) => showProject(s.project.view()))
    .catch(() => undefined);
  void core
    .services()
    .then(async (s) => allWindows.applyShortcut((await s.settings.view()).quickEntryShortcut))
    .catch((err: unknown) =>
      log.warn('main', `Quick entry shortcut not set: ${describeError(err)}`),
    );
  app.on('will-quit', () => allWindows.releaseShortcuts());

  const quitHooks = runtimeQuitHooks({
    services: () => core.services(),
    records: desktop.processes,
    flush: () => allWindows.flush(),
    log: (l, m) => log.write(l, 'quit', m),
  });
  stopServices = () =>
    quitSequence(lenaQuitSteps({ ...quitHooks, exit: () => undefined }), {
      timeoutMs: 3000,
      log: (level, message) => log.write(level, 'quit', message),
    });
  installQuitHandling(quitHooks, log);
  await openWindow();
  windowReady = true;
  handedOverBundles.splice(0).forEach(openBundleFile);
  const updates = await startUpdates({
    services: desktop,
    isPackaged: app.isPackaged,
    turnInProgress: () => turns.busy(),
    window: () => windows?.current(),
  });
  if (updates) turns.onIdle(() => void updates.idle());
}

async function openWindow(): Promise<void> {
  await windows?.openWindow();
}

/** The open folder as the host last said (project:changed): the title and the Open Recent menu. */
function showProject(view: ProjectView): void {
  project = view;
  installMenu({ platform: process.platform, isDev, recentFolders: view.recent }, menuHandlers);
  windows?.setTitles(windowTitle(view.folder));
}

/** A bundle file from outside: core opens and verifies it, the window shows its install sheet. */
function openBundleFile(path: string): void {
  if (!host || !windowReady) {
    handedOverBundles.push(path);
    return;
  }
  void host.openBundleFile(path).catch((err: unknown) => {
    services?.log.warn('bundles', `${path}: ${describeError(err)}`);
    dialog.showErrorBox('Cannot open the bundle', err instanceof Error ? err.message : String(err));
  });
}

/** Menu, second launch, dock: the host validates, remembers and opens the folder (a call, not IPC to itself). */
async function openFolder(folder: string): Promise<void> {
  if (!services || !host) return;
  try {
    await host.openProject(folder);
  } catch (err) {
    services.log.warn('project', describeError(err));
    dialog.showErrorBox('Cannot open folder', err instanceof Error ? err.message : String(err));
  }
}

// Commands the page implements itself get the same key replayed into the page.
function sendToPage(command: MenuCommand): void {
  const key = rendererKeyEvent(command, process.platform);
  const contents = windows?.current()?.webContents;
  if (!key || !contents) return;
  contents.sendInputEvent({ type: 'keyDown', ...key });
  contents.sendInputEvent({ type: 'keyUp', ...key });
}

const menuHandlers: MenuHandlers = {
  'new-conversation': () => sendToPage('new-conversation'),
  'new-window': () => void openWindow(),
  settings: () => sendToPage('settings'),
  find: () => sendToPage('find'),
  'open-folder': () => {
    const options = {
      title: 'Open Folder',
      properties: ['openDirectory' as const, 'createDirectory' as const],
    };
    const current = windows?.current();
    const picked = current
      ? dialog.showOpenDialog(current, options)
      : dialog.showOpenDialog(options);
    void picked.then((result) => {
      if (!result.canceled && result.filePaths[0]) void openFolder(result.filePaths[0]);
    });
  },
  'open-recent': (folder) => {
    if (folder) void openFolder(folder);
  },
  'clear-recent': () => void host?.clearRecentProjects().catch(() => undefined),
  'show-logs': () => {
    if (!services) return;
    const logs = dirname(services.log.file);
    void shell.openPath(logs).then((error) => {
      if (error) services?.log.warn('main', `Could not open ${logs}: ${error}`);
    });
  },
  documentation: () => {
    const url = openableHref(DOCUMENTATION_URL);
    if (url) void shell.openExternal(url);
  },
};

function fail(err: unknown): void {
  services?.log.error('main', 'Lena failed to start', err);
  console.error('Lena failed to start:', err);
  dialog.showErrorBox(
    'Lena failed to start',
    `${describeError(err)}\n\nThe log in your Lena home (logs/lena.log) has details.`,
  );
  // Never a process left without a window, nor servers left behind it.
  void (stopServices?.() ?? Promise.resolve()).finally(() => {
    services?.log.close();
    app.exit(1);
  });
}
