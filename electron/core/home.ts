// Lena's home: one directory holds everything Lena keeps, shared by the window and the command line.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface LenaPaths {
  home: string;
  /** User-scope MCP servers. */
  mcpConfig: string;
  settings: string;
  database: string;
  logs: string;
  /** Process groups of the servers Lena started, for orphan cleanup after a crash. */
  processes: string;
}

/** `LENA_HOME` when set (resolved to an absolute path), else `~/.lena`. */
export function resolveLenaHome(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const fromEnv = env.LENA_HOME?.trim();
  return fromEnv ? resolve(fromEnv) : join(home, '.lena');
}

export function lenaPaths(home: string = resolveLenaHome()): LenaPaths {
  return {
    home,
    mcpConfig: join(home, 'mcp.json'),
    settings: join(home, 'settings.json'),
    database: join(home, 'lena.db'),
    logs: join(home, 'logs'),
    processes: join(home, 'processes.json'),
  };
}

/** Creates the home and its `logs/` folder (owner-only: it holds conversations and secrets). */
export function ensureLenaHome(paths: LenaPaths): LenaPaths {
  mkdirSync(paths.home, { recursive: true, mode: 0o700 });
  mkdirSync(paths.logs, { recursive: true, mode: 0o700 });
  return paths;
}
