// servers:* — the manager, the configuration files and the registry, for the servers page.
import { readFile } from 'node:fs/promises';
import type { ServerEntry } from '../../../../shared/server-config';
import type { ConfigFileView, ServerStatus } from '../../../../shared/server-types';
import { logMessage } from '../log-messages';
import { asksHandlers } from './asks-handlers';
import { LenaError } from '../../../../shared/result';
import { findAuthError } from '../../mcp/auth/types';
import { importClaudeDesktop } from '../../mcp/config/claude-desktop';
import {
  addServer,
  removeServer,
  saveConfigText,
  setServerDisabled,
  updateServer,
} from '../../mcp/config/write';
import { toolInfoView } from '../views/tool-info';
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';
import { serverIdentity } from '../wiring';
import { serverKey } from '../../mcp/config/identity';

/** The inspector's servers:* channels live in inspect-handlers.ts. */
type ServerHandlers = Pick<
  Handlers,
  Exclude<
    Extract<keyof Handlers, `servers:${string}`>,
    'servers:log-view' | 'servers:log-body' | 'servers:run-tool' | 'servers:cancel-run'
  >
>;

export function serverHandlers(get: () => Promise<HostServices>): ServerHandlers {
  const status = async (name: string): Promise<ServerStatus> => {
    const s = await get();
    const st = s.runtime.servers.status(name);
    if (!st) throw new LenaError('not-found', `There is no server named "${name}".`);
    return st;
  };
  /** The file that holds a server's winning entry (user file for new servers). */
  const fileOf = async (name: string): Promise<string> => {
    const s = await get();
    return s.runtime.manager.session(name)?.configured.file ?? s.paths.mcpConfig;
  };
  const configFile = async (scope: 'user' | 'project', path: string): Promise<ConfigFileView> => {
    const s = await get();
    const text = await readFile(path, 'utf8').catch(() => null);
    const issues = (s.runtime.manager.lastConfig()?.errors ?? []).filter((e) => e.file === path);
    return { scope, path, text, issues };
  };

  return {
    'servers:list': async () => (await get()).runtime.servers.statuses(),
    'servers:reload': async (args) => {
      const s = await get();
      await s.runtime.manager.reload(args?.name);
      return s.runtime.servers.statuses();
    },
    'servers:restart': async ({ name }) => {
      await status(name);
      await (await get()).runtime.manager.restart(name);
      return status(name);
    },
    'servers:sign-in': async ({ name }) => {
      await status(name);
      const s = await get();
      try {
        await s.runtime.auth.signIn(name);
      } catch (err) {
        // Which step failed and what to try: the message says the step, the hint what to do.
        throw new LenaError(
          'sign-in-failed',
          err instanceof Error ? err.message : String(err),
          findAuthError(err)?.hint,
        );
      }
      await s.runtime.manager.restart(name);
      return status(name);
    },
    'servers:sign-in-cancel': async ({ name }) => (await get()).runtime.auth.cancelSignIn(name),
    'servers:sign-out': async ({ name }) => {
      await status(name);
      const s = await get();
      await s.runtime.auth.signOut(name);
      await s.runtime.manager.restart(name);
      return status(name);
    },
    'servers:add': async ({ name, entry }) => {
      const s = await get();
      await addServer(s.paths.mcpConfig, name, entry as ServerEntry);
      // The tools of its first start-up are its baseline; later ones wait for the user.
      await s.runtime.permissions.rebaseline(name, { fresh: true });
      await s.runtime.manager.reload();
      return status(name);
    },
    'servers:update': async ({ name, entry }) => {
      const s = await get();
      const configured = s.runtime.manager.session(name)?.configured;
      const file = configured?.file ?? s.paths.mcpConfig;
      // What the user set for the server follows the entry they edit (its identity changes with it).
      const to = serverKey(name, entry as ServerEntry, {
        scope: configured?.scope ?? 'user',
        file,
      });
      await s.runtime.records.edit(name, s.runtime.settingsKey(name), to, () =>
        updateServer(file, name, entry as ServerEntry),
      );
      await s.runtime.manager.reload();
      return status(name);
    },
    'servers:remove': async ({ name }) => {
      await removeServer(await fileOf(name), name);
      await (await get()).runtime.manager.reload();
      (await get()).runtime.logs.forget(name); // a removed server's log goes with it
    },
    'servers:set-enabled': async ({ name, enabled }) => {
      await setServerDisabled(await fileOf(name), name, !enabled);
      await (await get()).runtime.manager.reload();
      return status(name);
    },
    'servers:set-trusted': async ({ name, trusted }) => {
      const s = await get();
      const st = await status(name);
      // The permission service says which servers can be trusted.
      if (trusted)
        await s.runtime.permissions.trust(serverIdentity(s.runtime.manager, name), {
          scope: st.scope,
        });
      else await s.runtime.permissions.untrust(name);
      // Trust covers the tools listed now (its baseline); a tool added later asks once.
      const session = s.runtime.manager.session(name);
      if (trusted && session?.connected)
        await s.runtime.permissions.rebaseline(name, { current: session.tools });
      return status(name);
    },
    'servers:confirm': async ({ name }) => {
      const s = await get();
      await s.runtime.permissions.confirmServer(serverIdentity(s.runtime.manager, name));
      // Settings an outside edit left under the previous entry follow the confirmed one.
      if ((await s.runtime.records.carryOver(name)).length > 0)
        await s.runtime.manager.restart(name);
      return status(name);
    },
    'servers:test': async ({ name, entry }) =>
      (await get()).runtime.manager.testConnection(name, entry as ServerEntry),
    'servers:tools': async (args) => {
      const s = await get();
      return s.runtime.registry
        .tools(args?.name)
        .map((t) => toolInfoView(s.runtime.permissions, t));
    },
    'servers:set-tool-enabled': async ({ server, tool, enabled }) => {
      const s = await get();
      // Checked before anything is written: a toggle of a tool that does not exist leaves settings.json alone.
      if (!s.runtime.registry.tools(server).some((t) => t.tool.name === tool)) {
        throw new LenaError(
          'not-found',
          `"${server}" has no tool named "${tool}"; connect the server and pick one of the tools it lists.`,
        );
      }
      const key = s.runtime.settingsKey(server);
      const current = s.runtime.settings.current.servers[key]?.disabledTools ?? [];
      const disabledTools = enabled
        ? current.filter((t) => t !== tool)
        : [...new Set([...current, tool])];
      await s.runtime.settings.update({ servers: { [key]: { disabledTools } } });
      return toolInfoView(
        s.runtime.permissions,
        s.runtime.registry.tools(server).find((t) => t.tool.name === tool)!,
      );
    },
    'servers:logs': async ({ name }) => {
      const s = await get();
      const session = s.runtime.manager.session(name);
      if (!session) throw new LenaError('not-found', `There is no server named "${name}".`);
      // Classified from each message in core/host/views (no guessing from a preview).
      const protocol = s.runtime.logs.protocolEntries(name);
      const messages = (session.mcp?.logEntries() ?? []).map(logMessage);
      return {
        name,
        stderrTail: session.stderrTail(),
        protocol,
        messages,
        logLevel:
          s.runtime.settings.current.servers[s.runtime.settingsKey(name)]?.logLevel ?? 'info',
      };
    },
    ...asksHandlers(get),
    'servers:set-log-level': async ({ name, level }) => {
      const s = await get();
      const session = s.runtime.manager.session(name);
      if (!session) throw new LenaError('not-found', `There is no server named "${name}".`);
      await s.runtime.settings.update({
        servers: { [s.runtime.settingsKey(name)]: { logLevel: level } },
      });
      await session.mcp?.setLogLevel(level).catch(() => false);
      return status(name);
    },
    'servers:config-files': async () => {
      const s = await get();
      const files = [await configFile('user', s.paths.mcpConfig)];
      if (s.project.mcpFile) files.push(await configFile('project', s.project.mcpFile));
      return files;
    },
    'servers:save-config-file': async ({ scope, text }) => {
      const s = await get();
      const path = scope === 'user' ? s.paths.mcpConfig : s.project.mcpFile;
      if (!path) throw new LenaError('not-found', 'No project folder with a .mcp.json is open.');
      await saveConfigText(path, text);
      await s.runtime.manager.reload();
      return configFile(scope, path);
    },
    'servers:import-claude-desktop': async () => {
      const s = await get();
      const report = await importClaudeDesktop(s.paths.mcpConfig);
      await s.runtime.manager.reload();
      return report;
    },
    'servers:approve': async ({ name, approve, entryHash, grants = [] }) => {
      const s = await get();
      const folder = s.project.folder;
      if (!folder) throw new LenaError('conflict', 'No project folder is open.');
      const st = await status(name);
      const configured = s.runtime.manager.session(name)?.configured;
      // The approvals check that this answers the entry waiting now, and what may be granted.
      await s.runtime.approvals.answer(
        folder,
        {
          name,
          scope: st.scope,
          entry: configured?.entry,
          waiting: st.status === 'needs-approval',
        },
        entryHash,
        approve,
        grants,
      );
      if (approve) await s.runtime.permissions.rebaseline(name, { fresh: true });
      await s.runtime.manager.reload(name);
      return status(name);
    },
  };
}
