// "Always allow when…": the rule the question starts from, and the check of the rule the user
// sends back. The suggestion is made from the call's top-level scalar arguments: its path
// arguments as their folder (`path:~/notes/**`) when it has any, otherwise its short values as
// they are. What the user stores must name this tool and hold at least one condition.
import { isPathParam, looksLikePath } from './arg-paths';
import { serverRuleFor } from './rules';
import { parsedOnce, type ParsedRule } from './rule-parse';
import { conditionText, type ConditionText } from './rule-syntax';
import type { Answer, RuleEntry, RuleList, ToolCallRequest } from './types';

/** The longest value kept as an exact condition; longer text is content, not a choice. */
const SHORT = 80;

type ToolRule = Extract<ParsedRule, { kind: 'tool' }>;

/** The suggested rule for this call, or null when its arguments offer nothing to match on. */
export function suggestWhenRule(
  qualifiedName: string,
  args: unknown,
  schema: unknown,
  home: string,
): string | null {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return null;
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  const paths: ConditionText[] = [];
  const values: ConditionText[] = [];
  for (const [name, value] of Object.entries(args as Record<string, unknown>)) {
    if (!/^[A-Za-z0-9_.$-]+$/.test(name)) continue;
    const condition = (pattern: string) => ({ param: name, pointer: [name], pattern });
    if (typeof value === 'string' && !value.includes('\n')) {
      if (isPathParam(name, props?.[name]) || looksLikePath(value))
        paths.push(condition(`${folderOf(value, home)}/**`));
      else if (value.length <= SHORT && !/[*?[\\]/.test(value)) values.push(condition(value));
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      values.push(condition(String(value)));
    }
  }
  const chosen = paths.length > 0 ? paths : values;
  return chosen.length > 0 ? `${qualifiedName}(${conditionText(chosen)})` : null;
}

/** The folder of a path argument, written with `/` and `~` for the home folder. */
function folderOf(value: string, home: string): string {
  const path = value.replace(/\\/g, '/');
  const cut = path.endsWith('/') ? path.replace(/\/+$/, '') : path.slice(0, path.lastIndexOf('/'));
  const folder = cut === '' && path.startsWith('/') ? '' : cut || '.';
  const h = home.replace(/\\/g, '/').replace(/\/+$/, '');
  if (h && (folder === h || folder.startsWith(`${h}/`))) return `~${folder.slice(h.length)}`;
  return folder;
}

/** The rule the user sent, parsed, or why it cannot be stored for this tool. */
export function checkWhenRule(
  qualifiedName: string,
  text: string,
): { ok: true; parsed: ToolRule } | { ok: false; message: string } {
  const parsed = parsedOnce({ rule: text.trim() });
  if ('message' in parsed) return { ok: false, message: parsed.message };
  if (parsed.kind !== 'tool' || parsed.name !== qualifiedName)
    return {
      ok: false,
      message: `The rule must name this tool, ${qualifiedName}(PARAM:PATTERN…); use "Always allow this server" for more.`,
    };
  if (parsed.conditions.length === 0)
    return {
      ok: false,
      message: `The rule has no conditions; write ${qualifiedName}(PARAM:PATTERN), or choose "Always allow this tool".`,
    };
  return { ok: true, parsed };
}

/** The rule an "always" answer stores, or none; a refused "always allow when" rule throws why. */
export function lastingRule(
  request: ToolCallRequest,
  answer: Answer,
  now: Date,
): { list: RuleList; entry: RuleEntry } | undefined {
  const identity = request.identity.hash;
  const addedAt = now.toISOString();
  const names = { server: request.serverName, tool: request.toolName, addedAt };
  switch (answer.kind) {
    case 'always-allow-tool':
      return { list: 'allow', entry: { rule: request.qualifiedName, identity, ...names } };
    case 'always-deny-tool':
      return { list: 'deny', entry: { rule: request.qualifiedName, ...names } };
    case 'always-allow-when': {
      const text = (answer.rule ?? '').trim();
      const checked = checkWhenRule(request.qualifiedName, text);
      if (!checked.ok) throw new Error(checked.message);
      return { list: 'allow', entry: { rule: text, identity, ...names } };
    }
    case 'always-allow-server': {
      const rule = serverRuleFor(request.serverName);
      return { list: 'allow', entry: { rule, identity, server: request.serverName, addedAt } };
    }
    default:
      return undefined;
  }
}
