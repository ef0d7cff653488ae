// Where a server's own settings (settings.json `servers`: roots, sampling "always", log level, tool
// switches) and its sampling tally are kept. A user entry's key is its name. A project entry's key
// joins its name to a hash of its entry and its project file, so a project server named like a user
// server never reads what the user set for that server, nor what was set for another project's
// entry; an edited project entry starts again with nothing, as its approval does.
import type { McpManager } from '../mcp/manager/manager';
import { IDENTITY_PREFIX } from '../mcp/config/identity';
import { serverIdentity } from './wiring';

/** The key of `name`'s per-server records, as it is configured now (unknown: its name). */
export function serverSettingsKey(manager: McpManager | undefined, name: string): string {
  if (manager?.session(name)?.configured.scope !== 'project') return name;
  const { hash } = serverIdentity(manager, name);
  return `${name}@project:${hash.replace(IDENTITY_PREFIX, '').slice(0, 16)}`;
}
