// Every error code the source passes to the error helpers is one the window knows (issue 13):
// ErrorCode is a closed list, and this scan also covers what the type cannot see (codes built
// in JavaScript-facing places, a helper called through a cast), so a new code is added to
// ERROR_CODES instead of surprising the renderer.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/result';

const ROOT = resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The codes one file passes to LenaError (or a subclass's super), shared/result's fail, or HostError. */
function codesIn(text: string): string[] {
  const patterns = [/new LenaError\(\s*'([^']+)'/g, /new HostError\(\{\s*code:\s*'([^']+)'/g];
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
      "throw new HostError({ code: 'unavailable', message: 'm' });",
    ].join('\n');
    expect(codesIn(sample).sort()).toEqual(['locked', 'made-up', 'not-found', 'unavailable']);
  });

  it('every code used in electron/, shared/ and renderer/ is in ERROR_CODES', () => {
    const known = new Set<string>(ERROR_CODES);
    const unknown: string[] = [];
    let found = 0;
    for (const file of ['electron', 'shared', 'renderer'].flatMap((d) => sources(join(ROOT, d)))) {
      for (const code of codesIn(readFileSync(file, 'utf8'))) {
        found++;
        if (!known.has(code)) unknown.push(`${relative(ROOT, file)}: '${code}'`);
      }
    }
    expect(found).toBeGreaterThan(30);
    expect(unknown).toEqual([]);
  });
});
