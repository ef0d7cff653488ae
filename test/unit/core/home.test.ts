import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lenaPaths, resolveLenaHome } from '../../../electron/core/home';

describe("Lena's home", () => {
  it('defaults to ~/.lena and honours LENA_HOME', () => {
    expect(resolveLenaHome({}, '/home/ada')).toBe('/home/ada/.lena');
    expect(resolveLenaHome({ LENA_HOME: '/tmp/x' }, '/home/ada')).toBe('/tmp/x');
    expect(resolveLenaHome({ LENA_HOME: '  ' }, '/home/ada')).toBe('/home/ada/.lena');
  });

  it('keeps the user config, settings, database and logs inside it', () => {
    const p = lenaPaths('/h');
    expect(p).toMatchObject({
      mcpConfig: '/h/mcp.json',
      settings: '/h/settings.json',
      database: '/h/lena.db',
      logs: '/h/logs',
    });
  });
});

describe('the path registry of Lena’s home', () => {
  it('is the only place that joins a file name of the home (lenaPaths names each one)', () => {
    const ROOT = resolve(__dirname, '../../..');
    const names = [...new Set(Object.values(lenaPaths('/h')).map((p) => basename(p)))].filter(
      (n) => n !== 'h',
    );
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? sources(join(dir, e.name))
          : /\.tsx?$/.test(e.name)
            ? [join(dir, e.name)]
            : [],
      );
    // A join whose first part is a home (`paths.home`, `home`, `lenaHome`…) and whose last is one of those names.
    const joins = new RegExp(
      `join\\(\\s*[\\w.]*home\\w*\\s*,[^)]*'(${names.map((n) => n.replace(/\./g, '\\.')).join('|')})'\\s*\\)`,
      'gi',
    );
    const found: string[] = [];
    for (const file of sources(join(ROOT, 'electron'))) {
      if (file === join(ROOT, 'electron/core/home.ts')) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(joins))
        found.push(`${relative(ROOT, file)}: ${m[0]}`);
    }
    expect(names.length).toBeGreaterThan(15);
    expect(found).toEqual([]);
  });
});
