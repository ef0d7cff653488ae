// Asking again for a changed project entry says what changed since the user's decision, field by
// field, with credential-looking values masked as they were shown, and never keeps a secret.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLine } from '../../../../electron/core/permissions/approval-changes';
import { ProjectApprovals } from '../../../../electron/core/permissions/project-approval';
import { entryHash } from '../../../../electron/core/mcp/config/identity';
import type { ServerEntry } from '../../../../shared/server-config';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lena-approval-changes-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const waiting = (entry: ServerEntry) => ({
  name: 'notes',
  scope: 'project' as const,
  entry,
  waiting: true,
});

describe('what changed since the decision', () => {
  it('lists changed, added and removed fields, credentials masked, and keeps no secret', async () => {
    const file = join(dir, 'approvals.json');
    const approvals = await ProjectApprovals.open(file);
    const first: ServerEntry = {
      command: 'node',
      args: ['server.js', '~/notes'],
      env: { API_TOKEN: 'secret-value-123', DEBUG: '1' },
    };
    await approvals.answer(dir, waiting(first), entryHash(first), true);
    const second: ServerEntry = {
      command: 'node',
      args: ['server.js', '~', '--write'],
      env: { API_TOKEN: 'secret-value-456' },
      sandbox: false,
    };
    const { approvalRequest } =
      await import('../../../../electron/core/permissions/approval-request');
    const { shownFields } = await import('../../../../electron/core/permissions/approval-changes');
    const hash = entryHash(second);
    const earlier = approvals.earlierNow(
      dir,
      'notes',
      hash,
      shownFields(approvalRequest('notes', second, hash)),
    );
    expect(earlier?.decision).toBe('approved');
    const lines = earlier!.changes!.map(changeLine);
    expect(lines).toContain('args[1]: "~/notes" → "~"');
    expect(lines).toContain('args[2]: added "--write"');
    expect(lines).toContain('env.DEBUG: removed (was "1")');
    expect(lines.some((l) => l.startsWith('sandbox: added'))).toBe(true);
    // Credentials are compared as shown (masked): neither value is kept or printed.
    expect(lines.join('\n')).not.toContain('secret-value');
    expect(await readFile(file, 'utf8')).not.toContain('secret-value');
    // The entry decided on asks nothing again.
    expect(approvals.earlierNow(dir, 'notes', entryHash(first), {})).toBeNull();
  });

  it('says the change was not recorded for a decision kept without the entry', async () => {
    const approvals = await ProjectApprovals.open(join(dir, 'approvals.json'));
    await approvals.approve(dir, 'notes', 'old-hash');
    const earlier = approvals.earlierNow(dir, 'notes', 'new-hash', { command: 'node' });
    expect(earlier).toMatchObject({ decision: 'approved', changes: null });
  });
});
