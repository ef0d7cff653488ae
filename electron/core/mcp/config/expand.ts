// Turns a valid entry into what a transport needs: `${VAR}`, `${VAR:-default}` and
// `${secret:NAME}` expanded in command, args, env, cwd, url and headers. A server with a missing
// variable is skipped (only that server; RELIABILITY.md fault 29). Values never leave this module
// in messages: only the names of the variables and secrets used are reported.
// Three guards keep the user's secrets with the user: a launch that would carry the stored
// Anthropic API key, in any form (a workload token included), is refused whatever the variable
// was called; a project entry expands only the references the user granted to it in the
// approval; and a project entry may not set a field the project-entry table refuses.
import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { containsSecret } from '../../base/redact';
import { API_KEY_SECRET } from '../../base/credentials';
import { entryFields, entryReferences, SECRET, TOKEN, VARIABLE } from './references';
import { projectEntryRefusal } from './project-entry-policy';
import { isAbsolute, join, resolve } from 'node:path';
import {
  DEFAULT_REQUEST_TIMEOUT_SECONDS,
  DEFAULT_STARTUP_TIMEOUT_SECONDS,
  type ProtocolPin,
  type SandboxPolicy,
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
  /** The entry's `"protocol"` pin, if any. */
  protocol?: ProtocolPin;
}
export interface StdioLaunch extends Timeouts {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Only the configured variables; the transport adds its allow-listed base environment. */
  env: Record<string, string>;
  cwd?: string;
  /** The sandbox the server runs in (absent: none); a project entry without the field gets the default. */
  sandbox?: true | SandboxPolicy;
  /** When the user pre-installed its npx or uvx package (the sandbox then keeps it offline). */
  preinstalledAt?: string | null;
  /**
   * An installed `node` bundle: `command` is Node and `args` are its flags, the entry and the
   * entry's arguments. The app may run it with its own Node (forked-node.ts) instead of `command`.
   */
  nodeBundle?: true;
}
export interface RemoteLaunch extends Timeouts {
  transport: 'http' | 'sse' | 'http-with-sse-fallback';
  url: string;
  headers: Record<string, string>;
  /** The entry's `oauth`, with the client secret and private key expanded. */
  oauth?: {
    clientId?: string;
    clientSecret?: string;
    scopes?: string[];
    callbackPort?: number;
    clientMetadataUrl?: string;
    grant?: 'authorization_code' | 'client_credentials' | 'jwt_bearer' | 'enterprise';
    privateKey?: string;
    privateKeyFile?: string;
    dpop?: boolean;
    signingAlgorithm?: string;
    assertionFile?: string;
    assertionEnv?: string;
    idpTokenEndpoint?: string;
    idpClientId?: string;
  };
}
export type LaunchSpec = StdioLaunch | RemoteLaunch;

export type ExpandResult =
  | { ok: true; launch: LaunchSpec; used: UsedVariable[] }
  | {
      ok: false;
      /**
       * `missing-*`: the server is skipped until the value exists; `invalid`: the entry must be
       * fixed; `api-key`: it would receive the Anthropic API key (skipped); `not-granted`: a
       * project entry references what the user did not grant it (needs approval).
       */
      reason: 'missing-variables' | 'missing-secrets' | 'invalid' | 'api-key' | 'not-granted';
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
  /**
   * For a project entry: the references (`NAME`, `secret:NAME`) the user granted to it. Any other
   * reference refuses the launch before a value is read. Absent: every reference expands (user scope).
   */
  grants?: readonly string[];
  /** The entry's values are final (an installed bundle's resolved launch): nothing is expanded. */
  literal?: boolean;
  /**
   * For a project entry without a `sandbox` field: the user unticked "Run in the sandbox" when
   * approving it, so it runs without the default sandbox.
   */
  unsandboxed?: boolean;
}

/** The status message of a launch refused because it would carry the Anthropic API key. */
export const API_KEY_MESSAGE =
  'references your Anthropic API key; give this server its own key as `${secret:NAME}`';

/** Expands one entry; never throws. */
// Long: expands each field of an entry in turn; every step may refuse the entry.
export async function expandEntry(
  entry: ServerEntry,
  options: ExpandOptions = {},
): Promise<ExpandResult> {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const used = new Map<string, UsedVariable>();
  const missingVariables = new Set<string>();
  const missingSecrets = new Map<string, 'no-store' | 'not-found'>();
  const secretValues = new Map<string, string | undefined>();

  if (options.grants) {
    // Refused before anything is read: a field the project-entry table refuses in project scope
    // (a file or variable for the sign-in to read) stops the launch.
    const refusal = projectEntryRefusal(entry);
    if (refusal) return { ok: false, reason: 'invalid', message: refusal, missing: [], used: [] };
    const granted = new Set(options.grants);
    const refused = entryReferences(entry).filter((r) => !granted.has(r.key));
    if (refused.length > 0) {
      const names = refused.map((r) => r.token).join(', ');
      return {
        ok: false,
        reason: 'not-granted',
        message: `references ${names}, which you have not granted to this project server`,
        missing: refused.map((r) => r.key),
        used: [],
      };
    }
  }

  // First pass: find every secret and look each up once (the store may be asynchronous).
  const fields = options.literal ? [] : entryFields(entry).map(([, text]) => text);
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
      if (options.literal) return whole;
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
  if (launch.transport === 'stdio') {
    // A project's servers are sandboxed unless their entry says otherwise (flagged in the approval).
    const sandbox = entry.sandbox ?? (options.grants && !options.unsandboxed ? true : undefined);
    if (sandbox) launch.sandbox = sandbox;
  }
  const usedList = [...used.values()];
  if (missingVariables.size > 0 || missingSecrets.size > 0) {
    const parts: string[] = [];
    if (missingVariables.size > 0)
      parts.push(`missing environment variables: ${[...missingVariables].join(', ')}`);
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
      return {
        ok: false,
        reason: 'invalid',
        message: `"url" ${problem} (configured as "${shown}")`,
        missing: [],
        used: usedList,
      };
    }
  }
  // By value, not by name: a renamed variable or secret holding the key is refused as well.
  const keys = await anthropicKeys(options.secrets, env, platform);
  if (
    keys.length > 0 &&
    launchStrings(launch).some((text) => keys.some((key) => containsSecret(text, key)))
  ) {
    return { ok: false, reason: 'api-key', message: API_KEY_MESSAGE, missing: [], used: usedList };
  }
  const assertion = await assertionProblem(entry.oauth, keys, env, platform);
  if (assertion)
    return { ok: false, reason: 'api-key', message: assertion, missing: [], used: usedList };
  return { ok: true, launch, used: usedList };
}

/** The Anthropic API key as Lena holds it: in the secret store, and in the environment Lena was started with. */
async function anthropicKeys(
  store: SecretLookup | undefined,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): Promise<string[]> {
  const keys = new Set<string>();
  const fromEnv = readEnv(env, 'ANTHROPIC_API_KEY', platform);
  if (fromEnv) keys.add(fromEnv);
  try {
    const stored = await store?.get(API_KEY_SECRET);
    if (stored) keys.add(stored);
  } catch {
    // A locked keychain: the environment's key is still checked.
  }
  return [...keys];
}

/** Workload token files are a few kilobytes; a larger file is left to the grant to report. */
const MAX_ASSERTION_BYTES = 1_000_000;

/**
 * Why the entry's workload token would be the Anthropic API key, or undefined: the variable named
 * by `assertionEnv` (by name, or by a value equal to the key) or the content of `assertionFile`.
 */
async function assertionProblem(
  oauth: ServerEntry['oauth'],
  keys: string[],
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): Promise<string | undefined> {
  const holdsKey = (text: string | undefined) =>
    text !== undefined && keys.some((key) => containsSecret(text, key));
  const name = oauth?.assertionEnv;
  if (
    name !== undefined &&
    (name.toUpperCase() === 'ANTHROPIC_API_KEY' || holdsKey(readEnv(env, name, platform)))
  ) {
    return `"oauth.assertionEnv" names ${name}, which holds your Anthropic API key; Lena never sends it to a server. Point it at the variable holding the workload token`;
  }
  const file = oauth?.assertionFile;
  if (file !== undefined && keys.length > 0) {
    // An unreadable file is reported by the grant, which reads it again (platforms rotate it).
    const text = await stat(file)
      .then((s) =>
        s.isFile() && s.size <= MAX_ASSERTION_BYTES ? readFile(file, 'utf8') : undefined,
      )
      .catch(() => undefined);
    if (holdsKey(text))
      return `"oauth.assertionFile" (${file}) holds your Anthropic API key; Lena never sends it to a server. Point it at the file holding the workload token`;
  }
  return undefined;
}

function launchStrings(launch: LaunchSpec): string[] {
  if (launch.transport === 'stdio')
    return [launch.command, ...launch.args, ...Object.values(launch.env), launch.cwd ?? ''];
  return [
    launch.url,
    ...Object.values(launch.headers),
    launch.oauth?.clientSecret ?? '',
    launch.oauth?.privateKey ?? '',
  ];
}

/**
 * Windows treats variable names case-insensitively (`Path` is `PATH`), but a plain object (such
 * as the environment read from the login shell) does not, so look the name up as Windows would.
 */
function readEnv(
  env: NodeJS.ProcessEnv,
  name: string,
  platform: NodeJS.Platform,
): string | undefined {
  const exact = env[name];
  if (exact !== undefined || platform !== 'win32') return exact;
  const upper = name.toUpperCase();
  const key = Object.keys(env).find((k) => k.toUpperCase() === upper);
  return key === undefined ? undefined : env[key];
}

function secretMessage(name: string, why: 'no-store' | 'not-found'): string {
  return why === 'no-store'
    ? `secret "${name}" cannot be read here (no secret store is available) and the environment variable ${name} is not set; set ${name} in the environment`
    : `secret "${name}" is not in Lena's secret store; add it in Settings (the window) or with lena secrets set ${name} (the command line, which cannot read the window's store)`;
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
): Promise<
  { value: string; source: VariableSource } | { value: undefined; why: 'no-store' | 'not-found' }
> {
  if (store) {
    try {
      const value = await store.get(name);
      return value !== undefined
        ? { value, source: 'secret-store' }
        : { value: undefined, why: 'not-found' };
    } catch {
      // A locked or unavailable keychain: same as no store.
    }
  }
  const fromEnv = readEnv(env, name, platform);
  if (fromEnv !== undefined) return { value: fromEnv, source: 'secret-env' };
  return { value: undefined, why: 'no-store' };
}

function mapValues(
  record: Record<string, string> | undefined,
  fn: (s: string) => string,
): Record<string, string> {
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
  if (entry.protocol) timeouts.protocol = entry.protocol;
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
  const oauth = entry.oauth && {
    ...entry.oauth,
    ...(entry.oauth.clientSecret === undefined
      ? {}
      : { clientSecret: expand(entry.oauth.clientSecret) }),
    ...(entry.oauth.privateKey === undefined ? {} : { privateKey: expand(entry.oauth.privateKey) }),
  };
  return {
    transport,
    url: expand(entry.url ?? ''),
    headers: mapValues(entry.headers, expand),
    ...(oauth ? { oauth } : {}),
    ...timeouts,
  };
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
