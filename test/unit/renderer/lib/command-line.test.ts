import { describe, expect, it } from 'vitest';
import {
  joinCommandLine,
  looksLikeCommandLine,
  splitCommandLine,
} from '../../../../renderer/lib/command-line';

describe('splitting a pasted command line', () => {
  it('splits plain words', () => {
    expect(splitCommandLine('npx -y @modelcontextprotocol/server-memory')).toEqual({
      ok: true,
      words: ['npx', '-y', '@modelcontextprotocol/server-memory'],
    });
  });
  it('respects double and single quotes and escapes', () => {
    expect(splitCommandLine(`node "/a b/server.js" '/c "d"' e\\ f "x\\"y"`)).toEqual({
      ok: true,
      words: ['node', '/a b/server.js', '/c "d"', 'e f', 'x"y'],
    });
  });
  it('keeps empty quoted arguments', () => {
    expect(splitCommandLine(`cmd "" x`)).toEqual({ ok: true, words: ['cmd', '', 'x'] });
  });
  it('reports an unclosed quote instead of guessing', () => {
    const r = splitCommandLine('npx "unterminated');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/unclosed double quote/);
  });
  it('tells a command line from a single path', () => {
    expect(looksLikeCommandLine('npx -y pkg')).toBe(true);
    expect(looksLikeCommandLine('/usr/bin/node')).toBe(false);
  });
  it('joins words so they split back the same', () => {
    const words = ['node', '/a b/c.js', "it's", ''];
    const r = splitCommandLine(joinCommandLine(words));
    expect(r).toEqual({ ok: true, words });
  });
});
