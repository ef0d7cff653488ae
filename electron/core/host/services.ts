// The window's services: the shared runtime plus what only the window has (a project folder,
// events forwarded to the renderer). Started once by createHost; handlers await it.
import type { LenaPaths } from '../home';
import type { AppNotice } from '../../../shared/app-types';
import { watchConfigFiles } from '../mcp/config/watch';
import type { UpdatePreference } from './views/settings';
import type { ManagerOptions } from '../mcp/manager/manager';
import type { ProcessRecorder } from '../mcp/manager/types';
import type { SecretProvider } from '../store/secrets';
import type { HostEvents } from './events';
import type { SaveFile } from './apps/view-asks';
import type { ViewBinding } from './apps/views';
import { createRuntime, type Runtime } from './runtime';
import { serverIdentity } from './wiring';
import { AppsService } from './services/apps';
import { AsksService } from './services/asks';
import { ChatService } from './services/chat';
import { LogsService } from './services/logs';
import { ProjectService, type ProjectHistory } from './services/project';
import { ServersService } from './services/servers';
import { SettingsService } from './services/settings';

/**
 * The window's services, one face each: handlers and the desktop call their methods and never
 * reach into another service's parts.
 */
export interface HostServices {
  servers: ServersService;
  chat: ChatService;
  asks: AsksService;
  settings: SettingsService;
  logs: LogsService;
  /** The one owner of the open folder, its rules and its problem. */
  project: ProjectService;
  apps: AppsService;
  paths: LenaPaths;
  /** What start-up found that the user should know (database moved aside, broken settings…). */
  notices(): AppNotice[];
  /** Stops watching files and closes everything (servers, database). */
  close(): Promise<void>;
  /**
   * The composed parts behind the services, for tests that check a part's own state. Handlers,
   * the CLI and the desktop use the services above.
   */
  runtime: Runtime;
}

export type { ProjectHistory };

export interface ServiceOptions {
  paths: LenaPaths;
  events: HostEvents;
  /** The secret store (the desktop's encrypted one; the environment plus session memory by default). */
  secrets: SecretProvider;
  projectFolder?: string | null;
  /** Resolve PATH from the login shell for stdio servers (a desktop launch). */
  loginShellPath?: boolean;
  env?: NodeJS.ProcessEnv;
  brokerTimeoutMs?: number;
  /** Where running servers' process groups are recorded for orphan cleanup (the desktop's ProcessRecords). */
  processes?: ProcessRecorder;
  /** The desktop's recent-folders list: read for project:get, told about project:open. */
  projects?: ProjectHistory;
  /** Manager knobs the desktop sets (a guarded transport factory, say). */
  manager?: Partial<ManagerOptions>;
  updates?: UpdatePreference;
  /**
   * Opens an OAuth authorization URL in the system browser (main: shell.openExternal). The URL has
   * passed the sign-in address policy: https, or loopback http for a server on loopback.
   */
  openExternal?: (url: string) => Promise<void>;
  /** MCP Apps: the sandbox proxy's origin (main: lena-view://; the harness: a second loopback port). */
  views?: ViewBinding;
  /** MCP Apps ui/download-file: main's save dialog; the harness writes into a folder. */
  saveFile?: SaveFile;
}

// Long: builds the host's services in dependency order, in one place (no forward references).
export async function startServices(options: ServiceOptions): Promise<HostServices> {
  const { paths, events } = options;
  // Read before the runtime starts: a project whose settings are broken starts no servers.
  const initial = await ProjectService.read(options.projectFolder);
  const rt = await createRuntime({
    paths,
    sources: {
      userFile: paths.mcpConfig,
      projectDir: options.projectFolder && !initial?.problem ? options.projectFolder : undefined,
    },
    secrets: options.secrets,
    interactive: true,
    env: options.env,
    loginShellPath: options.loginShellPath,
    brokerTimeoutMs: options.brokerTimeoutMs,
    emit: (event) => events.emit('chat:progressed', event),
    manager: { ...options.manager, processes: options.processes },
    features: 'window',
    openExternal: options.openExternal,
    ...(options.openExternal
      ? {
          auth: {
            host: { interactive: false, open: (url: URL) => options.openExternal!(url.href) },
          },
        }
      : {}),
  });
  const servers = new ServersService(rt, paths);
  const settings = new SettingsService(rt, options.secrets, options.updates);
  const project = await ProjectService.start(
    { permissions: rt.permissions, servers, events, history: options.projects },
    options.projectFolder ?? null,
    initial,
  );
  const services: HostServices = {
    servers,
    chat: new ChatService(rt),
    asks: new AsksService(rt),
    settings,
    logs: new LogsService(rt),
    project,
    apps: new AppsService(rt, options.views, options.saveFile),
    paths,
    notices: () => [...rt.notices],
    runtime: rt,
    async close() {
      settingsWatcher.close();
      project.close();
      unlistenTools();
      await rt.close();
    },
  };

  // Event forwarding: the services' changes become the contract's events.
  servers.onStatus((status) => events.emit('servers:status-changed', status));
  rt.registry.on('changed', (change) =>
    events.emit('servers:tools-changed', { server: change.server ?? '' }),
  );
  // Detached first on close: a listing that lands while the servers stop must not start a pin
  // write that outlives the close.
  const unlistenTools = rt.manager.onToolsChanged((server) => {
    const session = rt.manager.session(server);
    if (session?.connected)
      void rt.permissions.toolsListed(serverIdentity(rt.manager, server), session.tools);
  });
  // Accepting or rejecting a tool changes what the server page and the chat notice show.
  rt.permissions.acceptance?.onChanged((server) => {
    const status = servers.status(server);
    if (status) events.emit('servers:status-changed', status);
    events.emit('servers:tools-changed', { server });
  });
  services.asks.forward(events);
  // settings.json edited outside the window (`lena`, an editor): rules and settings follow.
  const settingsWatcher = watchConfigFiles([paths.settings], () => {
    void settings
      .reload()
      .then((view) => events.emit('settings:changed', view))
      .catch(() => undefined);
  });

  // Servers start in the background; the first turn waits for them (at most 10 s). Edits of the
  // configuration files made outside the window reload by themselves. Once the servers are
  // configured, the tasks a previous Lena waited for are followed again.
  void rt.manager.start().then(() => {
    void services.chat.resumeTasks();
    rt.manager.watch((config) => {
      for (const error of config.errors)
        events.emit('app:logged', {
          time: Date.now(),
          level: 'error',
          source: 'config',
          message: error.message,
        });
    });
  });
  return services;
}
