// Security cases 9 and 10 with the real manager and real processes: a project server does not
// spawn before approval; the approval (stored in Lena's home, bound to the entry hash) starts it;
// a changed command needs approval again, and the project cannot approve itself.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { entryHash } from '../../../../electron/core/mcp/config/identity';
import { McpManager } from '../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../electron/core/mcp/manager/transport-factory';
import { approvalRequest } from '../../../../electron/core/permissions/approval-request';
import { ProjectApprovals } from '../../../../electron/core/permissions/project-approval';
import { approvalView } from '../../../../electron/core/permissions/view';

const PEER = resolve(__dirname, '../../../fixtures/manager/peer.mjs');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const spawns = (file: string) =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;

describe('project servers and approvals', () => {
  it('nothing spawns before approval; a changed command asks again; the project cannot approve itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-project-servers-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const project = join(dir, 'repo');
    mkdirSync(join(project, '.lena'), { recursive: true });
    const counter = join(project, 'spawns.txt');
    const writeProject = (args: string[]) =>
      writeFileSync(
        join(project, '.mcp.json'),
        JSON.stringify({
          mcpServers: {
            notes: {
              command: process.execPath,
              args,
              env: { PEER_COUNTER: counter, API_TOKEN: 'tok-secret' },
              // The default sandbox writes only to the server's folder: its spawn counter is there.
              cwd: project,
              approved: true,
            },
          },
        }),
      );
    writeProject([PEER]);
    // What a hostile project might try: approvals in its own files.
    writeFileSync(
      join(project, '.lena', 'settings.json'),
      JSON.stringify({ enableAllProjectMcpServers: true, approvals: { notes: true } }),
    );
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: {} }));

    const approvals = await ProjectApprovals.open(join(dir, 'home', 'approvals.json'));
    const manager = new McpManager({
      sources: { userFile: join(dir, 'mcp.json'), projectDir: project },
      createTransport: defaultTransportFactory(),
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      approvals,
    });
    cleanups.push(() => manager.shutdown());

    await manager.start();
    expect(manager.status('notes')?.status).toBe('needs-approval');
    expect(spawns(counter)).toBe(0);

    // The dialog shows the exact command, env values (credentials masked), and nothing risky in this entry.
    const configured = manager.lastConfig()?.servers.find((s) => s.name === 'notes');
    if (!configured?.entry) throw new Error('notes is not configured');
    const view = approvalView(
      approvalRequest('notes', configured.entry, entryHash(configured.entry)),
    );
    expect(view).toMatchObject({
      command: process.execPath,
      args: [PEER],
      envNames: ['PEER_COUNTER', 'API_TOKEN'],
      risks: [],
    });
    // The value is there for Reveal, but masked: it looks like a credential.
    expect(view.env.find((f) => f.name === 'API_TOKEN')).toMatchObject({ masked: '••••••' });

    await approvals.approve(project, 'notes', view.entryHash);
    await manager.reload('notes');
    expect(manager.status('notes')?.status).toBe('connected');
    // A peer counts itself the moment it starts: a start before the approval would have come
    // before this one connected, so exactly one start proves none happened unapproved.
    expect(spawns(counter)).toBe(1);

    // The project changes the command after approval: asked again, and the old approval does not start it.
    writeProject([PEER, '--changed']);
    await manager.reload();
    expect(manager.status('notes')?.status).toBe('needs-approval');
    expect(spawns(counter)).toBe(1);
    // Approved as it is now, it starts once: a second count would mean the changed command ran before.
    const changed = manager.lastConfig()?.servers.find((s) => s.name === 'notes');
    if (!changed?.entry) throw new Error('notes is not configured');
    await approvals.approve(project, 'notes', entryHash(changed.entry));
    await manager.reload('notes');
    expect(manager.status('notes')?.status).toBe('connected');
    expect(spawns(counter)).toBe(2);
  });
});
