// Rules checked against the tools a connected server lists: a condition on a parameter the tool's
// input schema does not have never matches, so an allow never allows and a deny never refuses.
// Said once the server is connected, so a typo is not a silent hole.
import { compileRules, describeRule } from './rules';
import type { PermissionLists, RuleScope } from './types';

/** A listed tool: its qualified name and input schema. */
export interface ListedTool {
  qualifiedName: string;
  inputSchema?: unknown;
}

/** One line per condition naming a top-level parameter the tool's schema does not declare. */
export function unknownParameters(
  scopes: ReadonlyArray<readonly [RuleScope, Partial<PermissionLists>]>,
  tools: readonly ListedTool[],
): string[] {
  const byName = new Map(tools.map((t) => [t.qualifiedName, t.inputSchema]));
  const lines: string[] = [];
  for (const [scope, lists] of scopes) {
    for (const rule of compileRules(scope, lists).rules) {
      if (rule.parsed.kind !== 'tool' || !byName.has(rule.parsed.name)) continue;
      const schema = byName.get(rule.parsed.name) as { properties?: Record<string, unknown> };
      const declared = schema?.properties;
      if (!declared) continue;
      for (const condition of rule.parsed.conditions) {
        const param = condition.pointer[0];
        if (param === undefined || Object.prototype.hasOwnProperty.call(declared, param)) continue;
        const names = Object.keys(declared).join(', ') || 'none';
        lines.push(
          `${describeRule(rule)} names the parameter "${param}", which ${rule.parsed.name} does not have (its parameters: ${names}); the rule never matches a call.`,
        );
      }
    }
  }
  return lines;
}
