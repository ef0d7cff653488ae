// MCP servers as the manager reports them, and the detail the servers page loads on demand (tools,
// logs, what each server may ask, the config files).
import type {
  ConfigFileView,
  ServerAsksView,
  ServerLogs,
  ServerStatus,
  ToolInfo,
} from '../../../shared/server-types';
import { idle, type Loadable } from '../loadable';

export interface ServersState {
  serverList: Loadable<ServerStatus[]>;
  selectedServer: string | null;
  /** The "Add server" panel instead of a server's detail. */
  addingServer: boolean;
  /** Tools per server; `*` holds every server's tools in one list. */
  toolLists: Record<string, Loadable<ToolInfo[]>>;
  logsByServer: Record<string, Loadable<ServerLogs>>;
  /** What each server may ask of Lena (roots, sampling review), once its page loaded it. */
  serverAsks: Record<string, ServerAsksView>;
  configFileList: Loadable<ConfigFileView[]>;
}

export const initialServersState = (): ServersState => ({
  serverList: idle(),
  selectedServer: null,
  addingServer: false,
  toolLists: {},
  logsByServer: {},
  serverAsks: {},
  configFileList: idle(),
});
