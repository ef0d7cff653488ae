// Permission rules: three lists (allow, ask, deny) of qualified tool names from four scopes,
// evaluated deny > ask > allow > default ask. Allow rules are bound to the server entry they were
// written for, so a changed or shadowing entry cannot inherit them.
import { LenaError } from '../../../shared/result';
import type { PermissionLists, RuleEntry, RuleList, RuleScope, ServerIdentity } from './types';

/** A rule understood: every tool, every tool of one server, or one tool. */
export type ParsedRule =
  | { kind: 'everything' }
  | { kind: 'server'; server: string }
  | { kind: 'tool'; server: string; tool: string };

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

// Single underscores only inside a server segment: `__` separates server from tool.
const SERVER = '[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*';
const TOOL = '[A-Za-z0-9_-]+';
const SERVER_RULE = new RegExp(`^mcp__(${SERVER})(?:__\\*)?$`);
const TOOL_RULE = new RegExp(`^mcp__(${SERVER})__(${TOOL})$`);
const EVERYTHING = new Set(['*', 'mcp__*', 'mcp__*__*']);

const SHAPE_HELP = 'write `mcp__SERVER`, `mcp__SERVER__*` or `mcp__SERVER__TOOL` (the qualified names the model sees)';

/** Parses a rule without judging the list it goes in; `null` when it is not a rule at all. */
export function parseRule(text: string): ParsedRule | null {
  const rule = text.trim();
  if (EVERYTHING.has(rule)) return { kind: 'everything' };
  const server = SERVER_RULE.exec(rule);
  if (server) return { kind: 'server', server: server[1] };
  const tool = TOOL_RULE.exec(rule);
  if (tool && tool[2] !== '*') return { kind: 'tool', server: tool[1], tool: tool[2] };
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
export function compileRules(scope: RuleScope, lists: Partial<PermissionLists>): { rules: ScopedRule[]; warnings: string[] } {
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

/** Does the rule cover this qualified tool name? */
export function ruleMatches(parsed: ParsedRule, qualifiedName: string): boolean {
  switch (parsed.kind) {
    case 'everything':
      return qualifiedName.startsWith('mcp__');
    case 'server':
      return qualifiedName.startsWith(`mcp__${parsed.server}__`) && qualifiedName.length > `mcp__${parsed.server}__`.length;
    case 'tool':
      return qualifiedName === `mcp__${parsed.server}__${parsed.tool}`;
  }
}

/** "rule allow mcp__fs__read_text_file (user)" */
export function describeRule(rule: ScopedRule): string {
  return `rule ${rule.list} ${rule.entry.rule.trim()} (${rule.scope})`;
}

/** Why an allow rule does not apply to the server as configured now, if it does not. */
export function suspensionOf(rule: ScopedRule, identity: ServerIdentity): string | undefined {
  if (rule.list !== 'allow') return undefined; // deny and ask only ever restrict
  if (rule.entry.identity !== undefined) {
    return rule.entry.identity === identity.hash ? undefined : 'server entry changed';
  }
  // A hand-written user rule names a server, not a command: a project entry must not inherit it.
  if (rule.scope !== 'cli' && identity.source === 'project') return 'a project entry shadows this server';
  return undefined;
}

const SCOPE_ORDER: RuleScope[] = ['user', 'project', 'cli', 'session'];

// The most specific rule explains a decision best; ties go to the scope order above.
function pick(candidates: ScopedRule[]): ScopedRule | undefined {
  const weight = (r: ScopedRule) => (r.parsed.kind === 'tool' ? 0 : r.parsed.kind === 'server' ? 1 : 2) * 10 + SCOPE_ORDER.indexOf(r.scope);
  return [...candidates].sort((a, b) => weight(a) - weight(b))[0];
}

/** Deny beats ask beats allow, across every scope; suspended allow rules count as absent. */
export function evaluateRules(rules: ScopedRule[], qualifiedName: string, identity: ServerIdentity): RuleEvaluation {
  const matching = rules.filter((rule) => ruleMatches(rule.parsed, qualifiedName));
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
export function addRule(lists: PermissionLists, list: RuleList, entry: RuleEntry, scope: RuleScope = 'user'): PermissionLists {
  const checked = validateRule(list, entry.rule, scope);
  if (!checked.ok) throw new LenaError('invalid-arguments', checked.message);
  const rule = entry.rule.trim();
  const kept = lists[list].filter((existing) => existing.rule.trim() !== rule);
  return { ...lists, [list]: [...kept, { ...entry, rule }] };
}

/** Removes a rule (revoking it in settings); a no-op when absent. */
export function removeRule(lists: PermissionLists, list: RuleList, rule: string): PermissionLists {
  return { ...lists, [list]: lists[list].filter((existing) => existing.rule.trim() !== rule.trim()) };
}

/**
 * Re-binds the allow rules of a server to its current entry, after the user confirmed the changed
 * server. `serverSegment` is the server part of qualified names when it differs from the name.
 */
export function rebindServerRules(lists: PermissionLists, serverName: string, hash: string, serverSegment = serverName): PermissionLists {
  const allow = lists.allow.map((entry) => {
    const parsed = parseRule(entry.rule);
    const names = entry.server === serverName || (parsed && parsed.kind !== 'everything' && parsed.server === serverSegment);
    return names ? { ...entry, identity: hash } : entry;
  });
  return { ...lists, allow };
}

/** The server part of a qualified tool name (`mcp__fs__read` → `fs`). */
export function serverSegmentOf(qualifiedName: string): string | undefined {
  return TOOL_RULE.exec(qualifiedName)?.[1];
}
