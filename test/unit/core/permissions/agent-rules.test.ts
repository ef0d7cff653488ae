// Rules for A2A agents: `a2a__NAME` in allow, ask and deny; `a2a__*` in deny and ask only; MCP
// server rules never cover an agent, and `*` covers agents too.
import { describe, expect, it } from 'vitest';
import {
  evaluateRules,
  compileRules,
  validateRule,
} from '../../../../electron/core/permissions/rules';
import type { PermissionLists } from '../../../../electron/core/permissions/types';

const agent = { qualifiedName: 'a2a__weather', serverName: 'agent weather' };
const identity = { name: 'agent weather', hash: 'h1', source: 'user' as const };

const decide = (lists: Partial<PermissionLists>, scope: 'user' | 'project' | 'cli' = 'user') =>
  evaluateRules(compileRules(scope, lists).rules, agent, identity).decision;

describe('agent rules', () => {
  it('reads a2a__NAME in every list and a2a__* in deny and ask', () => {
    expect(decide({ allow: [{ rule: 'a2a__weather' }] })).toBe('allow');
    expect(decide({ ask: [{ rule: 'a2a__weather' }] })).toBe('ask');
    expect(decide({ deny: [{ rule: 'a2a__*' }] })).toBe('deny');
    expect(decide({ ask: [{ rule: 'a2a__*' }] })).toBe('ask');
    expect(decide({ deny: [{ rule: '*' }] })).toBe('deny');
    expect(decide({ allow: [{ rule: 'a2a__other' }] })).toBe('none');
  });

  it('refuses a2a__* in allow, saying what to write instead', () => {
    const checked = validateRule('allow', 'a2a__*');
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toContain('allow one agent (`a2a__AGENT`) instead');
    expect(decide({ allow: [{ rule: 'a2a__*' }] })).toBe('none');
  });

  it('never lets an MCP server rule cover an agent of a similar name', () => {
    expect(decide({ allow: [{ rule: 'mcp__weather' }, { rule: 'mcp__agent' }] })).toBe('none');
  });

  it("applies a project's deny rules to agents", () => {
    expect(decide({ deny: [{ rule: 'a2a__weather' }] }, 'project')).toBe('deny');
  });

  it('explains a malformed agent rule', () => {
    const checked = validateRule('deny', 'a2a__Bad_Name');
    expect(!checked.ok && checked.message).toContain('`a2a__AGENT` / `a2a__*` for A2A agents');
  });
});
