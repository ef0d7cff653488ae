import { describe, expect, it } from 'vitest';
import { deniedWords } from '../../../../renderer/lib/denied-words';

describe('deniedWords', () => {
  it('says the user denied it, with the reason they gave', () => {
    expect(deniedWords('asked: denied')).toBe(
      'You denied it: the tool did not run, and Claude was told so.',
    );
    expect(deniedWords('asked: denied (not that folder)')).toBe(
      'You denied it (“not that folder”): the tool did not run, and Claude was told why.',
    );
  });
  it('says when nobody answered or the question was withdrawn', () => {
    expect(deniedWords('timeout: no answer in 5 min')).toBe(
      'Nobody answered within 5 min, so it was denied: the tool did not run.',
    );
    expect(deniedWords('cancelled: the turn was stopped')).toBe(
      'The question was withdrawn (the turn was stopped): the tool did not run.',
    );
  });
  it('names a rule as it is described, and copes with no record', () => {
    expect(deniedWords('deny rule mcp__fs__write_file')).toBe(
      'Denied by deny rule mcp__fs__write_file: the tool did not run, and Claude was told so.',
    );
    expect(deniedWords('rule deny mcp__fs__write_file(path:/etc/**) (project)')).toBe(
      "Refused by the project's rule “mcp__fs__write_file(path:/etc/**)”: the tool did not run, and Claude was told which rule refused it.",
    );
    expect(deniedWords('asked: denied (no) · asked by rule ask mcp__fs__move_file (project)')).toBe(
      "You denied it (“no”): the tool did not run, and Claude was told why. Lena asked because of the project's rule “mcp__fs__move_file”.",
    );
    expect(deniedWords(null)).toBe('Denied: the tool did not run, and Claude was told so.');
  });
});
