// "Share the project folder" (issue 47), with a real stdio server that lists its roots
// (test/fixtures/mcp/asking-server.mjs): a home from before the switch keeps the open folder among
// every server's roots; the switch withdraws it from one server (kept under the server's identity,
// across a restart) and gives it back, and the server's other folders stay.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ServerAsksView, ServerStatus } from '../../../../shared/server-types';
import { ROOT, startHost, tempHome, type HostUnderTest } from './host-harness';

const ASKING = join(ROOT, 'test/fixtures/mcp/asking-server.mjs');

async function rootsOf(h: HostUnderTest, server: string): Promise<string[]> {
  const s = await h.host.services();
  const result = await s.runtime.manager.callTool(server, 'roots', {});
  const answer = JSON.parse((result.content[0] as { text: string }).text) as {
    roots: { uri: string }[];
  };
  return answer.roots.map((r) => r.uri);
}

async function connected(h: HostUnderTest, name: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await h.call<ServerStatus[]>('servers:list')).find((s) => s.name === name)?.status,
      { timeout: 15_000 },
    )
    .toBe('connected');
}

describe('share the project folder', () => {
  it('keeps an existing home’s roots, withdraws the folder from one server, and keeps that across a restart', async () => {
    const home = tempHome('lena-share-');
    const project = join(home, 'proj');
    const extra = join(home, 'docs');
    mkdirSync(project);
    mkdirSync(extra);
    // A home written before the switch existed: two user servers, one with a folder of its own.
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          notes: { command: process.execPath, args: [ASKING] },
          other: { command: process.execPath, args: [ASKING, 'other'] },
        },
      }),
    );
    writeFileSync(
      join(home, 'settings.json'),
      JSON.stringify({ servers: { notes: { roots: [extra] } } }),
    );
    const uri = (folder: string) => pathToFileURL(folder).href;

    const first = startHost(home, { projectFolder: project });
    await connected(first, 'notes');
    await connected(first, 'other');
    expect(await rootsOf(first, 'notes')).toEqual([uri(project), uri(extra)]);
    expect(await rootsOf(first, 'other')).toEqual([uri(project)]);
    expect(await first.call<ServerAsksView>('servers:asks', { name: 'notes' })).toMatchObject({
      shareProject: true,
      roots: [extra],
    });

    const off = await first.call<ServerAsksView>('servers:set-asks', {
      name: 'notes',
      shareProject: false,
    });
    expect(off).toMatchObject({ shareProject: false, roots: [extra], projectFolder: project });
    expect(await rootsOf(first, 'notes')).toEqual([uri(extra)]);
    expect(await rootsOf(first, 'other')).toEqual([uri(project)]);
    await first.close();

    const second = startHost(home, { projectFolder: project });
    await connected(second, 'notes');
    expect(await rootsOf(second, 'notes')).toEqual([uri(extra)]);
    await second.call('servers:set-asks', { name: 'notes', shareProject: true });
    expect(await rootsOf(second, 'notes')).toEqual([uri(project), uri(extra)]);
  }, 60_000);
});
