// A project entry without a `sandbox` field runs in the default sandbox unless the user unticks
// "Run in the sandbox" when approving it: the choice is recorded with the approval (bound to the
// entry's hash), the server then runs with the user's rights, the server page says whose choice
// it was, and a changed entry is sandboxed again until approved again. Real manager, real
// bubblewrap: the peer appends to a file outside the project, which only an unsandboxed start can.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { entryHash } from '../../../../electron/core/mcp/config/identity';
import { McpManager } from '../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../electron/core/mcp/manager/transport-factory';
import { ProjectApprovals } from '../../../../electron/core/permissions/project-approval';
import { sandboxView } from '../../../../electron/core/host/views/sandbox-view';
import { skipWhen } from '../../../skip-reasons';

const PEER = resolve(__dirname, '../../../fixtures/manager/peer.mjs');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const lines = (file: string) =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;

describe.skipIf(skipWhen('no-sandbox'))('"Run in the sandbox" unticked in the approval', () => {
  it('runs that exact entry unsandboxed, says so, and a changed entry is sandboxed again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-sandbox-choice-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const project = join(dir, 'repo');
    const outside = join(dir, 'outside');
    mkdirSync(project, { recursive: true });
    mkdirSync(outside);
    const counter = join(outside, 'spawns.txt');
    const writeProject = (args: string[]) =>
      writeFileSync(
        join(project, '.mcp.json'),
        JSON.stringify({
          mcpServers: {
            notes: { command: process.execPath, args, env: { PEER_COUNTER: counter } },
          },
        }),
      );
    writeProject([PEER]);
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: {} }));
    const approvals = await ProjectApprovals.open(join(dir, 'home', 'approvals.json'));
    const manager = new McpManager({
      sources: { userFile: join(dir, 'mcp.json'), projectDir: project },
      createTransport: defaultTransportFactory({
        env: { ...process.env, HOME: join(dir, 'home'), LENA_HOME: join(dir, 'home') },
      }),
      env: { PATH: process.env.PATH, HOME: join(dir, 'home') },
      approvals: {
        isApproved: (d, n, h) => approvals.isApproved(d, n, h),
        grants: (d, n, h) => approvals.grants(d, n, h),
        sandboxOff: (d, n, h) => approvals.sandboxOff(d, n, h),
      },
    });
    cleanups.push(() => manager.shutdown());
    await manager.start();
    const waiting = () => ({
      name: 'notes',
      scope: 'project' as const,
      entry: manager.session('notes')!.configured.entry,
      waiting: manager.status('notes')?.status === 'needs-approval',
    });
    const hash = () => entryHash(manager.session('notes')!.configured.entry!);
    const view = () => {
      const session = manager.session('notes')!;
      return sandboxView(manager.status('notes')!, session.configured.entry!, session.sandboxOffAt);
    };

    // Unticked: recorded with the approval; the server writes outside the project (your rights).
    const day = new Date('2026-12-04T10:00:00Z');
    await approvals.answer(project, waiting(), hash(), true, [], day, true);
    await manager.reload('notes');
    expect(manager.status('notes')?.status).toBe('connected');
    expect(lines(counter)).toBe(1);
    expect(view()).toMatchObject({
      state: 'off',
      summary: 'runs without sandbox: your choice on 2026-12-04',
    });

    // The project changes the entry: approved again with the box left ticked, it runs sandboxed
    // and cannot write outside its folder (the peer's first write fails, so it never connects).
    writeProject([PEER, '--changed']);
    await manager.reload();
    expect(manager.status('notes')?.status).toBe('needs-approval');
    await approvals.answer(project, waiting(), hash(), true);
    await manager.reload('notes');
    expect(manager.status('notes')?.status).not.toBe('connected');
    expect(lines(counter)).toBe(1);
    expect(view()?.state).toBe('on');
  }, 30_000);

  it('is refused for an entry that sets its own sandbox', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-sandbox-choice-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const approvals = await ProjectApprovals.open(join(dir, 'approvals.json'));
    const entry = { command: 'node', args: ['x.js'], sandbox: true };
    await expect(
      approvals.answer(
        dir,
        { name: 'own', scope: 'project', entry, waiting: true },
        entryHash(entry),
        true,
        [],
        new Date(),
        true,
      ),
    ).rejects.toThrow(/sets its own "sandbox"/);
    expect(await approvals.isApproved(dir, 'own', entryHash(entry))).toBe(false);
  });
});
