// The host rules for servers' skills in the skills service, over two real SDK servers (in memory)
// serving the same skill URIs: each skill is known by (server identity, URI), so approving one
// server's skill leaves the other's waiting; listing and approving read no file; and an approval
// is bound to the entry's digests, kept in Lena's home across restarts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillsClient } from '../../../../electron/core/mcp/skills/client';
import { SkillApprovals } from '../../../../electron/core/skills/approvals';
import { ServerSkillApprovals } from '../../../../electron/core/skills/server-approvals';
import type { ServerSkillSource } from '../../../../electron/core/skills/server-skills';
import { SkillsService } from '../../../../electron/core/skills/service';
import { createSkillsPeer } from '../../../fixtures/mcp/skills-peer.mjs';
import { inMemoryClient } from '../mcp/harness';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function source(server: string, identity: string) {
  const peer = createSkillsPeer('good');
  const { client } = await inMemoryClient(peer.server);
  await client.connect();
  return { peer, source: { server, identity, client: new SkillsClient(client) } };
}

const service = (sources: ServerSkillSource[], file?: string) =>
  new SkillsService({
    folders: [],
    approvals: new SkillApprovals(),
    servers: () => sources,
    serverApprovals: new ServerSkillApprovals(file),
  });

describe("servers' skills in the skills service", () => {
  it('keys each skill by server identity and URI; listing and approving read no file', async () => {
    const a = await source('docs', 'identity-a');
    const b = await source('mirror', 'identity-b');
    const skills = service([a.source, b.source]);
    await skills.approve('docs:pdf-forms');
    const states = (await skills.list()).map((v) => `${v.name} ${v.state}`);
    expect(states).toEqual([
      'docs:pdf-forms enabled',
      'docs:docs/release-notes needs-approval',
      'mirror:pdf-forms needs-approval',
      'mirror:docs/release-notes needs-approval',
    ]);
    expect((await skills.enabled()).map((e) => e.view.name)).toEqual(['docs:pdf-forms']);
    expect([...a.peer.reads, ...b.peer.reads]).toEqual([]);
  });

  it('keeps an approval in its file, bound to the digests: a server with other bytes is asked again', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lena-server-skills-'));
    const file = join(dir, 'server-skill-approvals.json');
    const first = await source('docs', 'identity-a');
    await service([first.source], file).approve('docs:pdf-forms');

    const again = await source('docs', 'identity-a'); // Lena restarted: the same server
    const view = async (s: SkillsService) =>
      (await s.list()).find((v) => v.name === 'docs:pdf-forms')!;
    expect((await view(service([again.source], file))).state).toBe('enabled');

    const changed = await source('docs', 'identity-a');
    changed.peer.update();
    const seen = await view(service([changed.source], file));
    expect(seen.state).toBe('needs-approval');
    expect(seen.change?.changedFiles).toEqual(['skill://pdf-forms/SKILL.md']);

    const renamed = await source('docs', 'identity-other'); // same label, another launch entry
    expect((await view(service([renamed.source], file))).state).toBe('needs-approval');
  });
});
