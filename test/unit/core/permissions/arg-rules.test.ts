// Argument rules (RELIABILITY security 40): a table of calls × rules → decisions on a real folder
// with a symlink out of it, plus case folding and Windows paths through an injected platform.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PathContext, PathPlatform } from '../../../../electron/core/permissions/arg-paths';
import { decide } from '../../../../electron/core/permissions/gate';
import { validateRule } from '../../../../electron/core/permissions/rules';
import {
  defaultPermissionState,
  parseCliRules,
  parsePermissionState,
} from '../../../../electron/core/permissions/scopes';
import type { PermissionState, RuleEntry } from '../../../../electron/core/permissions/types';
import { call, FS, tool } from './requests';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'lena-arg-rules-')));
const notes = join(dir, 'notes');
mkdirSync(join(notes, 'private'), { recursive: true });
mkdirSync(join(dir, 'outside'));
writeFileSync(join(notes, 'a.md'), 'a');
symlinkSync(join(dir, 'outside'), join(notes, 'out'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const here: PathPlatform = { os: 'linux', home: dir, realpath: (p) => realpathSync.native(p) };
const ctx = (roots: string[] = [], platform = here): PathContext => ({ platform, roots });

const WRITE = tool('write_file', {
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
  },
});

/** "allow | rule allow … (cli)" for one call under CLI rules (or a user state) and a path context. */
function verdict(
  rules: { allow?: string[]; ask?: string[]; deny?: string[] },
  args: unknown,
  options: { name?: string; paths?: PathContext; state?: PermissionState } = {},
): string {
  const name = options.name ?? 'write_file';
  const d = decide(call(name, { args, tool: name === 'write_file' ? WRITE : tool(name) }), {
    state: options.state ?? defaultPermissionState(),
    cliRules: parseCliRules(rules.allow ?? [], rules.deny ?? [], rules.ask ?? []),
    interactive: true,
    paths: options.paths ?? ctx(),
  });
  return `${d.outcome} | ${d.decidedBy}`;
}

const NOTES = 'mcp__fs__write_file(path:~/notes/**)';

describe('an allow rule on a path argument', () => {
  it.each([
    ['a file inside', { path: join(notes, 'a.md'), content: 'x' }, 'allow'],
    ['~ expanded', { path: '~/notes/a.md', content: 'x' }, 'allow'],
    ['a file: URI', { path: `file://${notes}/a.md`, content: 'x' }, 'allow'],
    ['a new folder inside', { path: join(notes, 'new/deeper/b.md'), content: 'x' }, 'allow'],
    [
      'content that starts with / is not a path',
      { path: `${notes}/c.md`, content: '/* x */\n' },
      'allow',
    ],
    ['.. out of the folder', { path: `${notes}/../x`, content: 'x' }, 'ask'],
    ['~/notes/../.bashrc', { path: '~/notes/../.bashrc', content: 'x' }, 'ask'],
    ['a symlink out of the folder', { path: join(notes, 'out/x.md'), content: 'x' }, 'ask'],
    ['.. through the symlink', { path: `${notes}/out/../x.md`, content: 'x' }, 'ask'],
    ['a sibling with the same prefix', { path: `${notes}-evil/a.md`, content: 'x' }, 'ask'],
    ['the argument absent', { content: 'x' }, 'ask'],
    ['not a string', { path: 42, content: 'x' }, 'ask'],
    ['an extra property holding a path', { path: `${notes}/a.md`, backup: '/etc/passwd' }, 'ask'],
    ['a nested path', { path: `${notes}/a.md`, opts: { copyTo: '~/.ssh/x' } }, 'ask'],
  ])('%s → %s', (_what, args, outcome) => {
    expect(verdict({ allow: [NOTES] }, args)).toMatch(new RegExp(`^${outcome} \\| `));
  });

  it('names the rule that allowed, and why a conditional rule did not apply', () => {
    expect(verdict({ allow: [NOTES] }, { path: `${notes}/a.md` })).toBe(
      `allow | rule allow ${NOTES} (cli)`,
    );
    expect(verdict({ allow: [NOTES] }, { path: `${notes}/a.md`, backup: '/etc/x' })).toBe(
      `ask | default: ask (rule allow ${NOTES} (cli) does not cover the path argument /backup)`,
    );
  });

  it('a relative path resolves against the one root; with none or several it never matches', () => {
    const args = { path: 'notes/a.md', content: 'x' };
    expect(verdict({ allow: [NOTES] }, args, { paths: ctx([dir]) })).toMatch(/^allow/);
    expect(verdict({ allow: [NOTES] }, args, { paths: ctx([]) })).toMatch(/^ask.*not applied/);
    expect(verdict({ allow: [NOTES] }, args, { paths: ctx([dir, notes]) })).toMatch(/^ask/);
    expect(verdict({ allow: [NOTES] }, { path: '../x' }, { paths: ctx([notes]) })).toMatch(/^ask/);
  });

  it('a rule on one path parameter does not allow a second one it does not cover', () => {
    const move = { source: `${notes}/a.md`, destination: '/etc/cron.d/x' };
    expect(
      verdict({ allow: ['mcp__fs__move_file(source:~/notes/**)'] }, move, { name: 'move_file' }),
    ).toMatch(/^ask .*does not cover the path argument \/destination/);
    const both = 'mcp__fs__move_file(source:~/notes/**, destination:~/notes/**)';
    expect(verdict({ allow: [both] }, move, { name: 'move_file' })).toMatch(/^ask/);
    expect(
      verdict({ allow: [both] }, { ...move, destination: `${notes}/b.md` }, { name: 'move_file' }),
    ).toMatch(/^allow/);
  });

  it('every path of a list must be inside for an allow', () => {
    const rule = 'mcp__fs__read_multiple_files(paths:~/notes/**)';
    const name = 'read_multiple_files';
    expect(verdict({ allow: [rule] }, { paths: [`${notes}/a.md`, '~/notes/b'] }, { name })).toMatch(
      /^allow/,
    );
    expect(
      verdict({ allow: [rule] }, { paths: [`${notes}/a.md`, '/etc/passwd'] }, { name }),
    ).toMatch(/^ask/);
    expect(verdict({ allow: [rule] }, { paths: [] }, { name })).toMatch(/^ask/);
  });
});

describe('case folding and Windows paths (injected platform)', () => {
  const identity = (p: string) => p;
  it('folds case where the file system does, and only there', () => {
    const mac: PathPlatform = { os: 'darwin', home: '/Users/Me', realpath: identity };
    const linux: PathPlatform = { ...mac, os: 'linux' };
    const args = { path: '/users/me/NOTES/a.md' };
    expect(verdict({ allow: [NOTES] }, args, { paths: ctx([], mac) })).toMatch(/^allow/);
    expect(verdict({ allow: [NOTES] }, args, { paths: ctx([], linux) })).toMatch(/^ask/);
  });

  it('compares Windows paths written with \\ against a pattern written with /', () => {
    const win: PathPlatform = { os: 'win32', home: 'C:\\Users\\me', realpath: identity };
    const rule = 'mcp__fs__write_file(path:"C:/Users/me/notes/**")';
    const paths = ctx([], win);
    expect(verdict({ allow: [rule] }, { path: 'c:\\USERS\\me\\Notes\\a.txt' }, { paths })).toMatch(
      /^allow/,
    );
    expect(verdict({ allow: [NOTES] }, { path: '~\\notes\\a.txt' }, { paths })).toMatch(/^allow/);
    expect(verdict({ allow: [rule] }, { path: 'C:\\Users\\me\\notes\\..\\x' }, { paths })).toMatch(
      /^ask/,
    );
    expect(verdict({ allow: [rule] }, { path: 'D:\\Users\\me\\notes\\a' }, { paths })).toMatch(
      /^ask/,
    );
  });
});

describe('precedence and deny rules with conditions', () => {
  it('deny, then ask, then allow; the allow with more conditions is the one shown', () => {
    const rules = {
      allow: ['mcp__fs__write_file', NOTES],
      deny: ['mcp__fs__write_file(path:~/notes/private/**)'],
    };
    expect(verdict(rules, { path: `${notes}/a.md` })).toBe(`allow | rule allow ${NOTES} (cli)`);
    expect(verdict(rules, { path: '/tmp/elsewhere' })).toBe(
      'allow | rule allow mcp__fs__write_file (cli)',
    );
    expect(verdict(rules, { path: `${notes}/private/k` })).toMatch(
      /^deny \| rule deny mcp__fs__write_file\(path:~\/notes\/private\/\*\*\) \(cli\)$/,
    );
    expect(
      verdict(
        { ...rules, ask: ['mcp__fs__write_file(content:*secret*)'] },
        { path: `${notes}/a.md`, content: 'a secret' },
      ),
    ).toMatch(/^ask \| rule ask/);
  });

  it('a conditional deny refuses only matching calls and tells the model which rule refused', () => {
    const deny = 'mcp__fs__write_file(path:~/notes/private/**)';
    const d = decide(call('write_file', { args: { path: '~/notes/private/x' }, tool: WRITE }), {
      state: defaultPermissionState(),
      cliRules: parseCliRules(['mcp__fs__write_file'], [deny]),
      interactive: true,
      paths: ctx(),
    });
    expect(d.message).toContain(`denied by the rule deny ${deny} (cli)`);
    expect(d.message).toContain(
      'a call with other arguments, such as another path, is decided on its own',
    );
  });

  it('a deny that cannot be checked (relative path, no root) asks instead of allowing', () => {
    const rules = {
      allow: ['mcp__fs__write_file'],
      deny: ['mcp__fs__write_file(path:~/notes/private/**)'],
    };
    expect(verdict(rules, { path: 'private/k' })).toMatch(/^ask \| rule deny .*cannot be checked/);
    expect(verdict(rules, { path: 'private/k' }, { paths: ctx([notes]) })).toMatch(/^deny/);
  });

  it('nested pointers, numbers and booleans match exact values; absent never matches', () => {
    const rule = 'mcp__fs__search(/options/recursive:false, depth:2)';
    const name = 'search';
    expect(
      verdict({ allow: [rule] }, { options: { recursive: false }, depth: 2 }, { name }),
    ).toMatch(/^allow/);
    expect(
      verdict({ allow: [rule] }, { options: { recursive: true }, depth: 2 }, { name }),
    ).toMatch(/^ask/);
    expect(verdict({ allow: [rule] }, { options: {}, depth: 2 }, { name })).toMatch(/^ask/);
    expect(
      verdict({ allow: [rule] }, { options: { recursive: false }, depth: 3 }, { name }),
    ).toMatch(/^ask/);
    expect(
      verdict(
        { allow: ['mcp__fs__fetch(url:"https://a.example/{x,y}/*")'] },
        { url: 'https://a.example/y/1' },
        { name: 'fetch' },
      ),
    ).toMatch(/^allow/);
    expect(
      verdict(
        { allow: ['mcp__fs__fetch(url:"https://a.example/{x,y}/*")'] },
        { url: 'https://a.example/y/1/2' },
        { name: 'fetch' },
      ),
    ).toMatch(/^ask/);
  });
});

describe('rule objects in settings.json', () => {
  const state = (entry: RuleEntry | unknown) => {
    const parsed = parsePermissionState({ permissions: { allow: [entry] } });
    return {
      ...parsed,
      verdict: (args: unknown, name = 'write_file') =>
        verdict({}, args, { name, state: parsed.state }),
    };
  };
  const bound = { identity: FS.hash };

  it('under a folder, one of several values, a regex', () => {
    const under = state({
      rule: 'mcp__fs__write_file',
      args: { path: { under: '~/notes' } },
      ...bound,
    });
    expect(under.warnings).toEqual([]);
    expect(under.verdict({ path: `${notes}/a.md` })).toMatch(
      /^allow \| rule allow mcp__fs__write_file \{"path":\{"under":"~\/notes"\}\} \(user\)/,
    );
    expect(under.verdict({ path: `${notes}/out/a.md` })).toMatch(/^ask/);
    const oneOf = state({
      rule: 'mcp__fs__set_mode',
      args: { mode: { oneOf: ['read', 'list'] } },
      ...bound,
    });
    expect(oneOf.verdict({ mode: 'list' }, 'set_mode')).toMatch(/^allow/);
    expect(oneOf.verdict({ mode: 'write' }, 'set_mode')).toMatch(/^ask/);
    const regex = state({
      rule: 'mcp__fs__fetch',
      args: { url: { regex: '^https://docs\\.example/' } },
      ...bound,
    });
    expect(regex.verdict({ url: 'https://docs.example/a' }, 'fetch')).toMatch(/^allow/);
    expect(regex.verdict({ url: 'https://docs.example.evil/a' }, 'fetch')).toMatch(/^ask/);
  });

  it('a malformed rule written as text in settings is reported with its column, never applied', () => {
    const parsed = parsePermissionState(
      { permissions: { deny: ['mcp__fs__write_file(url:https://a/x,y)'] } },
      '/home/me/.lena/settings.json',
    );
    expect(parsed.state.permissions.deny).toEqual([]);
    expect(parsed.warnings).toEqual([
      '/home/me/.lena/settings.json: "mcp__fs__write_file(url:https://a/x,y)" is not a permission rule: at column 37, expected PARAM:PATTERN, found `y`; a `,` inside a pattern needs the pattern quoted; write it as mcp__fs__write_file(url:"https://a/x,y").',
    ]);
  });

  it('a malformed rule object is reported with the reason, never applied', () => {
    for (const [entry, reason] of [
      [
        { rule: 'mcp__fs__write_file', args: { path: { inside: '~/x' } } },
        /args\.path\.inside is not a condition/,
      ],
      [
        { rule: 'mcp__fs__write_file', args: { path: ['a', 'b'] } },
        /write \{"oneOf": \[\.\.\.\]\}/,
      ],
      [
        { rule: 'mcp__fs__write_file', args: { url: { regex: '(' } } },
        /args\.url\.regex is not a regular expression/,
      ],
      [
        { rule: 'mcp__fs__write_file(path:x)', args: { path: 'y' } },
        /either in the rule's parentheses or in "args"/,
      ],
      [{ rule: 'mcp__fs', args: { path: 'y' } }, /"args" apply to one tool/],
    ] as const) {
      const s = state({ ...entry, ...bound });
      expect(s.state.permissions.allow).toEqual([]);
      expect(s.warnings.join('\n')).toMatch(reason);
    }
  });
});

describe('rule syntax errors name the column and a corrected rule', () => {
  it.each([
    [
      'mcp__fs__write_file(path:C:/Users/me,x/**)',
      38,
      'mcp__fs__write_file(path:"C:/Users/me,x/**")',
    ],
    ['mcp__fs__write_file(path:~/notes/**', 36, 'mcp__fs__write_file(path:~/notes/**)'],
    ['mcp__fs__write_file(path:~/{a,b}/**)', 28, 'mcp__fs__write_file(path:"~/{a,b}/**")'],
    ['mcp__fs__write_file(path: ~/notes)', 26, 'mcp__fs__write_file(path:" ~/notes")'],
    ['mcp__fs__write_file(path:"~/notes)', 26, 'mcp__fs__write_file(path:"~/notes")'],
    ['mcp__x__fetch(url:https://a/(x))', 32, 'mcp__x__fetch(url:"https://a/(x)")'],
    ['mcp__fs__write_file()', 21, 'mcp__fs__write_file(path:"**")'],
  ])('%s: column %i', (rule, column, example) => {
    const checked = validateRule('allow', rule, 'cli');
    expect(checked.ok).toBe(false);
    const message = checked.ok ? '' : checked.message;
    expect(message).toContain(`at column ${column},`);
    expect(message).toContain(`write it as ${example}`);
    // The corrected rule is itself a valid rule.
    expect(validateRule('allow', example, 'cli').ok).toBe(true);
  });

  it('refuses conditions on a whole server, empty patterns, unknown pointers and repeated names', () => {
    for (const [rule, reason] of [
      ['mcp__fs(path:~/x)', /argument conditions apply to one tool/],
      ['mcp__fs__write_file(path:)', /has no pattern/],
      ['mcp__fs__write_file(/a~2b:x)', /not a parameter name/],
      ['mcp__fs__write_file(path:a, path:b)', /named twice/],
    ] as const) {
      const checked = validateRule('deny', rule, 'cli');
      expect(checked.ok ? '' : checked.message).toMatch(reason);
    }
  });

  it('quotes take \\" and \\\\; a flag with a broken rule stops with the column', () => {
    const checked = validateRule('allow', 'mcp__x__t(q:"say \\"hi\\" c:\\\\d", n:1)', 'cli');
    expect(
      checked.ok && checked.parsed.kind === 'tool' && checked.parsed.conditions.map((c) => c.test),
    ).toEqual([
      { kind: 'pattern', text: 'say "hi" c:\\d' },
      { kind: 'pattern', text: '1' },
    ]);
    expect(() => parseCliRules([], [], ['mcp__fs__write_file(path:a,b)'])).toThrow(
      /--ask mcp__fs__write_file\(path:a,b\): .*at column 28/,
    );
  });
});
