// The rules the servers page relies on live in the services, not the host's handlers (issue 13):
// which servers can be trusted, and when an approval answer is the one for the entry waiting now.
// Any caller (the window, the command line, a test) gets the same refusals.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryHash } from '../../../../electron/core/mcp/config/identity';
import { initialStatus } from '../../../../electron/core/mcp/manager/status';
import { ProjectApprovals } from '../../../../electron/core/permissions/project-approval';
import { PermissionService } from '../../../../electron/core/permissions/service';
import { MemoryPermissionStore } from '../../../../electron/core/permissions/store';
import { LenaError } from '../../../../shared/result';
import { FS } from './requests';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lena-rules-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof LenaError ? e.code : `untyped: ${String(e)}`),
  );

describe('trust', () => {
  it('is refused for a project server, a file given on the command line, and an entry that is not valid', async () => {
    const gate = await PermissionService.create({ store: new MemoryPermissionStore() });
    expect(await codeOf(gate.trust({ ...FS, source: 'project' }, { scope: 'project' }))).toBe(
      'forbidden',
    );
    expect(await codeOf(gate.trust(FS, { scope: 'explicit' }))).toBe('forbidden');
    expect(await codeOf(gate.trust({ ...FS, hash: 'unknown' }))).toBe('conflict');
    expect(await codeOf(gate.confirmServer({ ...FS, hash: 'unknown' }))).toBe('conflict');
    expect(gate.current().trusted).toEqual({});
    await gate.trust(FS, { scope: 'user' });
    expect(Object.keys(gate.current().trusted)).toEqual([FS.name]);
  });
});

describe('an approval answer', () => {
  const entry = {
    command: 'node',
    args: ['srv.js'],
    env: { PORT: '${PORT}', KEY: '${ANTHROPIC_API_KEY}' },
  };
  const waiting = { name: 'tools', scope: 'project' as const, entry, waiting: true };

  it('is recorded only for the entry waiting now, unchanged since it was shown', async () => {
    const file = join(dir, 'approvals.json');
    const approvals = await ProjectApprovals.open(file);
    const hash = entryHash(entry);
    expect(await codeOf(approvals.answer('/p', waiting, 'stale-hash', true))).toBe('conflict');
    expect(await codeOf(approvals.answer('/p', { ...waiting, waiting: false }, hash, true))).toBe(
      'conflict',
    );
    expect(await codeOf(approvals.answer('/p', { ...waiting, scope: 'user' }, hash, true))).toBe(
      'conflict',
    );
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
    await approvals.answer('/p', waiting, hash, true, ['PORT']);
    expect(await approvals.isApproved('/p', 'tools', hash)).toBe(true);
    expect(await approvals.grants('/p', 'tools', hash)).toEqual(['PORT']);
  });

  it('grants only references the entry has, and never the Anthropic API key', async () => {
    const approvals = await ProjectApprovals.open(join(dir, 'approvals.json'));
    const hash = entryHash(entry);
    expect(await codeOf(approvals.answer('/p', waiting, hash, true, ['ANTHROPIC_API_KEY']))).toBe(
      'invalid-arguments',
    );
    expect(await codeOf(approvals.answer('/p', waiting, hash, true, ['HOME']))).toBe(
      'invalid-arguments',
    );
    expect(await approvals.isApproved('/p', 'tools', hash)).toBe(false);
  });
});

describe("the manager's state", () => {
  it('carries nothing only the permissions or the registry know (the host adds that in its view)', () => {
    const state = initialStatus({
      name: 'fs',
      scope: 'user',
      file: '/h/mcp.json',
      entry: { command: 'node' },
      transport: 'stdio',
      disabled: false,
      issues: [],
      shadowed: [],
    });
    for (const key of ['trusted', 'suspended', 'approval', 'toolTokens', 'pendingTools'])
      expect(state).not.toHaveProperty(key);
  });
});
