// Reading rules from their scopes: the user's settings (everything), a project's
// `.lena/settings.json` (deny and ask only: a project never loosens permissions) and CLI flags.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJsonWithPosition } from '../../../shared/config/json-position';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { validateRule } from './rules';
import { PROJECT_RULE_LISTS, REFUSED_PROJECT_KEYS } from './project-settings-policy';
import type { PermissionLists, PermissionState, RuleEntry, RuleList, TrustEntry } from './types';

export const emptyLists = (): PermissionLists => ({ allow: [], ask: [], deny: [] });

export const defaultPermissionState = (): PermissionState => ({
  permissions: emptyLists(),
  trusted: {},
  autoApproveReadOnlyTrusted: true,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A rule as written by hand (`"mcp__fs"`) or by Lena (`{rule, identity, server, tool}`). */
function toEntry(value: unknown): RuleEntry | undefined {
  if (typeof value === 'string') return { rule: value };
  if (!isRecord(value) || typeof value.rule !== 'string') return undefined;
  const entry: RuleEntry = { rule: value.rule };
  for (const key of ['identity', 'server', 'tool', 'addedAt'] as const) {
    if (typeof value[key] === 'string') entry[key] = value[key];
  }
  // A malformed `args` is kept as written: validateRule refuses the rule and says why.
  if (value.args !== undefined) entry.args = value.args as RuleEntry['args'];
  return entry;
}

function readLists(
  raw: unknown,
  lists: readonly RuleList[],
  where: string,
  warnings: string[],
): Partial<PermissionLists> {
  const out: Partial<PermissionLists> = {};
  if (raw === undefined) return out;
  if (!isRecord(raw)) {
    warnings.push(
      `${where}: "permissions" should be an object with allow, ask and deny lists; ignored.`,
    );
    return out;
  }
  for (const list of lists) {
    const items = raw[list];
    if (items === undefined) continue;
    if (!Array.isArray(items)) {
      warnings.push(`${where}: permissions.${list} should be a list of rules; ignored.`);
      continue;
    }
    out[list] = items.flatMap((item) => {
      const entry = toEntry(item);
      if (!entry)
        warnings.push(
          `${where}: permissions.${list} holds ${JSON.stringify(item)}, which is not a rule; ignored.`,
        );
      return entry ? [entry] : [];
    });
  }
  return out;
}

/** Drops rules a scope may not hold, with the reason for each. */
function keepValid(
  lists: Partial<PermissionLists>,
  scope: 'user' | 'project',
  where: string,
  warnings: string[],
): PermissionLists {
  const out = emptyLists();
  for (const list of ['allow', 'ask', 'deny'] as const) {
    for (const entry of lists[list] ?? []) {
      const checked = validateRule(list, entry, scope);
      if (checked.ok) out[list].push(entry);
      else warnings.push(`${where}: ${checked.message}`);
    }
  }
  return out;
}

/** The user scope from its stored JSON; anything unusable is reported and left out. */
export function parsePermissionState(
  raw: unknown,
  where = "Lena's settings",
): { state: PermissionState; warnings: string[] } {
  const warnings: string[] = [];
  const state = defaultPermissionState();
  if (raw === undefined) return { state, warnings };
  if (!isRecord(raw))
    return { state, warnings: [`${where} is not a JSON object; default permissions used.`] };
  state.permissions = keepValid(
    readLists(raw.permissions, ['allow', 'ask', 'deny'], where, warnings),
    'user',
    where,
    warnings,
  );
  if (isRecord(raw.trusted)) {
    for (const [name, value] of Object.entries(raw.trusted)) {
      if (isRecord(value) && typeof value.identity === 'string') {
        const entry: TrustEntry = { identity: value.identity };
        if (typeof value.trustedAt === 'string') entry.trustedAt = value.trustedAt;
        // defineProperty: a server called `__proto__` must stay a plain key.
        Object.defineProperty(state.trusted, name, {
          value: entry,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        warnings.push(
          `${where}: trust for "${name}" is not bound to a server entry; mark the server trusted again.`,
        );
      }
    }
  }
  if (typeof raw.autoApproveReadOnlyTrusted === 'boolean')
    state.autoApproveReadOnlyTrusted = raw.autoApproveReadOnlyTrusted;
  return { state, warnings };
}

/**
 * A project's settings as the project-settings table says: only deny and ask rules survive; every
 * refused key (allow rules, trust, Lena's own settings) is ignored with a message.
 */
export function parseProjectPermissions(
  raw: unknown,
  where = 'project settings',
): { lists: PermissionLists; warnings: string[] } {
  const warnings: string[] = [];
  if (raw === undefined) return { lists: emptyLists(), warnings };
  if (!isRecord(raw))
    return { lists: emptyLists(), warnings: [`${where} is not a JSON object; ignored.`] };
  for (const [key, what] of REFUSED_PROJECT_KEYS) {
    if (key in raw)
      warnings.push(
        `${where}: a project cannot ${what}; "${key}" is ignored. Do that in Lena's own settings.`,
      );
  }
  const lists = keepValid(
    readLists(raw.permissions, PROJECT_RULE_LISTS, where, warnings),
    'project',
    where,
    warnings,
  );
  return { lists, warnings };
}

export interface ProjectPermissions {
  lists: PermissionLists;
  warnings: string[];
  /**
   * Set when the file exists but cannot be read or is not a JSON object (with its path and the
   * position of the error). The project then fails closed: its servers do not start and every tool
   * call asks, because the deny rules it may hold cannot be applied.
   */
  problem?: string;
  /** The same problem in parts, for front ends that word it their own way (the command line). */
  problemAt?: ProjectSettingsProblem;
}

/** Where and why a project's settings file cannot be used. */
export interface ProjectSettingsProblem {
  file: string;
  /** 1-based, for a JSON syntax error. */
  line?: number;
  column?: number;
  /** "invalid JSON at line 3, column 5: …", "could not be read (…)", "is not a JSON object". */
  reason: string;
}

/** `<project>/.lena/settings.json`: the project's own rules (read here, watched by the host). */
export function projectSettingsFile(projectDir: string): string {
  return join(projectDir, '.lena', 'settings.json');
}

/** Reads `<project>/.lena/settings.json`; a missing file means no project rules. */
export async function readProjectPermissions(projectDir: string): Promise<ProjectPermissions> {
  const path = projectSettingsFile(projectDir);
  const closed =
    "its deny rules cannot be applied, so the project's servers do not start and every tool call asks until it is fixed";
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { lists: emptyLists(), warnings: [] };
    const reason = `could not be read (${(error as Error).message})`;
    return {
      lists: emptyLists(),
      warnings: [],
      problem: `${path} ${reason}; ${closed}.`,
      problemAt: { file: path, reason },
    };
  }
  const json = parseJsonWithPosition(text);
  if (!json.ok) {
    const reason = `invalid JSON at line ${json.line}, column ${json.column}: ${json.reason}`;
    return {
      lists: emptyLists(),
      warnings: [],
      problem: `${path}: ${reason}; ${closed}.`,
      problemAt: { file: path, line: json.line, column: json.column, reason },
    };
  }
  if (!isRecord(json.value)) {
    return {
      lists: emptyLists(),
      warnings: [],
      problem: `${path} is not a JSON object; ${closed}.`,
      problemAt: { file: path, reason: 'is not a JSON object' },
    };
  }
  return parseProjectPermissions(json.value, path);
}

/** `--allow`/`--ask`/`--deny` flags of `lena chat -p`; a refused rule stops the command with the reason. */
export function parseCliRules(
  allow: readonly string[],
  deny: readonly string[],
  ask: readonly string[] = [],
): PermissionLists {
  const lists = emptyLists();
  for (const [list, rules] of [
    ['allow', allow],
    ['ask', ask],
    ['deny', deny],
  ] as const) {
    for (const rule of rules) {
      const checked = validateRule(list, rule, 'cli');
      if (!checked.ok)
        throw new LenaError(ERROR_CODE.invalidArguments, `--${list} ${rule}: ${checked.message}`);
      lists[list].push({ rule: rule.trim() });
    }
  }
  return lists;
}
