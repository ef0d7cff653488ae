// Skills from an MCP server through the real chat engine, a real stdio server offering the Skills
// over MCP extension (test/fixtures/mcp/skills-peer.mjs) and the scripted Messages API: the catalog
// names the server, a server's skill waits for approval and never shadows a local skill of the
// same name, a tampered file is refused before the model sees it, and a skill changed on the server
// mid-conversation is asked about again instead of being used.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverSkillSources } from '../../../../electron/core/host/server-skill-sources';
import { clientOf } from '../../../../electron/core/mcp/manager/offerings';
import { SkillApprovals } from '../../../../electron/core/skills/approvals';
import { SkillsService } from '../../../../electron/core/skills/service';
import {
  reply,
  systemText,
  text,
  toolResultText,
  toolResultsOf,
  toolUse,
} from '../../../fixtures/messages-api';
import { chatHarness, type ChatHarness } from './harness';

const PEER = resolve(__dirname, '../../../fixtures/mcp/skills-peer.mjs');
let h: ChatHarness | undefined;
let root: string | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A harness with the skills server `docs` (in `mode`) and, optionally, a local pdf-forms skill. */
async function start(mode: 'good' | 'tampered', local = false) {
  root = mkdtempSync(join(tmpdir(), 'lena-server-skills-'));
  const folder = join(root, 'skills');
  if (local) {
    mkdirSync(join(folder, 'pdf-forms'), { recursive: true });
    writeFileSync(
      join(folder, 'pdf-forms', 'SKILL.md'),
      '---\nname: pdf-forms\ndescription: My own PDF form steps.\n---\nLOCAL STEPS\n',
    );
  }
  const skills = new SkillsService({
    folders: [folder],
    approvals: new SkillApprovals(),
    servers: () => (h ? serverSkillSources(h.manager) : []),
  });
  h = await chatHarness({
    servers: { docs: { command: process.execPath, args: [PEER, mode] } },
    engine: { skills },
  });
  await h.manager.whenReady(10_000);
  return { skills, harness: h };
}

const requestText = (i: number) => JSON.stringify(h!.api.messageRequests()[i].body);

describe("an MCP server's skills in a chat", () => {
  it('names the server, waits for approval, never shadows a local skill, refuses a tampered file', async () => {
    const { skills } = await start('tampered', true);
    const waiting = (await skills.list()).filter((v) => v.origin === 'server');
    expect(waiting.map((v) => [v.name, v.state, v.server])).toEqual([
      ['docs:pdf-forms', 'needs-approval', 'docs'],
      ['docs:docs/release-notes', 'needs-approval', 'docs'],
    ]);
    await skills.approve('docs:pdf-forms');
    h!.api.push(
      reply(toolUse('lena_skill', { name: 'pdf-forms' }, 'toolu_local')),
      reply(toolUse('lena_skill', { name: 'docs:pdf-forms' }, 'toolu_load')),
      reply(
        toolUse(
          'lena_skill_file',
          { name: 'docs:pdf-forms', path: 'references/fields.md' },
          'toolu_tampered',
        ),
        toolUse(
          'lena_skill_file',
          { name: 'docs:pdf-forms', path: '../release-notes/SKILL.md' },
          'toolu_out',
        ),
        toolUse(
          'lena_skill_file',
          { name: 'docs:pdf-forms', path: 'skill://docs/release-notes/SKILL.md' },
          'toolu_uri',
        ),
      ),
      reply(text('Done.')),
    );
    const conv = h!.store.create();
    expect((await h!.engine.send(conv.id, 'Fill this PDF form').done).error).toBeNull();
    const [first, second, third, fourth] = h!.api.messageRequests();

    const system = systemText(first.body);
    expect(system).toContain(
      '<skill name="pdf-forms" origin="user">My own PDF form steps.</skill>',
    );
    expect(system).toContain(
      '<skill name="docs:pdf-forms" origin="server" server="docs">Fill PDF forms; use for any .pdf form.</skill>',
    );
    expect(system).not.toContain('release-notes'); // not approved
    // The plain name is the user's own skill, never the server's.
    expect(toolResultText(toolResultsOf(second)[0].content)).toContain('LOCAL STEPS');

    const loaded = toolResultText(toolResultsOf(third)[0].content);
    expect(loaded).toContain('Skill "docs:pdf-forms" from the MCP server "docs"');
    expect(loaded).toMatch(/<untrusted-tool-output boundary="[^"]+">\n# Filling forms \(v1\)/);
    expect(loaded).toContain('- references/fields.md (25 bytes)');

    const [tampered, outside, byUri] = toolResultsOf(fourth);
    expect(tampered).toMatchObject({ is_error: true });
    expect(toolResultText(tampered.content)).toContain(
      'Lena refused skill://pdf-forms/references/fields.md',
    );
    expect(toolResultText(outside.content)).toContain('leaves the skill');
    expect(toolResultText(byUri.content)).toContain('is not a path inside the skill');
    expect(requestText(3)).not.toContain('evil.example');
  });

  it('asks again when the server changes a skill mid-conversation, and loads the new version once approved', async () => {
    const { skills } = await start('good');
    await skills.approve('docs:pdf-forms');
    h!.api.push(
      reply(toolUse('lena_skill', { name: 'docs:pdf-forms' }, 'toolu_load')),
      reply(text('Loaded.')),
      reply(
        toolUse(
          'lena_skill_file',
          { name: 'docs:pdf-forms', path: 'references/fields.md' },
          'toolu_file',
        ),
      ),
      reply(text('Changed.')),
      reply(toolUse('lena_skill', { name: 'docs:pdf-forms' }, 'toolu_again')),
      reply(text('Again.')),
    );
    const conv = h!.store.create();
    await h!.engine.send(conv.id, 'Fill the form').done;
    expect(toolResultText(toolResultsOf(h!.api.messageRequests()[1])[0].content)).toContain('(v1)');

    // The server publishes a new SKILL.md: its digest, so the skill's digest set, changes.
    await (await clientOf(h!.manager, 'docs')).callTool('update_skill', {});
    await h!.engine.send(conv.id, 'Read the field guide').done;
    const [, , changedReq, afterChange] = h!.api.messageRequests();
    expect(systemText(changedReq.body)).not.toContain('docs:pdf-forms');
    const refused = toolResultsOf(afterChange)[0];
    expect(refused).toMatchObject({ is_error: true });
    expect(toolResultText(refused.content)).toContain(
      'The skill "docs:pdf-forms" from the MCP server "docs" changed since the user approved it',
    );
    const view = (await skills.list()).find((v) => v.name === 'docs:pdf-forms')!;
    expect(view.state).toBe('needs-approval');
    expect(view.change?.changedFiles).toEqual(['skill://pdf-forms/SKILL.md']);

    await skills.approve('docs:pdf-forms');
    const again = h!.store.create();
    await h!.engine.send(again.id, 'Fill the form').done;
    const reloaded = h!.api.messageRequests()[5];
    expect(toolResultText(toolResultsOf(reloaded)[0].content)).toContain('(v2)');

    // Switched off by its server identity and URI: still off, and out of the catalog.
    await skills.setEnabled('docs:pdf-forms', false);
    const off = (await skills.list()).find((v) => v.name === 'docs:pdf-forms')!;
    expect(off.state).toBe('disabled');
    expect((await skills.enabled()).map((e) => e.view.name)).toEqual([]);
  });
});
