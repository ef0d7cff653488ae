// Turns a valid entry into what a transport needs: `${VAR}`, `${VAR:-default}` and
// `${secret:NAME}` expanded in command, args, env, cwd, url and headers. A server with a missing
// variable is skipped (only that server; RELIABILITY.md fault 29). Values never leave this module
// in messages: only the names of the variables and secrets used are reported.
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import {
  DEFAULT_REQUEST_TIMEOUT_SECONDS,
  DEFAULT_STARTUP_TIMEOUT_SECONDS,
  type ServerEntry,
} from '../../../../shared/server-config';
import { resolveTransport } from '../../../../shared/config/server-entry-schema';

/**
 * Lena's secret store as the configuration sees it (the store's SecretProvider fits); throwing or
 * rejecting means "cannot be read".
 */
export interface SecretLookup {
  get(name: string): string | undefined | Promise<string | undefined>;
}

/** Where a value came from: the environment, a `:-` default, the secret store, or the env fallback for a secret. */
export type VariableSource = 'env' | 'default' | 'secret-store' | 'secret-env';

export interface UsedVariable {
  name: string;
  kind: 'variable' | 'secret';
  source: VariableSource;
}

interface Timeouts {
  requestTimeoutMs: number;
  startupTimeoutMs: number;
}
export interface StdioLaunch extends Timeouts {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Only the configured variables; the transport adds its allow-listed base environment. */
  env: Record<string, string>;
  cwd?: string;
}
export interface RemoteLaunch extends Timeouts {
  transport: 'http' | 'sse' | 'http-with-sse-fallback';
  url: string;
  headers: Record<string, string>;
  /** The entry's `oauth`, with the client secret expanded. */
  oauth?: { clientId?: string; clientSecret?: string; scopes?: string[]; callbackPort?: number; clientMetadataUrl?: string };
}
export type LaunchSpec = StdioLaunch | RemoteLaunch;

export type ExpandResult =
  | { ok: true; launch: LaunchSpec; used: UsedVariable[] }
  | {
      ok: false;
      /** `missing-*`: the server is skipped until the value exists; `invalid`: the entry must be fixed. */
      reason: 'missing-variables' | 'missing-secrets' | 'invalid';
      message: string;
      /** Names of the missing variables and secrets. */
      missing: string[];
      used: UsedVariable[];
    };

export interface ExpandOptions {
  env?: NodeJS.ProcessEnv;
  /** Absent on the command line, where the desktop app's keychain cannot be read. */
  secrets?: SecretLookup;
  /** The configuration file's folder: a relative `cwd` is resolved against it. */
  baseDir?: string;
  /**
   * Working directory when the entry sets none. For a project's servers pass the project folder,
   * so that `"args": ["./server.js"]` means the project's file, as in Claude Code.
   */
  defaultCwd?: string;
  /** Decides case-insensitive variable names (win32); defaults to this platform. */
  platform?: NodeJS.Platform;
}

const TOKEN = /\$\{([^}]*)\}/g;
const VARIABLE = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;
const SECRET = /^secret:([A-Za-z_][A-Za-z0-9_.-]*)$/;

/** Expands one entry; never throws. */
export async function expandEntry(entry: ServerEntry, options: ExpandOptions = {}): Promise<ExpandResult> {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const used = new Map<string, UsedVariable>();
  const missingVariables = new Set<string>();
  const missingSecrets = new Map<string, 'no-store' | 'not-found'>();
  const secretValues = new Map<string, string | undefined>();

  // First pass: find every secret and look each up once (the store may be asynchronous).
  const fields = collectStrings(entry);
  for (const text of fields) {
    for (const [, inner] of text.matchAll(TOKEN)) {
      const name = SECRET.exec(inner)?.[1];
      if (name !== undefined && !secretValues.has(name)) {
        const found = await lookupSecret(name, options.secrets, env, platform);
        secretValues.set(name, found.value);
        if (found.value === undefined) missingSecrets.set(name, found.why);
        else used.set(`secret:${name}`, { name, kind: 'secret', source: found.source });
      }
    }
  }

  const expand = (text: string): string =>
    text.replace(TOKEN, (whole, inner: string) => {
      const secret = SECRET.exec(inner)?.[1];
      if (secret !== undefined) return secretValues.get(secret) ?? '';
      const variable = VARIABLE.exec(inner);
      if (!variable) return whole; // not our syntax (e.g. a shell script's ${1}): leave it alone
      const [, name, fallback] = variable;
      const value = readEnv(env, name, platform);
      if (fallback !== undefined && (value === undefined || value === '')) {
        used.set(name, { name, kind: 'variable', source: 'default' });
        return fallback;
      }
      if (value === undefined) {
        missingVariables.add(name);
        return '';
      }
      used.set(name, { name, kind: 'variable', source: 'env' });
      return value;
    });

  const launch = buildLaunch(entry, expand, options.baseDir, options.defaultCwd);
  const usedList = [...used.values()];
  if (missingVariables.size > 0 || missingSecrets.size > 0) {
    const parts: string[] = [];
    if (missingVariables.size > 0) parts.push(`missing environment variables: ${[...missingVariables].join(', ')}`);
    for (const [name, why] of missingSecrets) parts.push(secretMessage(name, why));
    return {
      ok: false,
      reason: missingVariables.size > 0 ? 'missing-variables' : 'missing-secrets',
      message: parts.join('; '),
      missing: [...missingVariables, ...missingSecrets.keys()],
      used: usedList,
    };
  }
  if (launch.transport !== 'stdio') {
    const problem = urlProblem(launch.url);
    if (problem) {
      // The query is left out: people paste URLs with keys in them (`?api_key=...`).
      const shown = (entry.url ?? '').replace(/\?.*$/s, '?…');
      return { ok: false, reason: 'invalid', message: `"url" ${problem} (configured as "${shown}")`, missing: [], used: usedList };
    }
  }
  return { ok: true, launch, used: usedList };
}

/**
 * Windows treats variable names case-insensitively (`Path` is `PATH`), but a plain object (such
 * as the environment read from the login shell) does not, so look the name up as Windows would.
 */
function readEnv(env: NodeJS.ProcessEnv, name: string, platform: NodeJS.Platform): string | undefined {
  const exact = env[name];
  if (exact !== undefined || platform !== 'win32') return exact;
  const upper = name.toUpperCase();
  const key = Object.keys(env).find((k) => k.toUpperCase() === upper);
  return key === undefined ? undefined : env[key];
}

function secretMessage(name: string, why: 'no-store' | 'not-found'): string {
  return why === 'no-store'
    ? `secret "${name}" cannot be read here (Lena's secret store is not available, as on the command line) and the environment variable ${name} is not set; set ${name} in the environment`
    : `secret "${name}" is not in Lena's secret store; add it in Settings`;
}

/**
 * A readable store has the last word: it may apply its own environment fallback, and a secret the
 * user deleted must stay gone. Only without a readable store is the variable NAME used.
 */
async function lookupSecret(
  name: string,
  store: SecretLookup | undefined,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): Promise<{ value: string; source: VariableSource } | { value: undefined; why: 'no-store' | 'not-found' }> {
  if (store) {
    try {
      const value = await store.get(name);
      return value !== undefined ? { value, source: 'secret-store' } : { value: undefined, why: 'not-found' };
    } catch {
      // A locked or unavailable keychain: same as no store.
    }
  }
  const fromEnv = readEnv(env, name, platform);
  if (fromEnv !== undefined) return { value: fromEnv, source: 'secret-env' };
  return { value: undefined, why: 'no-store' };
}

function collectStrings(entry: ServerEntry): string[] {
  return [
    entry.command,
    ...(entry.args ?? []),
    ...Object.values(entry.env ?? {}),
    entry.cwd,
    entry.url,
    ...Object.values(entry.headers ?? {}),
    entry.oauth?.clientSecret,
  ].filter((s): s is string => typeof s === 'string');
}

function mapValues(record: Record<string, string> | undefined, fn: (s: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record ?? {})) out[key] = fn(value);
  return out;
}

function resolveCwd(cwd: string, baseDir: string | undefined): string {
  if (cwd === '~') return homedir();
  if (cwd.startsWith('~/')) return join(homedir(), cwd.slice(2));
  if (isAbsolute(cwd) || baseDir === undefined) return cwd;
  return resolve(baseDir, cwd);
}

function buildLaunch(
  entry: ServerEntry,
  expand: (s: string) => string,
  baseDir: string | undefined,
  defaultCwd: string | undefined,
): LaunchSpec {
  const timeouts: Timeouts = {
    requestTimeoutMs: (entry.timeout ?? DEFAULT_REQUEST_TIMEOUT_SECONDS) * 1000,
    startupTimeoutMs: (entry.startupTimeout ?? DEFAULT_STARTUP_TIMEOUT_SECONDS) * 1000,
  };
  const transport = resolveTransport(entry);
  if (transport === 'stdio') {
    const launch: StdioLaunch = {
      transport,
      command: expand(entry.command ?? ''),
      args: (entry.args ?? []).map(expand),
      env: mapValues(entry.env, expand),
      ...timeouts,
    };
    if (entry.cwd !== undefined) launch.cwd = resolveCwd(expand(entry.cwd), baseDir);
    else if (defaultCwd !== undefined) launch.cwd = defaultCwd;
    return launch;
  }
  const oauth = entry.oauth && { ...entry.oauth, ...(entry.oauth.clientSecret === undefined ? {} : { clientSecret: expand(entry.oauth.clientSecret) }) };
  return { transport, url: expand(entry.url ?? ''), headers: mapValues(entry.headers, expand), ...(oauth ? { oauth } : {}), ...timeouts };
}

function urlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a valid URL after expanding variables; expected something like "https://example.com/mcp"';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `must use http:// or https:// (got ${parsed.protocol}//)`;
  }
  return undefined;
}
