// Import of Claude Desktop's servers (`claude_desktop_config.json`, same `mcpServers` shape) into
// Lena's user file, on request. Existing names are never overwritten.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { ConfigIssue } from '../../../../shared/server-config';
import { readConfigFile } from './parse';
import { editConfigFile } from './write';

/** Where Claude Desktop keeps its configuration on this platform. */
export function claudeDesktopConfigPath(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  const file = 'claude_desktop_config.json';
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Claude', file);
  if (platform === 'win32')
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Claude', file);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Claude', file);
}

export interface ClaudeDesktopImport {
  source: string;
  target: string;
  added: string[];
  /** Valid entries not imported, with why (a server of that name already exists). */
  skipped: { name: string; reason: string }[];
  /** Entries Lena could not accept, with what is wrong. */
  invalid: { name: string; reason: string; issues: ConfigIssue[] }[];
}

export interface ImportOptions {
  /** Defaults to this platform's Claude Desktop location. */
  source?: string;
  /** Import only these servers; all by default. */
  names?: readonly string[];
}

/** Copies Claude Desktop's servers into `target` (Lena's `mcp.json`) and reports what happened. */
export async function importClaudeDesktop(
  target: string,
  options: ImportOptions = {},
): Promise<ClaudeDesktopImport> {
  const source = options.source ?? claudeDesktopConfigPath();
  const read = await readConfigFile(source);
  if (read.state === 'missing') {
    throw new LenaError(
      ERROR_CODE.notFound,
      `Claude Desktop's configuration was not found at ${source}; nothing to import. Is Claude Desktop installed with MCP servers configured?`,
    );
  }
  if (read.state === 'unreadable' || !read.ok) {
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `Claude Desktop's configuration could not be imported: ${read.errors.map((e) => e.message).join('; ')}`,
    );
  }
  const wanted = options.names ? new Set(options.names) : undefined;
  const report: ClaudeDesktopImport = { source, target, added: [], skipped: [], invalid: [] };
  const candidates = read.config.servers.filter((s) => !wanted || wanted.has(s.name));
  await editConfigFile(target, (servers) => {
    // Runs again if another process changed the target meanwhile: start the report afresh.
    Object.assign(report, { added: [], skipped: [], invalid: [] });
    for (const server of candidates) {
      if (!server.entry)
        report.invalid.push({
          name: server.name,
          reason: server.issues.map((i) => i.message).join('; '),
          issues: server.issues,
        });
      else if (Object.prototype.hasOwnProperty.call(servers, server.name)) {
        report.skipped.push({
          name: server.name,
          reason: `a server named "${server.name}" already exists in ${target}`,
        });
      } else {
        servers[server.name] = server.entry;
        report.added.push(server.name);
      }
    }
  });
  if (wanted) {
    for (const name of wanted) {
      if (!candidates.some((s) => s.name === name))
        report.skipped.push({ name, reason: `no server named "${name}" in ${source}` });
    }
  }
  return report;
}
