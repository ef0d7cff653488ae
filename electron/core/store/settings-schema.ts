// What settings.json may hold, the defaults, and a field-by-field reading that keeps every valid
// value of a partly broken file (a typo in `maxTokens` must not wipe the user's deny rules).
import { z } from 'zod';
import {
  DEFAULT_AGENT_LIMITS,
  DEFAULT_ASK_LIMITS,
  settingsFields,
} from '../../../shared/settings-fields';

/** Current Claude models offered in the model picker; any other id can be typed in. */
export const CLAUDE_MODELS: readonly { id: string; label: string }[] = [
  { id: 'claude-opus-4-7', label: 'Claude Opus 4.7' },
  { id: 'claude-sonnet-4-6', label: 'Claude Sonnet 4.6' },
  { id: 'claude-haiku-4-5', label: 'Claude Haiku 4.5' },
  { id: 'claude-opus-4-6', label: 'Claude Opus 4.6' },
];

/** A permission rule as stored: a bare rule string, or an object the permissions module writes. */
const ruleEntry = z.union([z.string().min(1), z.looseObject({ rule: z.string().min(1) })]);
export type StoredRule = z.infer<typeof ruleEntry>;
const ruleList = z.array(ruleEntry);

export const serverSettingsSchema = z.looseObject({
  /** The user trusts this server: its read-only tools may run without asking (see autoApproveReadOnlyTrusted). */
  trusted: z.boolean().optional(),
  /** What was trusted (a hash of command/url), so a changed server is asked about again. */
  trustedIdentity: z.string().optional(),
  disabledTools: z.array(z.string()).optional(),
  /** Folders this server may see besides the open project (roots), as absolute paths. */
  roots: z.array(z.string().min(1)).optional(),
  /** false: the open project folder is not among this server's roots ("share the project folder" off). */
  shareProject: z.boolean().optional(),
  /** The least severe server log message Lena asks for (logging/setLevel); info when unset. */
  logLevel: z
    .enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'])
    .optional(),
  /** "always": the user approved every sampling request of this server ("Always for this server"). */
  sampling: z.enum(['ask', 'always']).optional(),
  /** The user pre-installed this npx/uvx entry's package: it runs sandboxed, offline, from the cache. */
  preinstalled: z.object({ at: z.string(), runner: z.enum(['npx', 'uvx']) }).optional(),
});
export type ServerSettings = z.infer<typeof serverSettingsSchema>;

// The fields the window may change come with their limits from shared/ (one copy for core, the
// contract and the form); the rest are core's own. The order is the file's.
const f = settingsFields;
export const fieldSchemas = {
  model: f.model,
  maxTokens: f.maxTokens,
  systemPrompt: f.systemPrompt,
  maxRounds: f.maxRounds,
  baseUrl: f.baseUrl,
  requestTimeoutMs: f.requestTimeoutMs,
  registryUrl: f.registryUrl,
  autoApproveReadOnlyTrusted: f.autoApproveReadOnlyTrusted,
  /** Rules as written; the permissions module owns their meaning. */
  permissions: z.object({ allow: ruleList, ask: ruleList, deny: ruleList }),
  servers: z.record(z.string(), serverSettingsSchema),
  /** Servers the user trusts, each bound to the hash of the entry it was trusted with. */
  trusted: z.record(z.string(), z.looseObject({ identity: z.string() })),
  theme: f.theme,
  quickEntryShortcut: f.quickEntryShortcut,
  thinking: f.thinking,
  effort: f.effort,
  serverTools: f.serverTools,
  toolSearch: f.toolSearch,
  prices: f.prices,
  /**
   * The folders skills are read from, in order of precedence; null = ~/.claude/skills,
   * ~/.agents/skills and the skills folder of Lena's home.
   */
  skillFolders: z.array(z.string().min(1)).nullable(),
  /** Each limit left out of the file keeps its default. */
  askLimits: f.askLimits.partial().transform((v) => ({ ...DEFAULT_ASK_LIMITS, ...v })),
  agentLimits: f.agentLimits.partial().transform((v) => ({ ...DEFAULT_AGENT_LIMITS, ...v })),
  /** `lena chat`: seconds to wait for servers before the turn begins (late ones join when ready). */
  serverStartTimeout: z.number().min(0).max(600),
};

export type Settings = { [K in keyof typeof fieldSchemas]: z.infer<(typeof fieldSchemas)[K]> };
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  model: 'claude-sonnet-4-6',
  maxTokens: 8192,
  systemPrompt: '',
  maxRounds: 25,
  baseUrl: null,
  requestTimeoutMs: 600_000,
  registryUrl: null,
  autoApproveReadOnlyTrusted: true,
  permissions: { allow: [], ask: [], deny: [] },
  servers: {},
  trusted: {},
  theme: 'system',
  quickEntryShortcut: null,
  serverTools: { webSearch: false, webFetch: false, webFetchDomains: [] },
  thinking: 'off',
  effort: null,
  toolSearch: { budgetTokens: null, alwaysLoaded: [] },
  prices: {},
  skillFolders: null,
  askLimits: { ...DEFAULT_ASK_LIMITS },
  agentLimits: { ...DEFAULT_AGENT_LIMITS },
  serverStartTimeout: 5,
});

export const SETTING_KEYS = Object.keys(fieldSchemas) as SettingKey[];

export interface SettingsReading {
  settings: Settings;
  /** One line per problem, naming the field and what was used instead. */
  issues: string[];
  /** Settings Lena no longer has, found in the file: removed from it on the next save, with these notes. */
  removed?: string[];
}

/**
 * Settings the pinned SDK's API version (2026-10-21) no longer accepts. A file that still has one
 * is migrated: the key is dropped when the file is next written, and the user is told once.
 */
export const REMOVED_SETTINGS: Readonly<Record<string, string>> = {
  temperature:
    'The "temperature" setting was removed: the Messages API version Lena uses no longer accepts temperature (nor top_p or top_k). Lena has taken it out of settings.json; answers use the model\'s own sampling.',
};

/** The file's object without the removed settings, and a note for each one it had. */
export function withoutRemovedSettings(raw: Record<string, unknown>): {
  raw: Record<string, unknown>;
  removed: string[];
} {
  const removed = Object.keys(REMOVED_SETTINGS).filter((k) => k in raw);
  if (removed.length === 0) return { raw, removed: [] };
  const out = { ...raw };
  for (const k of removed) delete out[k];
  return { raw: out, removed: removed.map((k) => REMOVED_SETTINGS[k]) };
}

function describeIssue(file: string, path: string, err: z.ZodError): string {
  const issue = err.issues[0];
  const where = [path, ...(issue?.path ?? []).map(String)].join('.');
  return `${file}: ${where}: ${issue?.message ?? 'invalid value'}`;
}

/**
 * Reads a parsed settings object field by field: a valid field is used, an invalid one reported
 * and replaced by its default. Rule lists keep their valid entries; a broken server entry is dropped.
 */
export function readSettings(raw: unknown, file: string): SettingsReading {
  const settings: Settings = structuredClone(DEFAULT_SETTINGS) as Settings;
  const issues: string[] = [];
  if (raw === undefined) return { settings, issues };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { settings, issues: [`${file}: the file must hold a JSON object; using the defaults.`] };
  }
  const obj = raw as Record<string, unknown>;
  const removed = withoutRemovedSettings(obj).removed;
  for (const key of SETTING_KEYS) {
    if (!(key in obj)) continue;
    if (key === 'permissions')
      settings.permissions = readPermissions(obj.permissions, file, issues);
    else if (key === 'servers') settings.servers = readServers(obj.servers, file, issues);
    else {
      const parsed = fieldSchemas[key].safeParse(obj[key]);
      if (parsed.success) (settings as Record<SettingKey, unknown>)[key] = parsed.data;
      else
        issues.push(
          `${describeIssue(file, key, parsed.error)} (using the default ${JSON.stringify(DEFAULT_SETTINGS[key])})`,
        );
    }
  }
  return { settings, issues, ...(removed.length > 0 ? { removed } : {}) };
}

function readPermissions(value: unknown, file: string, issues: string[]): Settings['permissions'] {
  const out: Settings['permissions'] = { allow: [], ask: [], deny: [] };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push(
      `${file}: permissions: expected an object with allow, ask and deny lists (no rules applied)`,
    );
    return out;
  }
  for (const list of ['allow', 'ask', 'deny'] as const) {
    const entries = (value as Record<string, unknown>)[list];
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) {
      issues.push(`${file}: permissions.${list}: expected a list of rule strings (ignored)`);
      continue;
    }
    entries.forEach((rule, i) => {
      const parsed = ruleEntry.safeParse(rule);
      if (parsed.success) out[list].push(parsed.data);
      else
        issues.push(
          `${file}: permissions.${list}[${i}]: expected a rule string or {"rule": "…"} (ignored)`,
        );
    });
  }
  return out;
}

function readServers(value: unknown, file: string, issues: string[]): Settings['servers'] {
  const out: Settings['servers'] = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push(`${file}: servers: expected an object keyed by server name (ignored)`);
    return out;
  }
  for (const [name, entry] of Object.entries(value)) {
    const parsed = serverSettingsSchema.safeParse(entry);
    if (parsed.success) out[name] = parsed.data;
    else
      issues.push(
        `${describeIssue(file, `servers.${name}`, parsed.error)} (ignored: the server is not trusted)`,
      );
  }
  return out;
}
