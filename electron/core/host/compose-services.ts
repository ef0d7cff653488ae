// The window's services composed over the runtime (compose.ts): the folder to open and its
// settings, the parts, one service per area, and the forwarding of their changes as events.
// The one composition of Lena's engine, for the window, `lena chat` and `lena mcp`: the parts in
// dependency order (stores, the manager, the gate over it, the ports that need both, the chat
// engine), then the services over them, then event forwarding. Nothing refers to a part built
// later: what the manager's sessions need from parts built over the manager (feature ports, the
// log tap) it takes through attach(), before its first start.
import { homedir } from 'node:os';
import type { AppNotice } from '../../../shared/app-types';
import { watchConfigFiles } from '../mcp/config/watch';
import type { HostServices, ServiceOptions } from './services';
import { AppsService } from './services/apps';
import { InstallService } from './services/install';
import { BundleService } from './services/bundles';
import { AsksService } from './services/asks';
import { ChatService } from './services/chat';
import { LogsService } from './services/logs';
import { ProjectService } from './services/project';
import { ServersService } from './services/servers';
import { SettingsService } from './services/settings';
import { RecentProjects } from './recent-projects';
import { serverIdentity } from './wiring';
import { KeptArtifacts } from '../agents/kept-files';

// Long: the parts in dependency order, each built once from those above it; read top to bottom.
import { composeRuntime } from './compose';

// Long: the window's parts, then its services, then event forwarding, in one place.
export async function composeServices(options: ServiceOptions): Promise<HostServices> {
  const { paths, events } = options;
  // The folder to open (the launch's, else the last one when the desktop remembers), then its
  // settings, read before the parts: a project whose settings are broken starts no servers.
  const projectNotices: AppNotice[] = [];
  const recent = options.rememberProjects
    ? new RecentProjects(paths.recentFolders, {
        notice: (message) => void projectNotices.push({ level: 'warn', message }),
      })
    : undefined;
  const folder = await ProjectService.initialFolder(options.projectFolder, recent, (err) =>
    events.emit('app:logged', {
      time: Date.now(),
      level: 'warn',
      source: 'project',
      message: err.message,
    }),
  );
  const initial = await ProjectService.read(folder);
  const rt = await composeRuntime({
    paths,
    sources: {
      userFile: paths.mcpConfig,
      projectDir: folder && !initial?.problem ? folder : undefined,
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

  // The services, each over the parts it owns.
  const servers = new ServersService(rt, paths);
  const settings = new SettingsService(
    rt,
    options.secrets,
    options.updates,
    rt.chatSettings,
    (options.env ?? process.env).HOME || homedir(),
  );
  const project = await ProjectService.start(
    { permissions: rt.permissions, servers, events, history: options.projects ?? recent },
    folder,
    initial,
  );
  const chat = new ChatService(rt);
  const asks = new AsksService(rt);

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
  asks.forward(events);
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
    void chat.resumeTasks();
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
  const install = new InstallService({
    paths,
    registryUrl: () => settings.current().registryUrl,
    secrets: options.secrets,
    servers,
    env: options.env,
  });
  return {
    servers,
    chat,
    asks,
    settings,
    logs: new LogsService(rt),
    project,
    apps: new AppsService(rt, options.views, options.saveFile),
    install,
    bundles: new BundleService({
      paths,
      secrets: options.secrets,
      servers,
      events: options.events,
      registryPackage: (name, version, optionId) =>
        install.bundlePackage(name, version ?? 'latest', optionId),
      pickPaths: options.pickPaths,
    }),
    skills: rt.skills,
    agents: rt.agents,
    keptArtifacts: new KeptArtifacts(paths.delegationFiles, {
      ...(options.saveFile
        ? {
            saveFile: (name: string, data: Buffer) =>
              options.saveFile!(name, data, null, 'Save the artifact an agent returned'),
          }
        : {}),
      ...(options.showInFolder ? { showInFolder: options.showInFolder } : {}),
    }),
    paths,
    notices: () => [...rt.notices, ...projectNotices],
    runtime: rt,
    async close() {
      settingsWatcher.close();
      project.close();
      unlistenTools();
      await rt.close();
    },
  };
}
