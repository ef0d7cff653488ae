import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  parsePermissionState,
  readProjectPermissions,
} from '../../../../electron/core/permissions/scopes';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lena-scopes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readProjectPermissions', () => {
  it('reads deny and ask rules from <project>/.lena/settings.json and refuses its allow rules', async () => {
    await mkdir(join(dir, '.lena'));
    await writeFile(
      join(dir, '.lena', 'settings.json'),
      JSON.stringify({
        permissions: {
          allow: ['mcp__fs'],
          ask: ['mcp__fs__write'],
          deny: ['mcp__fs__rm', 'bogus'],
        },
      }),
    );
    const { lists, warnings } = await readProjectPermissions(dir);
    expect(lists).toEqual({
      allow: [],
      ask: [{ rule: 'mcp__fs__write' }],
      deny: [{ rule: 'mcp__fs__rm' }],
    });
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toMatch(/allow rule "mcp__fs" is ignored/);
    expect(warnings.join('\n')).toMatch(/"bogus" is not a permission rule/);
  });

  it('a project without the file has no rules; a broken file is reported, not applied, and left as it is', async () => {
    expect(await readProjectPermissions(dir)).toEqual({
      lists: { allow: [], ask: [], deny: [] },
      warnings: [],
    });
    await mkdir(join(dir, '.lena'));
    await writeFile(join(dir, '.lena', 'settings.json'), '{ "permissions": ');
    const broken = await readProjectPermissions(dir);
    expect(broken.lists.deny).toEqual([]);
    expect(broken.problem).toMatch(
      /settings\.json: invalid JSON at line 1, column \d+.* until it is fixed/,
    );
  });
});

describe('parsePermissionState', () => {
  it('keeps what it can and says what it dropped', () => {
    const { state, warnings } = parsePermissionState({
      permissions: {
        allow: ['mcp__fs', 42, { rule: 'mcp__mem', identity: 'h', server: 'mem' }],
        ask: 'mcp__x',
        deny: [],
      },
      trusted: { fs: { identity: 'h1', trustedAt: '2026-01-01T00:00:00.000Z' }, mem: true },
      autoApproveReadOnlyTrusted: false,
    });
    expect(state.permissions.allow).toEqual([
      { rule: 'mcp__fs' },
      { rule: 'mcp__mem', identity: 'h', server: 'mem' },
    ]);
    expect(state.permissions.ask).toEqual([]);
    expect(state.trusted).toEqual({
      fs: { identity: 'h1', trustedAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(state.autoApproveReadOnlyTrusted).toBe(false);
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).toMatch(/42, which is not a rule/);
    expect(warnings.join('\n')).toMatch(/permissions\.ask should be a list/);
    expect(warnings.join('\n')).toMatch(/trust for "mem" is not bound to a server entry/);
  });

  it('defaults: no rules, nothing trusted, read-only auto-approval on', () => {
    expect(parsePermissionState(undefined).state).toEqual({
      permissions: { allow: [], ask: [], deny: [] },
      trusted: {},
      autoApproveReadOnlyTrusted: true,
    });
    expect(parsePermissionState([1, 2]).warnings[0]).toMatch(/not a JSON object/);
  });
});
