// A skill's `allowed-tools` offered as allow rules: read by the gate's own rule parser, invalid
// entries say why, and a project's skill offers nothing until it is approved.
import { describe, expect, it } from 'vitest';
import { suggestedRules } from '../../../../electron/core/host/skill-rules';

const TOOLS = ['mcp__fs__read_file(path:~/notes/**)', 'mcp__github', 'Bash(git:*)'];

describe('suggested rules from allowed-tools', () => {
  it('offers each entry as written, with the parser error for one that is not a rule', () => {
    const [read, server, bash] = suggestedRules({ state: 'enabled', allowedTools: TOOLS });
    expect(read).toEqual({ rule: 'mcp__fs__read_file(path:~/notes/**)', error: null });
    expect(server).toEqual({ rule: 'mcp__github', error: null });
    expect(bash.rule).toBe('Bash(git:*)');
    expect(bash.error).toMatch(/^"Bash\(git:\*\)" is not a permission rule/);
  });

  it('offers nothing for a skill waiting for approval, invalid or shadowed', () => {
    for (const state of ['needs-approval', 'invalid', 'duplicate'])
      expect(suggestedRules({ state, allowedTools: TOOLS })).toEqual([]);
    expect(suggestedRules({ state: 'disabled', allowedTools: TOOLS })).toHaveLength(3);
    expect(suggestedRules({ state: 'enabled' })).toEqual([]);
  });
});
