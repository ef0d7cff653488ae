// Throw sites name their error code by its constant (ERROR_CODE in shared/result.ts), never by a
// string literal: the constants are the closed list the window and the manager switch on, so a
// code cannot be misspelled or invented in one place. The scan covers every form a code is passed
// in (LenaError, a subclass's super, shared/result's fail and errorInfo, LenaError.from, an envelope).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE, ERROR_CODES } from '../../../shared/result';

const ROOT = resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The codes one file passes to LenaError (or a subclass's super), shared/result's fail, errorInfo, LenaError.from or an envelope. */
function codesIn(text: string): string[] {
  const patterns = [
    /new LenaError\(\s*'([^']+)'/g,
    /LenaError\.from\(\{\s*code:\s*'([^']+)'/g,
    /\berrorInfo\(\s*'([^']+)'/g,
    /error: \{\s*code:\s*'([^']+)'/g,
  ];
  // `fail` and `super` mean the shared helpers only where the file uses them (tool-runner has its own fail).
  if (/import \{[^}]*\bfail\b[^}]*\} from '[./]*shared\/result'/.test(text))
    patterns.push(/\bfail\(\s*'([^']+)'/g);
  if (/extends LenaError\b/.test(text)) patterns.push(/\bsuper\(\s*'([^']+)'/g);
  return patterns.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]));
}

describe('error codes', () => {
  it('the scan finds codes in each form (so an empty result means something)', () => {
    const sample = [
      "import { fail, ok } from '../../shared/result';",
      "throw new LenaError(\n  'not-found', 'x');",
      "return fail('made-up', 'y');",
      "class Busy extends LenaError { constructor() { super('locked', 'z'); } }",
      "throw LenaError.from({ code: 'unavailable', message: 'm' });",
    ].join('\n');
    expect(codesIn(sample).sort()).toEqual(['locked', 'made-up', 'not-found', 'unavailable']);
  });

  it('no throw site in electron/, shared/ or renderer/ names a code by a string literal', () => {
    const literal: string[] = [];
    let constants = 0;
    for (const file of ['electron', 'shared', 'renderer'].flatMap((d) => sources(join(ROOT, d)))) {
      const text = readFileSync(file, 'utf8');
      constants += (text.match(/\bERROR_CODE\.\w+/g) ?? []).length;
      for (const code of codesIn(text)) literal.push(`${relative(ROOT, file)}: '${code}'`);
    }
    expect(constants).toBeGreaterThan(100);
    expect(literal).toEqual([]);
  });

  it('the constants are the closed list of codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_CODES).toContain(ERROR_CODE.rateLimited);
  });
});
