import { describe, expect, it } from 'vitest';
import { decide, type GateContext } from '../../../../electron/core/permissions/gate';
import {
  addRule,
  compileRules,
  evaluateRules,
  rebindServerRules,
  serverRuleFor,
  validateRule,
} from '../../../../electron/core/permissions/rules';
import {
  defaultPermissionState,
  emptyLists,
  parseCliRules,
  parsePermissionState,
  parseProjectPermissions,
} from '../../../../electron/core/permissions/scopes';
import type { PermissionLists, PermissionState } from '../../../../electron/core/permissions/types';
import { LenaError } from '../../../../shared/result';
import { call, FS } from './requests';

const lists = (partial: Partial<Record<keyof PermissionLists, string[]>>): PermissionLists => ({
  allow: (partial.allow ?? []).map((rule) => ({ rule, identity: FS.hash })),
  ask: (partial.ask ?? []).map((rule) => ({ rule })),
  deny: (partial.deny ?? []).map((rule) => ({ rule })),
});

const user = (partial: Partial<Record<keyof PermissionLists, string[]>>): PermissionState => ({
  ...defaultPermissionState(),
  permissions: lists(partial),
});

const verdict = (name: string, context: Partial<GateContext>) => {
  const d = decide(call(name), { state: defaultPermissionState(), interactive: true, ...context });
  return `${d.outcome} | ${d.decidedBy}`;
};

describe('rule precedence', () => {
  it('deny of one tool beats allow of its whole server (security case 5)', () => {
    const state = user({ allow: ['mcp__fs'], deny: ['mcp__fs__write_file'] });
    expect(verdict('write_file', { state })).toBe('deny | rule deny mcp__fs__write_file (user)');
    expect(verdict('read_text_file', { state })).toBe('allow | rule allow mcp__fs (user)');
  });

  it('deny beats allow across scopes, whichever scope holds which', () => {
    expect(
      verdict('write_file', {
        state: user({ allow: ['mcp__fs__write_file'] }),
        projectRules: lists({ deny: ['mcp__fs'] }),
      }),
    ).toBe('deny | rule deny mcp__fs (project)');
    expect(
      verdict('write_file', {
        state: user({ deny: ['mcp__fs__*'] }),
        cliRules: { allow: [{ rule: 'mcp__fs__write_file' }] },
      }),
    ).toBe('deny | rule deny mcp__fs__* (user)');
    expect(
      verdict('write_file', {
        state: user({}),
        sessionGrants: [{ rule: 'mcp__fs__write_file', identity: FS.hash }],
        cliRules: { deny: [{ rule: 'mcp__fs__write_file' }] },
      }),
    ).toBe('deny | rule deny mcp__fs__write_file (cli)');
  });

  it('ask beats allow, in the same scope and across scopes', () => {
    expect(
      verdict('write_file', { state: user({ allow: ['mcp__fs__write_file'], ask: ['mcp__fs'] }) }),
    ).toBe('ask | rule ask mcp__fs (user)');
    expect(
      verdict('write_file', {
        state: user({ allow: ['mcp__fs'] }),
        projectRules: lists({ ask: ['mcp__fs__write_file'] }),
      }),
    ).toBe('ask | rule ask mcp__fs__write_file (project)');
  });

  it('a server-wide rule covers every tool of that server and no other server', () => {
    const state = user({ allow: ['mcp__fs__*'] });
    expect(verdict('anything', { state })).toBe('allow | rule allow mcp__fs__* (user)');
    const other = decide(call('read', { identity: { name: 'fs2', hash: 'h' } }), {
      state,
      interactive: true,
    });
    expect(other.outcome).toBe('ask');
  });

  it('a tool rule matches that exact tool only', () => {
    const state = user({ allow: ['mcp__fs__read'] });
    expect(verdict('read', { state })).toBe('allow | rule allow mcp__fs__read (user)');
    expect(verdict('read_more', { state })).toBe('ask | default: ask');
  });

  it('without any rule the default is ask', () => {
    expect(verdict('read', {})).toBe('ask | default: ask');
  });
});

describe('refused rules', () => {
  it.each(['mcp__*', '*', 'mcp__*__*'])(
    '"%s" in allow is refused with a message and never matches',
    (rule) => {
      const checked = validateRule('allow', rule);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.message).toMatch(/every tool of every server/);
      expect(() => addRule(emptyLists(), 'allow', { rule })).toThrow(LenaError);
      // Even when written into the file by hand, it is dropped on load and nothing is allowed.
      const { state, warnings } = parsePermissionState({ permissions: { allow: [rule] } });
      expect(state.permissions.allow).toEqual([]);
      expect(warnings.join('\n')).toMatch(/refused/);
      const compiled = compileRules('user', { allow: [{ rule }] });
      expect(compiled.rules).toEqual([]);
      expect(
        evaluateRules(compiled.rules, { qualifiedName: 'mcp__fs__read', serverName: 'fs' }, FS)
          .decision,
      ).toBe('none');
    },
  );

  it('"mcp__*" in deny denies everything (restricting is always allowed)', () => {
    expect(verdict('read', { state: user({ deny: ['mcp__*'] }) })).toBe(
      'deny | rule deny mcp__* (user)',
    );
  });

  it.each([
    'fs',
    'mcp__',
    'mcp__fs__read*',
    'mcp__a b',
    'mcp__fs__',
    'mcp__fs__*__x',
    'mcp__fs__a.b',
  ])('"%s" is not a rule', (rule) => {
    const checked = validateRule('deny', rule);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toContain('mcp__SERVER__TOOL');
  });

  it('a project allow rule or trust is refused with a message; its deny and ask rules apply', () => {
    const { lists: project, warnings } = parseProjectPermissions({
      permissions: { allow: ['mcp__fs'], deny: ['mcp__fs__delete'], ask: ['mcp__fs__write'] },
      trusted: { fs: { identity: FS.hash } },
      autoApproveReadOnlyTrusted: true,
    });
    expect(project.allow).toEqual([]);
    expect(warnings.some((w) => /only add deny and ask rules/.test(w))).toBe(true);
    expect(warnings.some((w) => /cannot mark servers trusted/.test(w))).toBe(true);
    expect(warnings.some((w) => /cannot change when tools run without asking/.test(w))).toBe(true);
    expect(verdict('read', { projectRules: project })).toBe('ask | default: ask');
    expect(verdict('delete', { projectRules: project })).toBe(
      'deny | rule deny mcp__fs__delete (project)',
    );
    // And handed directly to the gate, a project allow still never applies.
    expect(verdict('read', { projectRules: { allow: [{ rule: 'mcp__fs' }] } })).toBe(
      'ask | default: ask',
    );
  });

  it('CLI rules: a refused --allow stops with the reason; valid ones apply', () => {
    expect(() => parseCliRules(['mcp__*'], [])).toThrow(/--allow mcp__\*/);
    const cli = parseCliRules(['mcp__fs__read'], ['mcp__fs__write']);
    expect(verdict('read', { cliRules: cli })).toBe('allow | rule allow mcp__fs__read (cli)');
    expect(verdict('write', { cliRules: cli })).toBe('deny | rule deny mcp__fs__write (cli)');
  });
});

describe('server names that hold "__" or are cut short in qualified names', () => {
  // A server called "a..b" is spelled `a__b` in qualified names: `mcp__a__b__read`.
  const odd = { name: 'a..b', hash: 'sha256:odd' };
  const oddCall = { ...call('read', { identity: odd }), qualifiedName: 'mcp__a__b__read' };
  const state = (allow: string[]) => ({
    ...defaultPermissionState(),
    permissions: { allow: allow.map((rule) => ({ rule, identity: odd.hash })), ask: [], deny: [] },
  });

  it('`mcp__a__b__*` names every tool of that server; `mcp__a` and `mcp__a__b` do not', () => {
    expect(decide(oddCall, { state: state(['mcp__a__b__*']), interactive: true }).decidedBy).toBe(
      'rule allow mcp__a__b__* (user)',
    );
    expect(decide(oddCall, { state: state(['mcp__a']), interactive: true }).outcome).toBe('ask');
    expect(decide(oddCall, { state: state(['mcp__a__b']), interactive: true }).outcome).toBe('ask');
    expect(decide(oddCall, { state: state(['mcp__a__b__read']), interactive: true }).outcome).toBe(
      'allow',
    );
    expect(serverRuleFor('a..b')).toBe('mcp__a__b__*');
    expect(serverRuleFor('fs')).toBe('mcp__fs');
  });

  it('a server rule matches by the server, even when the qualified name was shortened with a hash', () => {
    const long = { name: 'x'.repeat(70), hash: 'h' };
    const shortened = {
      ...call('read', { identity: long }),
      qualifiedName: `mcp__${'x'.repeat(50)}_1a2b3c4d`,
    };
    const rules = {
      ...defaultPermissionState(),
      permissions: { allow: [], ask: [], deny: [{ rule: `mcp__${'x'.repeat(70)}` }] },
    };
    expect(decide(shortened, { state: rules, interactive: true }).outcome).toBe('deny');
  });
});

describe('allow rules bound to the server entry', () => {
  const changed = { ...FS, hash: 'sha256:fs-v2' };

  it('are suspended when the entry changes, and say so', () => {
    const d = decide(call('read', { identity: changed }), {
      state: user({ allow: ['mcp__fs'] }),
      interactive: true,
    });
    expect(d.outcome).toBe('ask');
    expect(d.decidedBy).toBe(
      'default: ask (rule allow mcp__fs (user) suspended: server entry changed)',
    );
  });

  it('are suspended when a project entry shadows the server', () => {
    const shadow = { ...FS, hash: 'sha256:project-fs', source: 'project' as const };
    const bound = decide(call('read', { identity: shadow }), {
      state: user({ allow: ['mcp__fs'] }),
      interactive: true,
    });
    expect(bound.outcome).toBe('ask');
    // A hand-written rule has no entry to compare with: it never carries over to a project entry.
    const handWritten = {
      ...defaultPermissionState(),
      permissions: { ...emptyLists(), allow: [{ rule: 'mcp__fs' }] },
    };
    const d = decide(call('read', { identity: shadow }), { state: handWritten, interactive: true });
    expect(d.decidedBy).toContain('a project entry shadows this server');
    expect(decide(call('read'), { state: handWritten, interactive: true }).outcome).toBe('allow');
  });

  it('do not loosen deny: a deny rule applies whatever the entry', () => {
    expect(
      decide(call('read', { identity: changed }), {
        state: user({ deny: ['mcp__fs'] }),
        interactive: true,
      }).outcome,
    ).toBe('deny');
  });

  it('apply again once the user confirms the changed server (rebind)', () => {
    const state = user({ allow: ['mcp__fs'] });
    const rebound = {
      ...state,
      permissions: rebindServerRules(state.permissions, 'fs', changed.hash),
    };
    expect(
      decide(call('read', { identity: changed }), { state: rebound, interactive: true }).outcome,
    ).toBe('allow');
  });
});
