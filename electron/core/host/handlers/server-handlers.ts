// servers:* — the servers service (configuration files, statuses, trust, sign-ins, tools, each
// server's own settings) for the servers page; the open folder comes from the project service.
import { LenaError, ERROR_CODE } from '../../../../shared/result';
import type { ServerEntry } from '../../../../shared/server-config';
import { asksHandlers } from './asks-handlers';
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

/** The inspector's servers:* channels live in inspect-handlers.ts. */
type ServerHandlers = Pick<
  Handlers,
  Exclude<
    Extract<keyof Handlers, `servers:${string}`>,
    'servers:log-view' | 'servers:log-body' | 'servers:run-tool' | 'servers:cancel-run'
  >
>;

// Long: one short handler per servers:* channel of the contract, in one typed object.
export function serverHandlers(get: () => Promise<HostServices>): ServerHandlers {
  const servers = async () => (await get()).servers;
  return {
    'servers:list': async () => (await servers()).statuses(),
    'servers:reload': async (args) => (await servers()).reload(args?.name),
    'servers:restart': async ({ name }) => (await servers()).restart(name),
    'servers:sign-in': async ({ name }) => (await servers()).signIn(name),
    'servers:sign-in-cancel': async ({ name }) => (await servers()).cancelSignIn(name),
    'servers:sign-out': async ({ name }) => (await servers()).signOut(name),
    'servers:add': async ({ name, entry }) => (await servers()).add(name, entry as ServerEntry),
    'servers:update': async ({ name, entry }) =>
      (await servers()).update(name, entry as ServerEntry),
    'servers:remove': async ({ name }) => (await servers()).remove(name),
    'servers:set-enabled': async ({ name, enabled }) => (await servers()).setEnabled(name, enabled),
    'servers:set-trusted': async ({ name, trusted }) => (await servers()).setTrusted(name, trusted),
    'servers:confirm': async ({ name }) => (await servers()).confirm(name),
    'servers:preinstall': async ({ name }) => (await servers()).preinstall(name),
    'servers:sandbox-allow': async ({ name, ...grant }) =>
      (await servers()).allowInSandbox(name, grant),
    'servers:test': async ({ name, entry }) => (await servers()).test(name, entry as ServerEntry),
    'servers:tools': async (args) => (await servers()).tools(args?.name),
    'servers:set-tool-enabled': async ({ server, tool, enabled }) =>
      (await servers()).setToolEnabled(server, tool, enabled),
    'servers:logs': async ({ name }) => (await servers()).logs(name),
    ...asksHandlers(get),
    'servers:set-log-level': async ({ name, level }) => (await servers()).setLogLevel(name, level),
    'servers:config-files': async () => {
      const s = await get();
      const files = [await s.servers.configFile('user', s.paths.mcpConfig)];
      const projectFile = s.project.mcpFile();
      if (projectFile) files.push(await s.servers.configFile('project', projectFile));
      return files;
    },
    'servers:save-config-file': async ({ scope, text }) => {
      const s = await get();
      const path = scope === 'user' ? s.paths.mcpConfig : s.project.mcpFile();
      if (!path)
        throw new LenaError(ERROR_CODE.notFound, 'No project folder with a .mcp.json is open.');
      return s.servers.saveConfigFile(scope, path, text);
    },
    'servers:import-claude-desktop': async () => (await servers()).importClaudeDesktop(),
    'servers:approve': async ({ name, approve, entryHash, grants = [], sandbox = true }) => {
      const s = await get();
      const folder = s.project.folder();
      if (!folder) throw new LenaError(ERROR_CODE.conflict, 'No project folder is open.');
      return s.servers.approve(folder, name, { approve, entryHash, grants, sandbox });
    },
  };
}
