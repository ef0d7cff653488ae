// The core host: starts the services and exposes the contract's handlers and events. Main and the
// end-to-end harness both call createHost, so the window talks to the same code in both.
import { APP_NAME, APP_VERSION } from '../version';
import { ensureLenaHome, lenaPaths, type LenaPaths } from '../home';
import { EnvSecretProvider } from '../store/secrets';
import { createDispatch, type Dispatch, type Handlers } from './dispatch';
import { HostEvents } from './events';
import { WindowRouter } from './window-router';
import { windowHandlers, type WindowRequest } from './handlers/window-handlers';
import { appHandlers } from './handlers/app-handlers';
import { chatHandlers } from './handlers/chat-handlers';
import { inspectHandlers } from './handlers/inspect-handlers';
import { permissionHandlers } from './handlers/permission-handlers';
import { questionHandlers } from './handlers/question-handlers';
import { resourceHandlers } from './handlers/resource-handlers';
import { installHandlers } from './handlers/install-handlers';
import { skillHandlers } from './handlers/skill-handlers';
import { agentHandlers } from './handlers/agent-handlers';
import { serverHandlers } from './handlers/server-handlers';
import { settingsHandlers } from './handlers/settings-handlers';
import type { AppNotice } from '../../../shared/app-types';
import type { ProjectView } from '../../../shared/settings-types';
import { composeServices } from './compose-services';
import type { HostServices, ServiceOptions } from './services';
import type { ProxyResponse } from '../security/view-proxy';

/** What createHost takes: the services' options, with Lena's home and secrets defaulted. */
import type { BundleOpened } from '../../../shared/bundle-types';

export interface HostOptions extends Partial<Omit<ServiceOptions, 'paths' | 'events'>> {
  /** Lena's home; defaults to `LENA_HOME` or `~/.lena`. */
  home?: string;
  /** Runtime versions that only Electron knows (null under plain Node). */
  versions?: { electron?: string | null; chromium?: string | null };
  /** The shell's own start-up notices (a desktop file moved aside), read when the window asks. */
  notices?: () => readonly AppNotice[];
  /** Opens another window (main: a BrowserWindow; the harness: a page); absent, windows:open fails. */
  openWindow?: (request: WindowRequest) => void | Promise<void>;
  /** Closes a window by its router id (windows:close). */
  closeWindow?: (viewId: string) => void;
}

export interface Host {
  paths: LenaPaths;
  events: HostEvents;
  /** The windows bound to this core: attach each, and events and questions route between them. */
  windows: WindowRouter;
  handlers: Handlers;
  dispatch: Dispatch;
  /**
   * Switches the project folder for the shell (menu, dock, second launch): what project:open does
   * for the window, called directly rather than dispatched with a made-up sender.
   */
  openProject(folder: string | null): Promise<ProjectView>;
  /** Empties the recent folders but for the open one (the menu's Clear Recent). */
  clearRecentProjects(): Promise<ProjectView>;
  /** Opens a bundle file given from outside (double-click, argv): the window shows its sheet. */
  openBundleFile(path: string): Promise<BundleOpened>;
  /** Resolves once settings, the database and the manager are up (servers keep connecting). */
  services(): Promise<HostServices>;
  /** MCP Apps: answers a request to the sandbox proxy's origin (main's lena-view:// handler, the harness's second server). */
  viewProxy(url: string): Promise<ProxyResponse>;
  close(): Promise<void>;
}

export function createHost(options: HostOptions = {}): Host {
  const paths = ensureLenaHome(lenaPaths(options.home));
  const events = new HostEvents();
  const windows = new WindowRouter();
  events.forward((event, payload) => windows.route(event, payload));
  let started: Promise<HostServices> | null = null;
  const get = () =>
    (started ??= composeServices({
      ...options,
      paths,
      events,
      secrets: options.secrets ?? new EnvSecretProvider(options.env ?? process.env),
    }));

  const handlers: Handlers = {
    'app:info': () => ({
      name: APP_NAME,
      version: APP_VERSION,
      electron: options.versions?.electron ?? null,
      node: process.versions.node,
      chromium: options.versions?.chromium ?? null,
      platform: process.platform,
      home: paths.home,
    }),
    'app:notices': async () => {
      // A broken project settings file is said at start-up too (its app:logged may precede the window).
      const services = await get();
      const notices = [...services.notices(), ...(options.notices?.() ?? [])];
      const problem = services.project.problem();
      return problem ? [...notices, { level: 'error' as const, message: problem }] : notices;
    },
    ...serverHandlers(get),
    ...installHandlers(get),
    ...inspectHandlers(get, events),
    ...resourceHandlers(get, events),
    ...skillHandlers(get),
    ...agentHandlers(get),
    ...chatHandlers(get),
    ...permissionHandlers(get),
    ...questionHandlers(get, windows),
    ...windowHandlers(windows, options),
    ...settingsHandlers(get, events),
    ...appHandlers(get, events),
  };

  const dispatch = createDispatch(handlers, (channel, err) =>
    events.emit('app:logged', {
      time: Date.now(),
      level: 'error',
      source: 'host',
      message: `${channel}: ${err instanceof Error ? err.message : String(err)}`,
    }),
  );

  return {
    paths,
    events,
    windows,
    handlers,
    dispatch,
    openProject: async (folder) => (await get()).project.open(folder),
    clearRecentProjects: async () => (await get()).project.clearRecent(),
    openBundleFile: async (path) => (await get()).bundles.openPath(path),
    services: get,
    viewProxy: async (url) => (await get()).apps.proxy(url),
    async close() {
      if (started) await (await started).close();
    },
  };
}
