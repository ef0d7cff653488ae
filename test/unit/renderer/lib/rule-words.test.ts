import { describe, expect, it } from 'vitest';
import { allowedWords, askedWords, ruleWords } from '../../../../renderer/lib/rule-words';

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

describe('argument rules in words', () => {
  it('says which rule named the tool but not these arguments', () => {
    expect(
      ruleWords(
        'default: ask (rule allow mcp__fs__write_file(path:~/notes/**) (user) does not match these arguments)',
      ),
    ).toBe(
      'No saved rule covers this call, so Lena asks: rule allow mcp__fs__write_file(path:~/notes/**) (user) does not match these arguments.',
    );
    expect(
      ruleWords(
        'default: ask (rule allow mcp__fs__a(path:/n/**) (user) does not match these arguments; rule allow mcp__fs__a(path:/d/**) (user) does not match these arguments)',
      ),
    ).toBe(
      'No saved rule covers this call, so Lena asks: rule allow mcp__fs__a(path:/n/**) (user) does not match these arguments; rule allow mcp__fs__a(path:/d/**) (user) does not match these arguments.',
    );
    expect(ruleWords('rule ask mcp__fs__write_file(path:"C:/a,b/**") (user)')).toBe(
      'Your rule “mcp__fs__write_file(path:"C:/a,b/**")” says to ask.',
    );
  });
  it("names the rule that let a call run on its card, and nothing when the user's answer did", () => {
    expect(allowedWords('rule allow mcp__fs__write_file(path:~/notes/**) (user)')).toBe(
      'Allowed by your rule “mcp__fs__write_file(path:~/notes/**)”.',
    );
    expect(allowedWords('rule allow mcp__fs (cli)')).toBe('Allowed by the --allow rule “mcp__fs”.');
    expect(allowedWords('asked: allow-once')).toBeNull();
    expect(allowedWords(null)).toBeNull();
  });
  it('names the ask rule that made Lena ask, on the card of the call', () => {
    expect(
      askedWords(
        'asked: allowed once · asked by rule ask mcp__fs__write_file(path:/etc/**) (user)',
      ),
    ).toBe('Lena asked because of your rule “mcp__fs__write_file(path:/etc/**)”.');
    expect(askedWords('asked: allowed once')).toBeNull();
  });
});
