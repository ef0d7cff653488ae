// The window's services: the shared runtime plus what only the window has (a project folder,
// events forwarded to the renderer). Started once by createHost; handlers await it.
import type { LenaPaths } from '../home';
import { findProjectConfig } from '../mcp/config/scopes';
import { watchConfigFiles } from '../mcp/config/watch';
import { settingsViewFor, type UpdatePreference } from './views/settings';
import type { ManagerOptions } from '../mcp/manager/manager';
import type { ProcessRecorder } from '../mcp/manager/types';
import { projectSettingsFile, readProjectPermissions } from '../permissions/scopes';
import type { PermissionLists } from '../permissions/types';
import { requestView, resolvedView } from '../permissions/view';
import type { SecretProvider } from '../store/secrets';
import type { HostEvents } from './events';
import type { SaveFile } from './apps/view-asks';
import type { ViewBinding } from './apps/views';
import { createRuntime, type Runtime } from './runtime';
import { serverIdentity } from './wiring';

export interface HostServices {
  runtime: Runtime;
  secrets: SecretProvider;
  paths: LenaPaths;
  project: { folder: string | null; mcpFile: string | null };
  projects?: ProjectHistory;
  updates?: UpdatePreference;
  /** The open project's deny and ask rules (`<project>/.lena/settings.json`). */
  projectRules: Partial<PermissionLists>;
  /** Why the open project's settings file is broken (then its servers are off and every call asks). */
  projectProblem: string | null;
  setProject(folder: string | null): Promise<void>;
  /** Stops watching files and closes the runtime (servers, database). */
  close(): Promise<void>;
  /** MCP Apps: where views are framed from (absent: views are not shown) and how their files are saved. */
  views?: ViewBinding;
  saveFile?: SaveFile;
}

/** The recent project folders, kept by the desktop shell (none under tests or the CLI). */
export interface ProjectHistory {
  recent(): string[];
  opened(folder: string | null): void | Promise<void>;
}

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
  const initial = options.projectFolder
    ? await readProjectPermissions(options.projectFolder)
    : undefined;
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
  rt.servers.onStatus((status) => events.emit('servers:status-changed', status));
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
    const status = rt.servers.status(server);
    if (status) events.emit('servers:status-changed', status);
    events.emit('servers:tools-changed', { server });
  });
  rt.broker?.on('requested', () => {
    // Positions shift as requests come and go: send the whole queue's views.
    for (const pending of rt.broker!.pending())
      events.emit('permissions:requested', requestView(pending));
  });
  rt.broker?.on('resolved', (event) => events.emit('permissions:resolved', resolvedView(event)));
  rt.questions?.on('requested', (question) => events.emit('questions:requested', question));
  rt.questions?.on('resolved', (event) => events.emit('questions:resolved', event));
  // settings.json edited outside the window (`lena`, an editor): rules and settings follow.
  const settingsWatcher = watchConfigFiles([paths.settings], () => {
    void rt.settings
      .reload()
      .then(async () => {
        await rt.permissions.reload();
        events.emit(
          'settings:changed',
          await settingsViewFor(rt.settings, options.secrets, options.updates),
        );
      })
      .catch(() => undefined);
  });

  // The project's rules apply through the tested reader; a broken file fails closed (issue 13).
  // At start-up app:notices says the problem once; the log keeps it under another source, since a
  // `config` error is also a toast. Later (project opened, file edited) the log entry is the toast.
  const applyProjectRules = (
    read: Awaited<ReturnType<typeof readProjectPermissions>> | undefined,
    source = 'config',
  ) => {
    services.projectRules = read?.lists ?? {};
    services.projectProblem = read?.problem ?? null;
    rt.permissions.setProjectRules(services.projectRules, read?.problem);
    for (const message of [...(read?.warnings ?? []), ...(read?.problem ? [read.problem] : [])]) {
      events.emit('app:logged', {
        time: Date.now(),
        level: read?.problem === message ? 'error' : 'warn',
        source,
        message,
      });
    }
  };
  const projectSettings = (folder: string | null) => (folder ? [projectSettingsFile(folder)] : []);
  // Fixing (or breaking) the project's settings file applies without reopening the project.
  const projectWatcher = watchConfigFiles(projectSettings(options.projectFolder ?? null), () => {
    const folder = services.project.folder;
    if (!folder) return;
    void readProjectPermissions(folder)
      .then(async (read) => {
        const wasBroken = services.projectProblem !== null;
        applyProjectRules(read);
        if (wasBroken !== (read.problem !== undefined))
          await rt.manager.setProjectDir(read.problem ? undefined : folder);
      })
      .catch(() => undefined);
  });

  const services: HostServices = {
    runtime: rt,
    secrets: options.secrets,
    paths,
    project: { folder: null, mcpFile: null },
    projectRules: {},
    projectProblem: null,
    projects: options.projects,
    updates: options.updates,
    views: options.views,
    saveFile: options.saveFile,
    async close() {
      settingsWatcher.close();
      projectWatcher.close();
      unlistenTools();
      await rt.close();
    },
    async setProject(next) {
      services.project = {
        folder: next,
        mcpFile: next ? ((await findProjectConfig(next)) ?? null) : null,
      };
      const read = next ? await readProjectPermissions(next) : undefined;
      applyProjectRules(read);
      projectWatcher.update(projectSettings(next));
      await options.projects?.opened(next);
      await rt.manager.setProjectDir(next && !read?.problem ? next : undefined);
      // The roots are the project folder: servers that kept running hear that they changed.
      for (const status of rt.manager.statuses())
        void rt.manager
          .session(status.name)
          ?.mcp?.rootsChanged()
          .catch(() => undefined);
    },
  };
  services.project = {
    folder: options.projectFolder ?? null,
    mcpFile: options.projectFolder
      ? ((await findProjectConfig(options.projectFolder)) ?? null)
      : null,
  };
  applyProjectRules(initial, 'project');
  // Servers start in the background; the first turn waits for them (at most 10 s). Edits of the
  // configuration files made outside the window reload by themselves.
  // Issue 19: once the servers are configured, the tasks a previous Lena waited for are followed again.
  void rt.manager.start().then(() => {
    void rt.engine.resumeTasks();
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
