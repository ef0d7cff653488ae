import { describe, expect, it } from 'vitest';
import { ruleWords } from '../../../../renderer/lib/rule-words';

describe('ruleWords', () => {
  it('says plainly that no rule matched', () => {
    expect(ruleWords('default: ask')).toBe('No saved rule, so Lena asks.');
  });
  it('names a saved rule and where it lives', () => {
    expect(ruleWords('rule ask mcp__fs__write_file (user)')).toBe(
      'Your rule “mcp__fs__write_file” says to ask.',
    );
    expect(ruleWords('rule ask mcp__fs__* (project)')).toBe(
      'Your project rule “mcp__fs__*” says to ask.',
    );
  });
  it('keeps notes after the rule as sentences', () => {
    expect(ruleWords('default: ask; trust suspended: server entry changed')).toBe(
      'No saved rule, so Lena asks. Trust suspended: server entry changed.',
    );
  });
});
