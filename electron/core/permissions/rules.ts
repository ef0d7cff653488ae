// Permission rules: three lists (allow, ask, deny) of qualified tool names from four scopes,
// evaluated deny > ask > allow > default ask. Allow rules are bound to the server entry they were
// written for, so a changed or shadowing entry cannot inherit them.
import { AGENT_TOOL_PREFIX } from '../../../shared/a2a';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { sanitizeNamePart } from '../mcp/registry/names';
import {
  matchConditions,
  uncoveredPaths,
  type ArgScope,
  type Condition,
  type Match,
} from './arg-match';
import { hostPathPlatform, type PathContext } from './arg-paths';
import { boundTo } from './identity-binding';
import { parsedOnce, parseRule, type ParsedRule } from './rule-parse';
import type { PermissionLists, RuleEntry, RuleList, RuleScope, ServerIdentity } from './types';

export { parseRule, type ParsedRule } from './rule-parse';

/** What a rule is matched against: the qualified name, the configured server name, the call. */
export interface RuleTarget {
  qualifiedName: string;
  serverName: string;
  /** The arguments the server will get; absent where only the tool is judged (sampling). */
  arguments?: unknown;
  tool?: { inputSchema?: unknown };
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
  /** Allow rules set aside: the server entry changed, or the call's arguments are not all covered. */
  suspended: string[];
}

/** Checks a rule for a list and scope; the message says why a refused rule was refused. */
export function validateRule(
  list: RuleList,
  rule: string | RuleEntry,
  scope: RuleScope = 'user',
): { ok: true; parsed: ParsedRule } | { ok: false; message: string } {
  const entry = typeof rule === 'string' ? { rule } : rule;
  const text = entry.rule;
  const parsed = parsedOnce(entry);
  if ('message' in parsed) return { ok: false, message: parsed.message };
  if (list === 'allow' && parsed.kind === 'everything') {
    return {
      ok: false,
      message: `"${text}" in allow would let every tool of every server run without asking, so it is refused; allow one server (\`mcp__SERVER\`) or one tool (\`mcp__SERVER__TOOL\`) instead.`,
    };
  }
  if (list === 'allow' && parsed.kind === 'agents') {
    return {
      ok: false,
      message: `"${text}" in allow would let every A2A agent take tasks without asking, so it is refused; allow one agent (\`a2a__AGENT\`) instead.`,
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
      const checked = validateRule(list, entry, scope);
      if (checked.ok) rules.push({ list, scope, entry, parsed: checked.parsed });
      else warnings.push(`${scope} ${list}: ${checked.message}`);
    }
  }
  return { rules, warnings };
}

/** Does the rule cover this tool? Server rules compare the server's name as qualified names spell it. */
export function ruleMatches(parsed: ParsedRule, target: RuleTarget): boolean {
  const agent = target.qualifiedName.startsWith(AGENT_TOOL_PREFIX);
  switch (parsed.kind) {
    case 'everything':
      return agent || target.qualifiedName.startsWith('mcp__');
    case 'agents':
      return agent;
    case 'server':
      return !agent && sanitizeNamePart(target.serverName) === parsed.server;
    case 'tool':
      return target.qualifiedName === parsed.name;
  }
}

const conditionsOf = (rule: ScopedRule): Condition[] =>
  rule.parsed.kind === 'tool' ? rule.parsed.conditions : [];

/** The rule that names every tool of a server (`mcp__fs`, or `mcp__a__b__*` when the name holds `__`). */
export function serverRuleFor(serverName: string): string {
  const segment = sanitizeNamePart(serverName);
  return segment.includes('__') ? `mcp__${segment}__*` : `mcp__${segment}`;
}

/** "rule allow mcp__fs__read_text_file (user)"; a rule object's args follow its name. */
export function describeRule(rule: ScopedRule): string {
  const args = rule.entry.args === undefined ? '' : ` ${JSON.stringify(rule.entry.args)}`;
  return `rule ${rule.list} ${rule.entry.rule.trim()}${args} (${rule.scope})`;
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

// The most specific rule explains a decision best: more conditions first, then a tool before a
// server before everything, then the scope order above.
function pick(candidates: ScopedRule[]): ScopedRule | undefined {
  const weight = (r: ScopedRule) =>
    -conditionsOf(r).length * 100 +
    (r.parsed.kind === 'tool' ? 0 : r.parsed.kind === 'everything' ? 2 : 1) * 10 +
    SCOPE_ORDER.indexOf(r.scope);
  return [...candidates].sort((a, b) => weight(a) - weight(b))[0];
}

const NO_ROOTS: PathContext['roots'] = [];

/**
 * Deny beats ask beats allow, across every scope; suspended allow rules count as absent. A rule
 * with conditions applies to the calls whose arguments meet them; an allow rule with conditions
 * also needs every path argument of the call covered by one. A deny or ask rule that cannot be
 * checked (a relative path with no single root) asks.
 */
export function evaluateRules(
  rules: ScopedRule[],
  target: RuleTarget,
  identity: ServerIdentity,
  paths?: PathContext,
): RuleEvaluation {
  const matching = rules.filter((rule) => ruleMatches(rule.parsed, target));
  const suspended: string[] = [];
  const live = matching.filter((rule) => {
    const why = suspensionOf(rule, identity);
    if (why) suspended.push(`${describeRule(rule)} suspended: ${why}`);
    return !why;
  });
  const scope: ArgScope | undefined =
    target.arguments === undefined
      ? undefined
      : {
          args: target.arguments,
          schema: target.tool?.inputSchema,
          paths: paths ?? { platform: hostPathPlatform(), roots: NO_ROOTS },
        };
  const results = live.map((rule) => ({ rule, match: applies(rule, scope, suspended) }));
  const where = (list: RuleList, match: Match) =>
    pick(results.filter((r) => r.rule.list === list && r.match === match).map((r) => r.rule));
  const decided = (decision: 'allow' | 'ask' | 'deny', matched: ScopedRule, why = '') => ({
    decision,
    decidedBy: describeRule(matched) + why,
    matched,
    suspended,
  });
  const deny = where('deny', 'match');
  if (deny) return decided('deny', deny);
  const ask = where('ask', 'match');
  if (ask) return decided('ask', ask);
  const unsure = where('deny', 'unknown') ?? where('ask', 'unknown');
  if (unsure) return decided('ask', unsure, `: ${UNCHECKED}`);
  const allow = where('allow', 'match');
  if (allow) return decided('allow', allow);
  return { decision: 'none', decidedBy: 'default: ask', suspended };
}

const UNCHECKED =
  'a relative path in the arguments cannot be checked (the server has no single root to resolve it against)';

/** Whether a live rule applies to the call's arguments; why an allow rule did not, in `notes`. */
function applies(rule: ScopedRule, scope: ArgScope | undefined, notes: string[]): Match {
  const conditions = conditionsOf(rule);
  if (conditions.length === 0) return 'match';
  if (!scope) return 'no';
  const match = matchConditions(conditions, scope, rule.list === 'allow' ? 'all' : 'any');
  if (rule.list !== 'allow') return match;
  if (match === 'unknown') notes.push(`${describeRule(rule)} not applied: ${UNCHECKED}`);
  if (match === 'no') notes.push(`${describeRule(rule)} does not match these arguments`);
  if (match !== 'match') return 'no';
  const uncovered = uncoveredPaths(conditions, scope);
  if (uncovered.length === 0) return 'match';
  notes.push(
    `${describeRule(rule)} does not cover the path argument${uncovered.length > 1 ? 's' : ''} ${uncovered.join(', ')}`,
  );
  return 'no';
}

/** Adds a rule to a copy of the lists; refused rules throw a LenaError that says why. */
export function addRule(
  lists: PermissionLists,
  list: RuleList,
  entry: RuleEntry,
  scope: RuleScope = 'user',
): PermissionLists {
  const checked = validateRule(list, entry, scope);
  if (!checked.ok) throw new LenaError(ERROR_CODE.invalidArguments, checked.message);
  const rule = entry.rule.trim();
  const same = (e: RuleEntry) =>
    e.rule.trim() === rule && JSON.stringify(e.args) === JSON.stringify(entry.args);
  const kept = lists[list].filter((existing) => !same(existing));
  return { ...lists, [list]: [...kept, { ...entry, rule }] };
}

/**
 * Removes one rule (revoking it in settings); a no-op when absent. A rule object is told apart
 * from another of the same text by its `args`: revoking one leaves the others.
 */
export function removeRule(
  lists: PermissionLists,
  list: RuleList,
  rule: string,
  args?: RuleEntry['args'],
): PermissionLists {
  const same = (e: RuleEntry) =>
    e.rule.trim() === rule.trim() && JSON.stringify(e.args) === JSON.stringify(args);
  return { ...lists, [list]: lists[list].filter((existing) => !same(existing)) };
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
