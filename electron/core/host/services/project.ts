// The project service: the one owner of the open folder, for the window, the menu and the dock
// alike. It knows the folder (its real path), the recent ones, its `.mcp.json`, its deny and ask
// rules (`<project>/.lena/settings.json`) and why that file is broken, if it is.
// A broken file fails closed: the project's servers stay off and every call asks. Opening a folder
// applies its rules, restarts the project's servers for it, and tells running servers their roots
// changed; the settings file is watched, so fixing (or breaking) it applies without reopening.
import type { ProjectView } from '../../../../shared/settings-types';
import { findProjectConfig } from '../../mcp/config/scopes';
import { watchConfigFiles } from '../../mcp/config/watch';
import {
  projectSettingsFile,
  readProjectPermissions,
  type ProjectPermissions,
} from '../../permissions/scopes';
import type { PermissionLists } from '../../permissions/types';
import type { PermissionService } from '../../permissions/service';
import type { HostEvents } from '../events';
import { canonicalFolder, type RecentProjects } from '../recent-projects';
import type { ServersService } from './servers';

/** The recent project folders (recent-folders.json for the desktop; none under tests or the CLI). */
export interface ProjectHistory {
  recent(): string[];
  opened(folder: string | null): void | Promise<void>;
  /** Empties the recent list but for the open folder. */
  clear?(): void | Promise<void>;
}

const settingsFiles = (folder: string | null) => (folder ? [projectSettingsFile(folder)] : []);

export class ProjectService {
  private open_: { folder: string | null; mcpFile: string | null } = {
    folder: null,
    mcpFile: null,
  };
  private rules_: Partial<PermissionLists> = {};
  private problem_: string | null = null;
  private readonly watcher = watchConfigFiles([], () => this.settingsEdited());

  private constructor(
    private readonly deps: {
      permissions: PermissionService;
      servers: ServersService;
      events: HostEvents;
      history?: ProjectHistory;
    },
  ) {}

  /**
   * The folder to start with: the one given at launch (its real path, remembered), else the one
   * open when Lena last quit. A launch folder that is not a folder is `refused` and not opened.
   */
  static async initialFolder(
    launch: string | null | undefined,
    history: RecentProjects | undefined,
    refused: (error: Error) => void,
  ): Promise<string | null> {
    const restored = history ? (await history.restore()).folder : null;
    if (!launch) return restored;
    try {
      const folder = await canonicalFolder(launch);
      await history?.opened(folder);
      return folder;
    } catch (err) {
      refused(err as Error);
      return restored;
    }
  }

  /**
   * Reads the folder's settings before any server starts (a project whose settings are broken
   * starts none): call `start` with the result, then build the servers from `serverDir()`.
   */
  static async read(folder: string | null | undefined): Promise<ProjectPermissions | undefined> {
    return folder ? readProjectPermissions(folder) : undefined;
  }

  /** The service over a folder read by `read`; its rules apply at once. */
  static async start(
    deps: ProjectService['deps'],
    folder: string | null,
    read: ProjectPermissions | undefined,
  ): Promise<ProjectService> {
    const project = new ProjectService(deps);
    project.open_ = {
      folder,
      mcpFile: folder ? ((await findProjectConfig(folder)) ?? null) : null,
    };
    // At start-up app:notices says a problem once; the log keeps it under another source, since
    // a `config` error is also a toast. Later (opened, file edited) the log entry is the toast.
    project.apply(read, 'project');
    project.watcher.update(settingsFiles(folder));
    return project;
  }

  folder(): string | null {
    return this.open_.folder;
  }
  /** The open project's `.mcp.json`, when it has one. */
  mcpFile(): string | null {
    return this.open_.mcpFile;
  }
  rules(): Partial<PermissionLists> {
    return this.rules_;
  }
  /** Why the open project's settings file is broken (then its servers are off and every call asks). */
  problem(): string | null {
    return this.problem_;
  }
  view(): ProjectView {
    return {
      folder: this.open_.folder,
      recent: this.deps.history?.recent() ?? [],
      mcpFile: this.open_.mcpFile,
    };
  }

  /**
   * Switches to the folder (its real path; null: none), remembered first in the recent list,
   * and says so (project:changed). Opening the open folder again restarts nothing. Not a folder:
   * ProjectFolderError, and nothing changes.
   */
  async open(folder: string | null): Promise<ProjectView> {
    const next = folder === null ? null : await canonicalFolder(folder);
    if (next === this.open_.folder) {
      await this.deps.history?.opened(next);
      const view = this.view();
      this.deps.events.emit('project:changed', view);
      return view;
    }
    this.open_ = {
      folder: next,
      mcpFile: next ? ((await findProjectConfig(next)) ?? null) : null,
    };
    const read = await ProjectService.read(next);
    this.apply(read);
    this.watcher.update(settingsFiles(next));
    await this.deps.history?.opened(next);
    await this.deps.servers.setProjectDir(next && !read?.problem ? next : undefined);
    // The roots are the project folder: servers that kept running hear that they changed.
    for (const status of this.deps.servers.statuses())
      void this.deps.servers.rootsChanged(status.name);
    const view = this.view();
    this.deps.events.emit('project:changed', view);
    return view;
  }

  /** Empties the recent list but for the open folder (the menu's Clear Recent). */
  async clearRecent(): Promise<ProjectView> {
    await this.deps.history?.clear?.();
    const view = this.view();
    this.deps.events.emit('project:changed', view);
    return view;
  }

  close(): void {
    this.watcher.close();
  }

  /** The project's rules apply through the tested reader; a broken file fails closed. */
  private apply(read: ProjectPermissions | undefined, source = 'config'): void {
    this.rules_ = read?.lists ?? {};
    this.problem_ = read?.problem ?? null;
    this.deps.permissions.setProjectRules(this.rules_, read?.problem);
    for (const message of [...(read?.warnings ?? []), ...(read?.problem ? [read.problem] : [])]) {
      this.deps.events.emit('app:logged', {
        time: Date.now(),
        level: read?.problem === message ? 'error' : 'warn',
        source,
        message,
      });
    }
  }

  private settingsEdited(): void {
    const folder = this.open_.folder;
    if (!folder) return;
    void readProjectPermissions(folder)
      .then(async (read) => {
        const wasBroken = this.problem_ !== null;
        this.apply(read);
        if (wasBroken !== (read.problem !== undefined))
          await this.deps.servers.setProjectDir(read.problem ? undefined : folder);
      })
      .catch(() => undefined);
  }
}
