// Skills over MCP on the 2026-07-28 wire, against a modern-only peer built with the official SDK
// v2: the extension is read from server/discover, skills/list and skills/get go out in the
// stateless envelope, and a file whose bytes do not match its digest is refused as on 2025.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../../../../../electron/core/mcp/client';
import { SkillsClient } from '../../../../../electron/core/mcp/skills/client';
import { HttpFallbackTransport } from '../../../../../electron/core/mcp/transports/http-fallback';
import { startHttpPeer } from '../../../../fixtures/mcp-v2/start-peer';
import { root } from '../harness';

const peer = join(root, 'test/fixtures/mcp-v2/skills-peer.mjs');
const children: ChildProcess[] = [];
const clients: McpClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const c of children.splice(0)) c.kill();
});

async function start(args: string[]): Promise<SkillsClient> {
  const url = await startHttpPeer(peer, args, children);
  const client = new McpClient(new HttpFallbackTransport({ url }));
  clients.push(client);
  await client.connect();
  expect(client.era).toBe('modern');
  return new SkillsClient(client);
}

describe('Skills over MCP on the 2026-07-28 wire (SDK v2 peer)', () => {
  it('lists, gets and loads a verified skill, and refuses a tampered file', async () => {
    const skills = await start(['tampered']);
    const [listed] = await skills.list();
    if (!listed?.ok) throw new Error(`unusable: ${JSON.stringify(listed)}`);
    const got = await skills.get(listed.entry.uri);
    expect(got).toEqual(listed);
    expect((await skills.load(listed.entry)).skillMd).toContain('# Filling forms');
    await expect(
      skills.readFile(listed.entry, 'skill://pdf-forms/references/fields.md'),
    ).rejects.toThrow(
      /Lena refused skill:\/\/pdf-forms\/references\/fields\.md: .* has 33 bytes, not the 25/,
    );
  });
});
