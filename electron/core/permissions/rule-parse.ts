// Reading a rule: its tool part (`mcp__SERVER`, `mcp__SERVER__*`, `mcp__SERVER__TOOL`, `*`), the
// conditions in its parentheses (rule-syntax.ts) or in a settings rule object's `args`
// (arg-match.ts). Parsed once per text: the gate compiles every scope's lists per decision.
import { argsConditions, textCondition, type Condition } from './arg-match';
import { parseRuleText } from './rule-syntax';
import type { RuleEntry } from './types';

/**
 * A rule understood: every tool, every tool of one server (`server` is the server's name as it
 * appears in qualified names), or one qualified name (`server`/`tool` split it for display only),
 * with the conditions its arguments must meet (none: every call of the tool).
 */
export type ParsedRule =
  | { kind: 'everything' }
  | { kind: 'agents' }
  | { kind: 'server'; server: string }
  | { kind: 'tool'; name: string; server: string; tool: string; conditions: Condition[] };

// Server names in qualified names may themselves hold `__` (a server called `a..b` becomes `a__b`),
// so `mcp__X` is a server only when X has no `__`; `mcp__X__*` names any server X; anything else
// with `__` is one exact qualified name.
const SERVER_WILDCARD = /^mcp__([A-Za-z0-9_-]+)__\*$/;
const BARE_SERVER = /^mcp__(?!.*__)([A-Za-z0-9_-]+)$/;
const TOOL_RULE = /^mcp__([A-Za-z0-9_-]+?)__([A-Za-z0-9_-]+)$/;
const EVERYTHING = new Set(['*', 'mcp__*', 'mcp__*__*']);
// A2A agents (each one tool to the model): `a2a__NAME` is one agent, `a2a__*` every agent. The
// server part of an agent's rule holds a space, so it never names a configured MCP server.
const AGENT_RULE = /^a2a__([a-z0-9-]{1,48})$/;
const EVERY_AGENT = 'a2a__*';
export const agentRuleServer = (agent: string): string => `agent ${agent}`;

const SHAPE_HELP =
  'write `mcp__SERVER`, `mcp__SERVER__*` or `mcp__SERVER__TOOL` (the qualified names the model sees), or `a2a__AGENT` / `a2a__*` for A2A agents';

/** Parses a rule without judging the list it goes in; `null` when it is not a rule at all. */
export function parseRule(text: string): ParsedRule | null {
  const parsed = parseRuleWithConditions(text);
  return 'message' in parsed ? null : parsed;
}

function parseHead(head: string): ParsedRule | null {
  const rule = head.trim();
  if (EVERYTHING.has(rule)) return { kind: 'everything' };
  if (rule === EVERY_AGENT) return { kind: 'agents' };
  const agent = AGENT_RULE.exec(rule);
  if (agent)
    return {
      kind: 'tool',
      name: rule,
      server: agentRuleServer(agent[1]),
      tool: agent[1],
      conditions: [],
    };
  const server = SERVER_WILDCARD.exec(rule) ?? BARE_SERVER.exec(rule);
  if (server) return { kind: 'server', server: server[1] };
  const tool = TOOL_RULE.exec(rule);
  if (tool) return { kind: 'tool', name: rule, server: tool[1], tool: tool[2], conditions: [] };
  return null;
}

/** A rule with its `(PARAM:PATTERN…)` conditions; the message names the column and a corrected rule. */
function parseRuleWithConditions(text: string): ParsedRule | { message: string } {
  const trimmed = text.trim();
  const syntax = parseRuleText(trimmed);
  if (!syntax.ok) {
    const column = syntax.column + text.indexOf(trimmed.charAt(0));
    const fix = syntax.example ? `; write it as ${syntax.example}` : '';
    return {
      message: `"${text}" is not a permission rule: at column ${column}, ${syntax.reason}${fix}.`,
    };
  }
  const parsed = parseHead(syntax.head);
  if (!parsed) return { message: `"${text}" is not a permission rule: ${SHAPE_HELP}.` };
  if (syntax.conditions.length === 0) return parsed;
  if (parsed.kind !== 'tool')
    return {
      message: `"${text}": argument conditions apply to one tool; write mcp__SERVER__TOOL(${trimmed.slice(syntax.head.length + 1)}`,
    };
  return { ...parsed, conditions: syntax.conditions.map(textCondition) };
}

/** A settings rule object's `args` (`{"path": {"under": "~/notes"}}`) as conditions of its rule. */
function withArgs(parsed: ParsedRule, entry: RuleEntry): ParsedRule | { message: string } {
  if (entry.args === undefined) return parsed;
  const text = entry.rule.trim();
  if (parsed.kind !== 'tool')
    return { message: `"${text}": "args" apply to one tool; name it as mcp__SERVER__TOOL.` };
  if (parsed.conditions.length > 0)
    return {
      message: `"${text}": write the conditions either in the rule's parentheses or in "args", not both.`,
    };
  const conditions = argsConditions(text, entry.args);
  if ('message' in conditions) return conditions;
  return { ...parsed, conditions };
}

// Rules are parsed (globs, pointers) once per text, not once per call: the gate compiles every
// scope's lists for each decision. Parsed rules are never changed after parsing.
const parsedCache = new Map<string, ParsedRule | { message: string }>();

export function parsedOnce(entry: RuleEntry): ParsedRule | { message: string } {
  const key =
    entry.args === undefined ? entry.rule : `${entry.rule}\u0000${JSON.stringify(entry.args)}`;
  let parsed = parsedCache.get(key);
  if (!parsed) {
    const first = parseRuleWithConditions(entry.rule);
    parsed = 'message' in first ? first : withArgs(first, entry);
    if (parsedCache.size > 10_000) parsedCache.clear();
    parsedCache.set(key, parsed);
  }
  return parsed;
}
