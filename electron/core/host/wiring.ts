// Small adapters that connect the services: the manager feeds the registry, the chat's
// ToolExecutor is the manager's servers and identities, and the one tool gate runs calls through
// the manager. Shared by the window's host, the command line and integration tests, so all three
// run the same wiring.
import type { ToolExecutor } from '../chat/tool-runner';
import { launchIdentity, legacyLaunchIdentity } from '../mcp/config/identity';
import type { McpManager } from '../mcp/manager/manager';
import type { ToolRegistry } from '../mcp/registry/registry';
import type { PermissionService } from '../permissions/service';
import { ToolGate, type ConversationSwitches, type SignInRetry } from '../permissions/tool-gate';
import type { ServerIdentity } from '../permissions/types';
import { needsSignIn, type SignInAsker } from './sign-in-asker';

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
    hash: entry
      ? launchIdentity(entry, { scope: configured!.scope, file: configured!.file })
      : 'unknown',
    source: project ? 'project' : 'user',
    ...(entry ? { legacyHash: legacyLaunchIdentity(entry) } : {}),
    ...(project && configured!.shadowed.length > 0 ? { shadowsUser: true } : {}),
  };
}

/** The chat's view of the servers: identities, readiness, recorded tasks, what each is called. */
export function managerExecutor(manager: McpManager): ToolExecutor {
  return {
    identity: (server) => serverIdentity(manager, server),
    whenReady: (ms) => manager.whenReady(ms),
    tasks: {
      waiting: () => manager.waitingTasks(),
      forget: (key) => manager.forgetTask(key),
    },
    about: (server) => launchWords(manager.session(server)?.configured.entry),
  };
}

/**
 * The one gate over this manager. With `signIn` (the window), a model's call refused for want of
 * a sign-in asks the user to sign in, and the gate makes the call again afterwards.
 */
export function toolGate(
  manager: McpManager,
  permissions: PermissionService,
  signIn?: SignInAsker,
  switches?: ConversationSwitches,
): ToolGate {
  const retry: SignInRetry | undefined = signIn
    ? async (err, server, tool, signal, conversationId) => {
        if (!needsSignIn(err, manager.status(server))) return false;
        const signedIn = await signIn(server, tool, signal, conversationId);
        if (!signedIn.ok) throw signedIn.error;
        return true;
      }
    : undefined;
  return new ToolGate({
    permissions,
    caller: manager,
    ...(retry ? { signIn: retry } : {}),
    ...(switches ? { switches } : {}),
  });
}

/**
 * What a server's entry calls it, beyond its name: the packages it launches
 * ("@executeautomation/playwright-mcp-server" for `npx -y …`) or the host it reaches. Users name
 * a server by these ("the ExecuteAutomation server"); paths, flags and values stay out.
 */
export function launchWords(
  entry: { command?: string; args?: string[]; url?: string } | undefined,
): string | undefined {
  if (!entry) return undefined;
  if (entry.url) {
    try {
      return new URL(entry.url).hostname;
    } catch {
      return undefined;
    }
  }
  // A package or image reference (scope/name@version, registry/owner/image:tag), not a flag, a
  // runner, an environment variable's name or a script file.
  const packageLike = /^@?[a-z0-9][\w.-]*(\/[\w.-]+)*(@[\w.^~-]+)?(:[\w.-]+)?$/;
  const runner = /^(npx|node|uvx|uv|python3?|bunx|bun|deno|docker|podman|run|exec|tool)$/;
  const words = [entry.command ?? '', ...(entry.args ?? [])].filter(
    (a) => packageLike.test(a) && !runner.test(a) && !/\.(m?js|cjs|ts|py)$/.test(a),
  );
  return words.length ? words.join(' ') : undefined;
}
