// Pure selectors over servers and their detail. Those that build a new array each call
// (`connectedNames`, `names`) are read through `useShallow`, so a component re-renders only when
// the list's items change.
import type { ServerStatus, ToolInfo } from '../../../shared/server-types';
import type { LenaState } from '../create-store';

const NONE: ServerStatus[] = [];
const NO_TOOLS: ToolInfo[] = [];

export const serversSelectors = {
  servers: (s: LenaState) => s.serverList.value ?? NONE,
  serversLoad: (s: LenaState) => s.serverList,
  /** Loaded, and there is none: the empty state, not a spinner. */
  noServers: (s: LenaState) =>
    s.serverList.status === 'ready' && (s.serverList.value ?? NONE).length === 0,
  names: (s: LenaState) => (s.serverList.value ?? NONE).map((x) => x.name),
  connectedNames: (s: LenaState) =>
    (s.serverList.value ?? NONE).filter((x) => x.status === 'connected').map((x) => x.name),
  /** Tools Claude can be offered now: those of connected servers. */
  connectedToolCount: (s: LenaState) =>
    (s.serverList.value ?? NONE).reduce(
      (n, x) => n + (x.status === 'connected' ? x.toolCount : 0),
      0,
    ),
  /**
   * The servers at a glance, for the title bar and the sidebar's servers entry (read with
   * `useShallow`): counts by what they want from the user, and the colour of the worst.
   */
  summary: (s: LenaState) => {
    const servers = s.serverList.value ?? NONE;
    const connected = servers.filter((x) => x.status === 'connected').length;
    // A server waiting for a sign-in is the user's move, not a failure: amber, and said in words.
    const signIn = servers.filter((x) => x.signIn?.state === 'required').length;
    // A failed server with a restart scheduled is "restarting" (amber), never red beside it.
    const restarting = servers.filter(
      (x) => x.status === 'failed' && x.restart && x.signIn?.state !== 'required',
    ).length;
    const failed = servers.filter((x) => x.status === 'failed').length - signIn - restarting;
    const waiting = servers.filter((x) => x.status === 'needs-approval').length;
    const connecting = servers.some((x) => x.status === 'connecting');
    const needs = failed + restarting + waiting + signIn;
    const attention: 'red' | 'amber' | 'green' | 'grey' =
      failed > 0 ? 'red' : needs > 0 || connecting ? 'amber' : connected > 0 ? 'green' : 'grey';
    return {
      total: servers.length,
      connected,
      signIn,
      restarting,
      failed,
      waiting,
      needs,
      attention,
    };
  },
  selectedName: (s: LenaState) => s.selectedServer,
  selected: (s: LenaState) =>
    (s.serverList.value ?? NONE).find((x) => x.name === s.selectedServer) ?? null,
  addingServer: (s: LenaState) => s.addingServer,
  tools: (server: string) => (s: LenaState) => s.toolLists[server]?.value ?? NO_TOOLS,
  toolsError: (server: string) => (s: LenaState) => s.toolLists[server]?.error ?? null,
  toolLists: (s: LenaState) => s.toolLists,
  logs: (server: string) => (s: LenaState) => s.logsByServer[server]?.value ?? null,
  logsError: (server: string) => (s: LenaState) => s.logsByServer[server]?.error ?? null,
  asks: (server: string) => (s: LenaState) => s.serverAsks[server] ?? null,
  configFiles: (s: LenaState) => s.configFileList.value,
  configFilesError: (s: LenaState) => s.configFileList.error,
};
