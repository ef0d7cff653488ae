// The Skills over MCP client against a real SDK server offering the extension (in memory): the
// listing reads no file, every read is verified against the held entry, a tampered file or an
// unlisted URI is refused, a changed skill is seen through skills/get, and directory reads go
// only to a server that declared them.
import { describe, expect, it } from 'vitest';
import {
  SkillsClient,
  SkillVerificationError,
} from '../../../../../electron/core/mcp/skills/client';
import { digestSetHash, type SkillEntry } from '../../../../../electron/core/mcp/skills/entry';
import { createSdkPeer } from '../../../../fixtures/mcp/sdk-peer.mjs';
import { createSkillsPeer } from '../../../../fixtures/mcp/skills-peer.mjs';
import { inMemoryClient } from '../harness';

async function connected(mode: 'good' | 'tampered' = 'good') {
  const peer = createSkillsPeer(mode);
  const { client, log } = await inMemoryClient(peer.server);
  await client.connect();
  return { peer, skills: new SkillsClient(client), log };
}

const entries = async (skills: SkillsClient): Promise<SkillEntry[]> =>
  (await skills.list()).map((c) => {
    if (!c.ok) throw new Error(c.reason);
    return c.entry;
  });

describe('Skills over MCP client', () => {
  it('lists every page and reads no file', async () => {
    const { peer, skills, log } = await connected();
    const list = await entries(skills);
    expect(list.map((e) => [e.uri, e.frontmatter.name])).toEqual([
      ['skill://pdf-forms/SKILL.md', 'pdf-forms'],
      ['skill://docs/release-notes/SKILL.md', 'release-notes'],
    ]);
    expect(log.sent('skills/list')).toHaveLength(2);
    expect(peer.reads).toEqual([]);
  });

  it('loads a verified SKILL.md and a listed file; refuses a URI the entry does not list', async () => {
    const { peer, skills } = await connected();
    const [pdf] = await entries(skills);
    const loaded = await skills.load(pdf);
    expect(loaded.skillMd).toContain('Read references/fields.md first.');
    expect(await skills.readFile(pdf, 'skill://pdf-forms/references/fields.md')).toBe(
      'Field guide: name, date.\n',
    );
    await expect(skills.readFile(pdf, 'skill://docs/release-notes/SKILL.md')).rejects.toThrow(
      /not one of the files the skill "pdf-forms" lists/,
    );
    expect(peer.reads).toEqual([
      'skill://pdf-forms/SKILL.md',
      'skill://pdf-forms/references/fields.md',
    ]);
  });

  it('refuses a file whose bytes do not match its entry, and returns none of them', async () => {
    const { skills } = await connected('tampered');
    const [pdf] = await entries(skills);
    await skills.load(pdf);
    const err = await skills
      .readFile(pdf, 'skill://pdf-forms/references/fields.md')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SkillVerificationError);
    expect((err as Error).message).toMatch(
      /Lena refused skill:\/\/pdf-forms\/references\/fields\.md/,
    );
    expect((err as Error).message).not.toContain('evil.example');
  });

  it('refuses a SKILL.md changed after listing; skills/get gives the new entry and digest set', async () => {
    const { peer, skills } = await connected();
    const [held] = await entries(skills);
    peer.update();
    await expect(skills.load(held)).rejects.toThrow(/does not match the sha256 digest|bytes, not/);
    const fresh = await skills.get(held.uri);
    expect(fresh.ok).toBe(true);
    if (!fresh.ok) return;
    expect(digestSetHash(fresh.entry)).not.toBe(digestSetHash(held));
    expect((await skills.load(fresh.entry)).skillMd).toContain('(v2)');
  });

  it("keeps a listing for the server's ttlMs, then lists again", async () => {
    const peer = createSkillsPeer('good', 60_000);
    const { client, log } = await inMemoryClient(peer.server);
    await client.connect();
    let now = 1_000;
    const skills = new SkillsClient(client, () => now);
    await skills.list();
    now += 59_000;
    expect(await skills.list()).toHaveLength(2);
    expect(log.sent('skills/list')).toHaveLength(2); // one listing: its two pages
    now += 2_000;
    await skills.list();
    expect(log.sent('skills/list')).toHaveLength(4);
    skills.forget();
    await skills.list();
    expect(log.sent('skills/list')).toHaveLength(6);
  });

  it('reads a directory where the server declared directoryRead, and never elsewhere', async () => {
    const { skills } = await connected();
    expect(await skills.readDirectory('skill://pdf-forms')).toEqual([
      { uri: 'skill://pdf-forms/SKILL.md', name: 'SKILL.md', mimeType: 'text/markdown' },
      { uri: 'skill://pdf-forms/references', name: 'references', mimeType: 'inode/directory' },
    ]);
    const { client, log } = await inMemoryClient(createSdkPeer('slow'));
    await client.connect();
    const plain = new SkillsClient(client);
    expect(await plain.list()).toEqual([]);
    await expect(plain.readDirectory('skill://x')).rejects.toThrow(/did not declare directoryRead/);
    expect([...log.sent('skills/list'), ...log.sent('resources/directory/read')]).toEqual([]);
  });
});
