// A broken `<project>/.lena/settings.json` fails closed (issue 13): its deny rules cannot be read,
// so no allow rule, grant or trust lets a call run without asking; a missing file means no rules.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decide, PROJECT_UNREADABLE } from '../../../../electron/core/permissions/gate';
import {
  defaultPermissionState,
  readProjectPermissions,
} from '../../../../electron/core/permissions/scopes';
import type { PermissionState } from '../../../../electron/core/permissions/types';
import { call, FS, readOnly, tool } from './requests';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lena-project-closed-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lenient: PermissionState = {
  ...defaultPermissionState(),
  permissions: {
    allow: [{ rule: 'mcp__fs', identity: FS.hash }],
    ask: [],
    deny: [{ rule: 'mcp__fs__rm' }],
  },
  trusted: { fs: { identity: FS.hash, trustedAt: '2026-01-01T00:00:00.000Z' } },
};

describe('a broken project settings file', () => {
  it('names the file and the position of the error; a missing file is no problem', async () => {
    expect((await readProjectPermissions(dir)).problem).toBeUndefined();
    await mkdir(join(dir, '.lena'));
    await writeFile(
      join(dir, '.lena', 'settings.json'),
      '{\n  "permissions": { "deny": ["mcp__fs__rm"] ,, }\n}',
    );
    const read = await readProjectPermissions(dir);
    expect(read.problem).toContain(join(dir, '.lena', 'settings.json'));
    expect(read.problem).toMatch(/line 2, column \d+/);
    expect(read.problem).toMatch(/every tool call asks until it is fixed/);
    await writeFile(join(dir, '.lena', 'settings.json'), '["mcp__fs__rm"]');
    expect((await readProjectPermissions(dir)).problem).toMatch(/is not a JSON object/);
  });

  it('makes every call ask: allow rules, session grants and trusted read-only tools no longer apply', () => {
    const context = {
      state: lenient,
      interactive: true,
      sessionGrants: [{ rule: 'mcp__fs__write' }],
    };
    expect(decide(call('write'), context).outcome).toBe('allow');
    expect(
      decide(call('read', { tool: tool('read', { annotations: readOnly }) }), context).outcome,
    ).toBe('allow');

    const closed = { ...context, projectProblem: 'settings.json: invalid JSON at line 2' };
    expect(decide(call('write'), closed)).toMatchObject({
      outcome: 'ask',
      decidedBy: PROJECT_UNREADABLE,
    });
    expect(
      decide(call('read', { tool: tool('read', { annotations: readOnly }) }), closed),
    ).toMatchObject({ outcome: 'ask', decidedBy: PROJECT_UNREADABLE });
    // The user's own deny rules still apply, and where no one can answer the call is refused with the reason.
    expect(decide(call('rm'), closed).outcome).toBe('deny');
    const cli = decide(call('write'), { ...closed, interactive: false });
    expect(cli.outcome).toBe('deny');
    expect(cli.message).toMatch(/invalid JSON at line 2/);
  });
});
