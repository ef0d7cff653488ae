import { describe, expect, it } from 'vitest';
import { locateKeys } from '../../../../shared/config/key-locations';

describe('locateKeys', () => {
  it('finds every object key with its path and offset, through arrays, strings with braces and escapes', () => {
    const text = '{"a": [1, {"b": "x\\"}{"}], "c": {"d": {"e": {"f": 1}}}, "g": true}';
    expect(
      locateKeys(text).map(({ path, offset }) => [
        path.join('/'),
        text.slice(offset, offset + path[path.length - 1].length + 2),
      ]),
    ).toEqual([
      ['a', '"a"'],
      ['a/1/b', '"b"'],
      ['c', '"c"'],
      ['c/d', '"d"'],
      ['c/d/e', '"e"'], // depth 3 is the default limit: "f" is not listed
      ['g', '"g"'],
    ]);
  });

  it('decodes escaped keys and lists repeated keys each time', () => {
    const text = '{"m": {"a\\u0062": 1, "ab": 2}}';
    expect(locateKeys(text).map((k) => k.path)).toEqual([['m'], ['m', 'ab'], ['m', 'ab']]);
  });
});
