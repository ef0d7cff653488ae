// Small adapters that connect the services: the manager feeds the registry, and the chat's
// ToolExecutor is the manager plus the servers' identities. Shared by the window's host, the
// command line and integration tests, so all three run the same wiring.
import type { ToolExecutor } from '../chat/tool-runner';
import { launchIdentity, legacyLaunchIdentity } from '../mcp/config/identity';
import type { McpManager } from '../mcp/manager/manager';
import type { ToolRegistry } from '../mcp/registry/registry';
import type { ServerIdentity } from '../permissions/types';

/** Keeps the registry equal to the connected servers' tools; returns the unsubscribe function. */
export function connectRegistry(manager: McpManager, registry: ToolRegistry): () => void {
  const sync = (server: string) => {
    const session = manager.session(server);
    if (session?.connected) registry.setServerTools(server, session.tools);
    else registry.removeServer(server);
  };
  for (const status of manager.statuses()) sync(status.name);
  return manager.onToolsChanged(sync);
}

/** The identity trust and allow rules are bound to: the name plus a hash of the whole launch entry and its scope. */
export function serverIdentity(manager: McpManager, server: string): ServerIdentity {
  const configured = manager.session(server)?.configured;
  const entry = configured?.entry;
  const project = configured?.scope === 'project';
  return {
    name: server,
    hash: entry ? launchIdentity(entry, { scope: configured!.scope, file: configured!.file }) : 'unknown',
    source: project ? 'project' : 'user',
    ...(entry ? { legacyHash: legacyLaunchIdentity(entry) } : {}),
    ...(project && configured!.shadowed.length > 0 ? { shadowsUser: true } : {}),
  };
}

export function managerExecutor(manager: McpManager): ToolExecutor {
  return {
    call: (server, tool, args, opts) => manager.callTool(server, tool, args, opts),
    identity: (server) => serverIdentity(manager, server),
    whenReady: (ms) => manager.whenReady(ms),
    tasks: { waiting: () => manager.waitingTasks(), follow: (record, opts) => manager.followTask(record, opts), forget: (key) => manager.forgetTask(key) },
  };
}
