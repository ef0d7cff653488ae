// Permission rules: three lists (allow, ask, deny) of qualified tool names from four scopes,
// evaluated deny > ask > allow > default ask. Allow rules are bound to the server entry they were
// written for, so a changed or shadowing entry cannot inherit them.
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { sanitizeNamePart } from '../mcp/registry/names';
import { boundTo } from './identity-binding';
import type { PermissionLists, RuleEntry, RuleList, RuleScope, ServerIdentity } from './types';

/**
 * A rule understood: every tool, every tool of one server (`server` is the server's name as it
 * appears in qualified names), or one qualified name (`server`/`tool` split it for display only).
 */
export type ParsedRule =
  | { kind: 'everything' }
  | { kind: 'server'; server: string }
  | { kind: 'tool'; name: string; server: string; tool: string };

/** What a rule is matched against: the qualified name and the configured server name. */
export interface RuleTarget {
  qualifiedName: string;
  serverName: string;
}

/** A rule ready to evaluate, with where it came from. */
export interface ScopedRule {
  list: RuleList;
  scope: RuleScope;
  entry: RuleEntry;
  parsed: ParsedRule;
}

export interface RuleEvaluation {
  /** `none` when no rule applies: the caller falls back to trust or the default (ask). */
  decision: 'allow' | 'ask' | 'deny' | 'none';
  /** For the audit: "rule deny mcp__fs (project)", or "default: ask". */
  decidedBy: string;
  matched?: ScopedRule;
  /** Allow rules that matched but were set aside because the server entry changed. */
  suspended: string[];
}

// Server names in qualified names may themselves hold `__` (a server called `a..b` becomes `a__b`),
// so `mcp__X` is a server only when X has no `__`; `mcp__X__*` names any server X; anything else
// with `__` is one exact qualified name.
const SERVER_WILDCARD = /^mcp__([A-Za-z0-9_-]+)__\*$/;
const BARE_SERVER = /^mcp__(?!.*__)([A-Za-z0-9_-]+)$/;
const TOOL_RULE = /^mcp__([A-Za-z0-9_-]+?)__([A-Za-z0-9_-]+)$/;
const EVERYTHING = new Set(['*', 'mcp__*', 'mcp__*__*']);

const SHAPE_HELP =
  'write `mcp__SERVER`, `mcp__SERVER__*` or `mcp__SERVER__TOOL` (the qualified names the model sees)';

/** Parses a rule without judging the list it goes in; `null` when it is not a rule at all. */
export function parseRule(text: string): ParsedRule | null {
  const rule = text.trim();
  if (EVERYTHING.has(rule)) return { kind: 'everything' };
  const server = SERVER_WILDCARD.exec(rule) ?? BARE_SERVER.exec(rule);
  if (server) return { kind: 'server', server: server[1] };
  const tool = TOOL_RULE.exec(rule);
  if (tool) return { kind: 'tool', name: rule, server: tool[1], tool: tool[2] };
  return null;
}

/** Checks a rule for a list and scope; the message says why a refused rule was refused. */
export function validateRule(
  list: RuleList,
  text: string,
  scope: RuleScope = 'user',
): { ok: true; parsed: ParsedRule } | { ok: false; message: string } {
  const parsed = parseRule(text);
  if (!parsed) return { ok: false, message: `"${text}" is not a permission rule: ${SHAPE_HELP}.` };
  if (list === 'allow' && parsed.kind === 'everything') {
    return {
      ok: false,
      message: `"${text}" in allow would let every tool of every server run without asking, so it is refused; allow one server (\`mcp__SERVER\`) or one tool (\`mcp__SERVER__TOOL\`) instead.`,
    };
  }
  if (list === 'allow' && scope === 'project') {
    return {
      ok: false,
      message: `A project's .lena/settings.json may only add deny and ask rules; its allow rule "${text}" is ignored. Allow tools in Lena's own settings instead.`,
    };
  }
  return { ok: true, parsed };
}

/** Compiles one scope's lists; refused rules are dropped and reported, never half-applied. */
export function compileRules(
  scope: RuleScope,
  lists: Partial<PermissionLists>,
): { rules: ScopedRule[]; warnings: string[] } {
  const rules: ScopedRule[] = [];
  const warnings: string[] = [];
  for (const list of ['deny', 'ask', 'allow'] as const) {
    for (const entry of lists[list] ?? []) {
      const checked = validateRule(list, entry.rule, scope);
      if (checked.ok) rules.push({ list, scope, entry, parsed: checked.parsed });
      else warnings.push(`${scope} ${list}: ${checked.message}`);
    }
  }
  return { rules, warnings };
}

/** Does the rule cover this tool? Server rules compare the server's name as qualified names spell it. */
export function ruleMatches(parsed: ParsedRule, target: RuleTarget): boolean {
  switch (parsed.kind) {
    case 'everything':
      return target.qualifiedName.startsWith('mcp__');
    case 'server':
      return sanitizeNamePart(target.serverName) === parsed.server;
    case 'tool':
      return target.qualifiedName === parsed.name;
  }
}

/** The rule that names every tool of a server (`mcp__fs`, or `mcp__a__b__*` when the name holds `__`). */
export function serverRuleFor(serverName: string): string {
  const segment = sanitizeNamePart(serverName);
  return segment.includes('__') ? `mcp__${segment}__*` : `mcp__${segment}`;
}

/** "rule allow mcp__fs__read_text_file (user)" */
export function describeRule(rule: ScopedRule): string {
  return `rule ${rule.list} ${rule.entry.rule.trim()} (${rule.scope})`;
}

/** Why an allow rule does not apply to the server as configured now, if it does not. */
export function suspensionOf(rule: ScopedRule, identity: ServerIdentity): string | undefined {
  if (rule.list !== 'allow') return undefined; // deny and ask only ever restrict
  if (rule.entry.identity !== undefined) {
    if (boundTo(rule.entry.identity, identity, 'rule')) return undefined;
    return identity.source === 'project'
      ? 'a project entry shadows this server'
      : 'server entry changed';
  }
  // A hand-written user rule names a server, not a command: a project entry must not inherit it.
  if (rule.scope !== 'cli' && identity.source === 'project')
    return 'a project entry shadows this server';
  return undefined;
}

const SCOPE_ORDER: RuleScope[] = ['user', 'project', 'cli', 'session'];

// The most specific rule explains a decision best; ties go to the scope order above.
function pick(candidates: ScopedRule[]): ScopedRule | undefined {
  const weight = (r: ScopedRule) =>
    (r.parsed.kind === 'tool' ? 0 : r.parsed.kind === 'server' ? 1 : 2) * 10 +
    SCOPE_ORDER.indexOf(r.scope);
  return [...candidates].sort((a, b) => weight(a) - weight(b))[0];
}

/** Deny beats ask beats allow, across every scope; suspended allow rules count as absent. */
export function evaluateRules(
  rules: ScopedRule[],
  target: RuleTarget,
  identity: ServerIdentity,
): RuleEvaluation {
  const matching = rules.filter((rule) => ruleMatches(rule.parsed, target));
  const suspended: string[] = [];
  const live = matching.filter((rule) => {
    const why = suspensionOf(rule, identity);
    if (why) suspended.push(`${describeRule(rule)} suspended: ${why}`);
    return !why;
  });
  for (const list of ['deny', 'ask', 'allow'] as const) {
    const matched = pick(live.filter((rule) => rule.list === list));
    if (matched) return { decision: list, decidedBy: describeRule(matched), matched, suspended };
  }
  return { decision: 'none', decidedBy: 'default: ask', suspended };
}

/** Adds a rule to a copy of the lists; refused rules throw a LenaError that says why. */
export function addRule(
  lists: PermissionLists,
  list: RuleList,
  entry: RuleEntry,
  scope: RuleScope = 'user',
): PermissionLists {
  const checked = validateRule(list, entry.rule, scope);
  if (!checked.ok) throw new LenaError(ERROR_CODE.invalidArguments, checked.message);
  const rule = entry.rule.trim();
  const kept = lists[list].filter((existing) => existing.rule.trim() !== rule);
  return { ...lists, [list]: [...kept, { ...entry, rule }] };
}

/** Removes a rule (revoking it in settings); a no-op when absent. */
export function removeRule(lists: PermissionLists, list: RuleList, rule: string): PermissionLists {
  return {
    ...lists,
    [list]: lists[list].filter((existing) => existing.rule.trim() !== rule.trim()),
  };
}

/** Re-binds the allow rules of a server to its current entry, after the user confirmed the changed server. */
export function rebindServerRules(
  lists: PermissionLists,
  serverName: string,
  hash: string,
): PermissionLists {
  const segment = sanitizeNamePart(serverName);
  const allow = lists.allow.map((entry) => {
    const parsed = parseRule(entry.rule);
    const names =
      entry.server === serverName ||
      (entry.server === undefined && parsed?.kind === 'server' && parsed.server === segment);
    return names ? { ...entry, identity: hash } : entry;
  });
  return { ...lists, allow };
}
