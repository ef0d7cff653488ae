// Where configuration files are (Lena's `mcp.json`, the nearest project `.mcp.json`) and how the
// scopes merge: a project entry replaces the user entry of the same name whole.
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ConfiguredServer, ServerScope } from '../../../../shared/server-config';
import type { ParsedConfig } from './parse';
import { resolveTransport } from '../../../../shared/config/server-entry-schema';

export const PROJECT_CONFIG_NAME = '.mcp.json';
/** How many parent folders above the project folder are searched for `.mcp.json`. */
export const PROJECT_WALK_LEVELS = 10;

/**
 * The nearest `.mcp.json` in the project folder or one of its first `levels` parents, or
 * undefined. The bound keeps a project opened deep in a tree from picking up a stray file far
 * above it.
 */
export async function findProjectConfig(
  projectDir: string,
  levels = PROJECT_WALK_LEVELS,
): Promise<string | undefined> {
  let dir = resolve(projectDir);
  for (let level = 0; level <= levels; level++) {
    const candidate = join(dir, PROJECT_CONFIG_NAME);
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // Missing or unreadable here: keep walking up.
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

/** One scope's parsed file, for merging. */
export interface ScopeLayer {
  scope: ServerScope;
  config: ParsedConfig;
}

/**
 * Merges layers given from lowest to highest precedence (user, then project). A later entry
 * replaces an earlier one of the same name whole, even when the later one is invalid: falling
 * back silently to the other scope's entry would run something the user did not ask for.
 */
export function mergeScopes(layers: readonly ScopeLayer[]): ConfiguredServer[] {
  const merged = new Map<string, ConfiguredServer>();
  for (const { scope, config } of layers) {
    for (const server of config.servers) {
      const previous = merged.get(server.name);
      const shadowed = previous
        ? [...previous.shadowed, { scope: previous.scope, file: previous.file }]
        : [];
      merged.set(server.name, {
        name: server.name,
        scope,
        file: config.file,
        ...(server.entry ? { entry: server.entry, transport: resolveTransport(server.entry) } : {}),
        disabled: server.entry?.disabled === true,
        issues: server.issues,
        shadowed,
      });
    }
  }
  return [...merged.values()];
}
