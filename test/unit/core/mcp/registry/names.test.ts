import { describe, expect, it } from 'vitest';
import {
  assignQualifiedNames,
  MAX_TOOL_NAME_LENGTH,
  nameHash,
  refKey,
  type ToolRef,
} from '../../../../../electron/core/mcp/registry/names';

const API_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const names = (refs: ToolRef[]) => {
  const map = assignQualifiedNames(refs);
  return refs.map((r) => map.get(refKey(r))!);
};

describe('assignQualifiedNames', () => {
  it('uses mcp__server__tool when it is already valid', () => {
    expect(
      names([
        { server: 'filesystem', tool: 'read_text_file' },
        { server: 'fs-2', tool: 'list-dir' },
      ]),
    ).toEqual(['mcp__filesystem__read_text_file', 'mcp__fs-2__list-dir']);
  });

  it('sanitises dots, spaces and unicode (one underscore per character) without a hash when nothing collides', () => {
    expect(
      names([
        { server: 's', tool: 'files.read' },
        { server: 's', tool: 'get weather' },
        { server: 's', tool: 'café_☕' },
      ]),
    ).toEqual(['mcp__s__files_read', 'mcp__s__get_weather', 'mcp__s__caf___']);
  });

  it('a.b and a_b: the unsanitised one keeps the plain name, whatever the order; the other gets a stable hash', () => {
    const dotted = { server: 's', tool: 'a.b' };
    const plain = { server: 's', tool: 'a_b' };
    const expected = `mcp__s__a_b_${nameHash(dotted)}`;
    expect(names([dotted, plain])).toEqual([expected, 'mcp__s__a_b']);
    expect(names([plain, dotted])).toEqual(['mcp__s__a_b', expected]);
    expect(nameHash(dotted)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('two sanitised names that collide both get distinct hashes', () => {
    const refs = [
      { server: 's', tool: 'a.b' },
      { server: 's', tool: 'a b' },
    ];
    const [first, second] = names(refs);
    expect(first).toBe(`mcp__s__a_b_${nameHash(refs[0])}`);
    expect(second).toBe(`mcp__s__a_b_${nameHash(refs[1])}`);
    expect(first).not.toBe(second);
  });

  it('server names containing "__" cannot steal each other\'s tools', () => {
    const refs = [
      { server: 'a__b', tool: 'c' },
      { server: 'a', tool: 'b__c' },
    ];
    const result = names(refs);
    expect(new Set(result).size).toBe(2);
    expect(result.every((n) => n.startsWith('mcp__a__b__c_'))).toBe(true);
  });

  it('shortens names over 64 characters with a hash, keeping the server prefix and uniqueness', () => {
    const long = 'x'.repeat(100);
    const refs = [
      { server: 'github', tool: long },
      { server: 'github', tool: `${long}y` },
      { server: 'github', tool: 'x'.repeat(51) }, // exactly 64 with the prefix: kept as is
    ];
    const result = names(refs);
    expect(result[2]).toBe(`mcp__github__${'x'.repeat(51)}`);
    expect(result[2].length).toBe(64);
    for (const name of result) {
      expect(name).toMatch(API_NAME);
      expect(name.startsWith('mcp__github__')).toBe(true);
    }
    expect(result[0]).toBe(
      `mcp__github__${'x'.repeat(MAX_TOOL_NAME_LENGTH - 13 - 9)}_${nameHash(refs[0])}`,
    );
    expect(new Set(result).size).toBe(3);
  });

  it('always yields unique, API-valid names for a messy set', () => {
    const refs: ToolRef[] = [];
    for (const server of ['a', 'a_b', 'a__b', 'long-server-name-'.repeat(3)]) {
      for (const tool of [
        '',
        'x',
        'x.y',
        'x_y',
        'x y',
        'ü',
        '_',
        '😀😀',
        'z'.repeat(80),
        `${'z'.repeat(80)}.`,
      ])
        refs.push({ server, tool });
    }
    const result = names(refs);
    expect(new Set(result).size).toBe(refs.length);
    for (const name of result) expect(name).toMatch(API_NAME);
    // Deterministic: the same set in another order gives the same names.
    const reversed = assignQualifiedNames([...refs].reverse());
    expect(refs.map((r) => reversed.get(refKey(r)))).toEqual(result);
  });
});
