// What the window's services are and what building them takes; compose.ts builds them, once per
// host (createHost), and handlers await them.
import type { LenaPaths } from '../home';
import type { AppNotice } from '../../../shared/app-types';
import type { UpdatePreference } from './views/settings';
import type { ManagerOptions } from '../mcp/manager/manager';
import type { ProcessRecorder } from '../mcp/manager/types';
import type { SecretProvider } from '../store/secrets';
import type { HostEvents } from './events';
import type { SaveFile } from './apps/view-asks';
import type { ViewBinding } from './apps/views';
import type { Runtime } from './runtime';
import type { AppsService } from './services/apps';
import type { AsksService } from './services/asks';
import type { ChatService } from './services/chat';
import type { InstallService } from './services/install';
import type { BundleService, PickPaths } from './services/bundles';
import type { LogsService } from './services/logs';
import type { ProjectService, ProjectHistory } from './services/project';
import type { ServersService } from './services/servers';
import type { SettingsService } from './services/settings';
import type { SkillsService } from '../skills/service';
import type { AgentsService } from '../agents/service';
import type { KeptArtifacts } from '../agents/kept-files';

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
  /** The MCP Registry and installs from it. */
  install: InstallService;
  /** MCP bundles (.mcpb) opened, verified and installed. */
  bundles: BundleService;
  /** Skills from folders: list, switches, project approvals. */
  skills: SkillsService;
  /** A2A agents: entries, cards, add and remove. */
  agents: AgentsService;
  /** Agents' artifacts kept as files: "Save as…" and "Show in folder". */
  keptArtifacts: KeptArtifacts;
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
  /**
   * The desktop: the open folder and the recent ones are remembered in recent-folders.json, and
   * the last one opens again at the next start when no folder is given.
   */
  rememberProjects?: boolean;
  /** Another history of opened folders (tests); recent-folders.json with `rememberProjects`. */
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
  /** MCP Apps ui/download-file and agents' kept artifacts: main's save dialog; the harness writes into a folder. */
  saveFile?: SaveFile;
  /** Shows a file Lena kept in the system's file manager (main: shell.showItemInFolder). */
  showInFolder?: (path: string) => void | Promise<void>;
  /** A bundle's directory and file settings: main's open dialog; absent, the path is typed. */
  pickPaths?: PickPaths;
}
