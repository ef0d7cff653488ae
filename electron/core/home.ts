// Lena's home: one directory holds everything Lena keeps, shared by the window and the command line.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Every file in Lena's home, named once (issue 13): nothing else joins a name onto the home. */
export interface LenaPaths {
  home: string;
  /** User-scope MCP servers. */
  mcpConfig: string;
  settings: string;
  database: string;
  logs: string;
  /** Process groups of the servers Lena started, for orphan cleanup after a crash. */
  processes: string;
  /** Project-server approvals, per project. */
  approvals: string;
  /** Accepted tool definitions. */
  pins: string;
  /** Each server's tools at its first start (new ones wait for the user). */
  baselines: string;
  /** OAuth registrations and token metadata. */
  oauth: string;
  /** The CLI's OAuth tokens where no system keychain exists (0600). */
  oauthTokens: string;
  /** Server tasks Lena was waiting for, across restarts. */
  tasks: string;
  /** Tokens used by servers' sampling requests, per server. */
  samplingUsage: string;
  /** Which endpoints refused Anthropic's tool search (remembered per base URL). */
  toolSearch: string;
  /** What MCP Apps views gave the model (ui/update-model-context), per view. */
  viewContexts: string;
  /** The user's own skill folders live here too (besides ~/.claude/skills and ~/.agents/skills). */
  skills: string;
  /** Approvals of project skills, bound to the hash of their files. */
  skillApprovals: string;
  /** The skills the user switched off. */
  skillSwitches: string;
  /** Approvals of MCP servers' skills, keyed by server identity and URI, bound to their digests. */
  serverSkillApprovals: string;
  /** The desktop's encrypted secret store. */
  secrets: string;
  recentFolders: string;
  windowState: string;
  updates: string;
  /** MCP Registry pages and server records, per registry URL (refreshed with updated_since). */
  registryCache: string;
  /** The names (never the values) of the secrets `lena secrets set` keeps in the CLI's store. */
  cliSecretNames: string;
  /** Each project's instructions, pinned files, default model and tool switches (never in the folder). */
  projects: string;
  /** Installed MCP bundles, one folder per bundle name and version (extensions/NAME/VERSION). */
  extensions: string;
  /** A2A agents the user added (user scope only). */
  agents: string;
  /** Delegations to agents the window was following, across restarts. */
  delegations: string;
  /** Agents' artifacts too large to give Claude inline, kept whole (attachments/delegations). */
  delegationFiles: string;
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
    approvals: join(home, 'approvals.json'),
    pins: join(home, 'pins.json'),
    baselines: join(home, 'tool-baselines.json'),
    oauth: join(home, 'oauth.json'),
    oauthTokens: join(home, 'oauth-tokens.json'),
    tasks: join(home, 'tasks.json'),
    samplingUsage: join(home, 'sampling-usage.json'),
    toolSearch: join(home, 'tool-search.json'),
    viewContexts: join(home, 'view-contexts.json'),
    skills: join(home, 'skills'),
    skillApprovals: join(home, 'skill-approvals.json'),
    skillSwitches: join(home, 'skills.json'),
    serverSkillApprovals: join(home, 'server-skill-approvals.json'),
    secrets: join(home, 'secrets.json'),
    recentFolders: join(home, 'recent-folders.json'),
    windowState: join(home, 'window-state.json'),
    updates: join(home, 'updates.json'),
    registryCache: join(home, 'registry-cache.json'),
    cliSecretNames: join(home, 'cli-secret-names.json'),
    projects: join(home, 'projects.json'),
    extensions: join(home, 'extensions'),
    agents: join(home, 'agents.json'),
    delegations: join(home, 'delegations.json'),
    delegationFiles: join(home, 'attachments', 'delegations'),
  };
}

/** A file or folder whose mode was narrowed at start. */
export interface TightenedPath {
  path: string;
  from: number;
  to: number;
}

/**
 * Creates the home and its `logs/` folder, and tightens what is already there (it holds
 * conversations and secrets): see tightenHome. `onTightened` hears each change, for the log.
 */
export function ensureLenaHome(
  paths: LenaPaths,
  onTightened?: (changed: TightenedPath[]) => void,
): LenaPaths {
  mkdirSync(paths.home, { recursive: true, mode: 0o700 });
  mkdirSync(paths.logs, { recursive: true, mode: 0o700 });
  const changed = tightenHome(paths.home);
  if (changed.length) onTightened?.(changed);
  return paths;
}

/** Enough for any real home; a home with more entries is tightened as far as this reaches. */
const MAX_ENTRIES = 20_000;

/**
 * On POSIX, takes group and other access away: folders become 0700 and files at most 0700 (a
 * home made by an older Lena, a restored backup, or created under a loose umask). Symbolic links
 * are not followed: what they point at is not Lena's. Windows has no such modes: nothing to do.
 */
export function tightenHome(
  home: string,
  platform: NodeJS.Platform = process.platform,
): TightenedPath[] {
  if (platform === 'win32') return [];
  const changed: TightenedPath[] = [];
  const pending = [home];
  let seen = 0;
  while (pending.length && seen < MAX_ENTRIES) {
    const path = pending.pop()!;
    seen++;
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    const from = stat.mode & 0o777;
    let to = from;
    if (stat.isDirectory()) {
      to = 0o700;
      try {
        for (const name of readdirSync(path)) pending.push(join(path, name));
      } catch {
        // An unreadable folder is left as it is; its mode is still narrowed below.
      }
    } else if (stat.isFile()) to = from & 0o700; // the owner's execute bit stays: bundles carry programs
    if (to === from) continue;
    try {
      chmodSync(path, to);
      changed.push({ path, from, to });
    } catch {
      // Not ours (another owner) or a read-only file system: nothing Lena can change.
    }
  }
  return changed;
}

/** One log line for what tightenHome changed. */
export function describeTightened(changed: readonly TightenedPath[]): string {
  const octal = (mode: number) => mode.toString(8).padStart(4, '0');
  const shown = changed.slice(0, 5).map((c) => `${c.path} ${octal(c.from)} → ${octal(c.to)}`);
  const more = changed.length > shown.length ? `, and ${changed.length - shown.length} more` : '';
  return `Lena's home was readable by other users: made ${changed.length} ${changed.length === 1 ? 'entry' : 'entries'} owner-only (${shown.join(', ')}${more}).`;
}
