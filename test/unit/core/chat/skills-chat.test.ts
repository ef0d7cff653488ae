// Skills through the real chat engine and the scripted Messages API: the catalog is in the system
// prompt without any body, the model loads a skill and gets its body wrapped as untrusted data with
// its file list, reads a file of it, is refused a path out of the folder, and a project's skill
// reaches the catalog only after the user approved it.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SkillApprovals } from '../../../../electron/core/skills/approvals';
import { SkillsService } from '../../../../electron/core/skills/service';
import {
  reply,
  text,
  toolResultText,
  toolResultsOf,
  toolUse,
  type RecordedRequest,
} from '../../../fixtures/messages-api';
import { chatHarness, type ChatHarness } from './harness';

let h: ChatHarness | undefined;
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lena-skills-chat-'));
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  rmSync(root, { recursive: true, force: true });
});

const BODY = '# Filling forms\n\nRead references/fields.md first.\n';

function writeSkills(): { user: string; project: string } {
  const user = join(root, 'skills');
  const pdf = join(user, 'pdf-forms');
  mkdirSync(join(pdf, 'references'), { recursive: true });
  writeFileSync(
    join(pdf, 'SKILL.md'),
    `---\nname: pdf-forms\ndescription: Fill PDF forms; use for any .pdf form.\n---\n${BODY}`,
  );
  writeFileSync(join(pdf, 'references', 'fields.md'), 'Field guide: name, date.');
  writeFileSync(join(root, 'secret.txt'), 'TOP SECRET');
  symlinkSync(join(root, 'secret.txt'), join(pdf, 'references', 'link.md'));
  const project = join(root, 'project');
  const deploy = join(project, '.agents', 'skills', 'deploy');
  mkdirSync(deploy, { recursive: true });
  writeFileSync(
    join(deploy, 'SKILL.md'),
    '---\nname: deploy\ndescription: Deploy the app.\n---\nSteps',
  );
  return { user, project };
}

const systemText = (r: RecordedRequest) =>
  (r.body.system as Array<{ text: string }>).map((b) => b.text).join('\n');
const toolNames = (r: RecordedRequest) =>
  ((r.body.tools ?? []) as Array<{ name: string }>).map((t) => t.name);

describe('skills in a chat', () => {
  it('sends the catalog without bodies, loads a skill wrapped, reads a file and refuses one outside', async () => {
    const { user } = writeSkills();
    const skills = new SkillsService({ folders: [user], approvals: new SkillApprovals() });
    h = await chatHarness({ engine: { skills } });
    h.api.push(
      reply(toolUse('lena_skill', { name: 'pdf-forms' }, 'toolu_load')),
      reply(
        toolUse('lena_skill_file', { name: 'pdf-forms', path: 'references/fields.md' }, 'toolu_f1'),
        toolUse('lena_skill_file', { name: 'pdf-forms', path: '../../secret.txt' }, 'toolu_f2'),
        toolUse('lena_skill_file', { name: 'pdf-forms', path: 'references/link.md' }, 'toolu_f3'),
        toolUse('lena_skill', { name: 'nope' }, 'toolu_unknown'),
      ),
      reply(text('Done.')),
    );
    const conv = h.store.create();
    expect((await h.engine.send(conv.id, 'Fill in this PDF form').done).error).toBeNull();
    const [first, second, third] = h.api.messageRequests();

    const system = systemText(first);
    expect(system).toContain(
      '<skill name="pdf-forms" origin="user">Fill PDF forms; use for any .pdf form.</skill>',
    );
    expect(system).not.toContain('Filling forms');
    expect(toolNames(first).slice(0, 2)).toEqual(['lena_skill', 'lena_skill_file']);
    // The stable part keeps its bytes; the catalog is a block of its own that ends the prefix.
    const blocks = first.body.system as Array<{ text: string; cache_control?: unknown }>;
    expect(blocks).toHaveLength(2);
    expect(blocks[0].cache_control).toBeUndefined();
    expect(blocks[1].cache_control).toEqual({ type: 'ephemeral' });
    expect(systemText(second)).toBe(system);

    const [loaded] = toolResultsOf(second);
    const loadedText = toolResultText(loaded.content);
    expect(loadedText).toMatch(/<untrusted-tool-output boundary="[^"]+">\n# Filling forms/);
    expect(loadedText).toContain('- references/fields.md (24 bytes)');

    const results = toolResultsOf(third);
    expect(toolResultText(results[0].content)).toContain('Field guide: name, date.');
    expect(results[1]).toMatchObject({ is_error: true });
    expect(toolResultText(results[1].content)).toContain("is not a path inside the skill's folder");
    expect(toolResultText(results[2].content)).toContain("leads outside the skill's folder");
    expect(JSON.stringify(third.body)).not.toContain('TOP SECRET');
    expect(toolResultText(results[3].content)).toBe(
      'There is no enabled skill named "nope". Enabled skills: pdf-forms.',
    );
  });

  it('loads a skill once, keeps it when old results are dropped, and names it after a summary', async () => {
    const { user } = writeSkills();
    const skills = new SkillsService({ folders: [user], approvals: new SkillApprovals() });
    h = await chatHarness({ engine: { skills }, apiKey: undefined });
    const conv = h.store.create();
    const stored = (role: 'user' | 'assistant', content: unknown[]) =>
      h!.store.append(conv.id, { role, content: content as never });
    // Four rounds: the skill's load, then three tool rounds of a server that is gone.
    stored('assistant', [
      { type: 'tool_use', id: 'toolu_s', name: 'lena_skill', input: { name: 'pdf-forms' } },
    ]);
    stored('user', [
      { type: 'tool_result', tool_use_id: 'toolu_s', content: [{ type: 'text', text: BODY }] },
    ]);
    for (const n of [1, 2, 3]) {
      stored('assistant', [{ type: 'tool_use', id: `toolu_${n}`, name: 'mcp__x__y', input: {} }]);
      stored('user', [
        {
          type: 'tool_result',
          tool_use_id: `toolu_${n}`,
          content: [{ type: 'text', text: `result ${n}` }],
        },
      ]);
    }
    expect(h.engine.dropOldToolResults(conv.id).dropped).toBe(1);
    expect(JSON.stringify(h.store.get(conv.id).messages)).toContain('Filling forms');

    const { id } = await h.engine.continueWithSummary(conv.id);
    const seed = h.store.get(id).messages[0].content as unknown as Array<{ text: string }>;
    expect(seed[0].text).toContain(
      'Skills loaded in it: pdf-forms. Load them again with lena_skill before relying on their instructions.',
    );
  });

  it('answers a second load of the same skill without sending the body again', async () => {
    const { user } = writeSkills();
    const skills = new SkillsService({ folders: [user], approvals: new SkillApprovals() });
    h = await chatHarness({ engine: { skills } });
    h.api.push(
      reply(toolUse('lena_skill', { name: 'pdf-forms' }, 'toolu_1')),
      reply(toolUse('lena_skill', { name: 'pdf-forms' }, 'toolu_2')),
      reply(text('Done.')),
    );
    const conv = h.store.create();
    await h.engine.send(conv.id, 'Fill it').done;
    const third = h.api.messageRequests()[2];
    expect(toolResultText(toolResultsOf(third)[0].content)).toBe(
      'The skill "pdf-forms" is already loaded earlier in this conversation.',
    );
  });

  it("lists a project's skill only after the user approved it", async () => {
    const { project } = writeSkills();
    const skills = new SkillsService({ folders: [], approvals: new SkillApprovals(), project });
    h = await chatHarness({ engine: { skills } });
    h.api.push(reply(text('One.')), reply(text('Two.')));
    const conv = h.store.create();
    await h.engine.send(conv.id, 'hi').done;
    await skills.approve('deploy');
    await h.engine.send(conv.id, 'again').done;
    const [before, after] = h.api.messageRequests();
    expect(systemText(before)).not.toContain('deploy');
    expect(toolNames(before)).not.toContain('lena_skill');
    expect(systemText(after)).toContain(
      '<skill name="deploy" origin="project">Deploy the app.</skill>',
    );
  });

  it('a skill switched off in one conversation leaves its catalog and is not loaded there', async () => {
    const { user } = writeSkills();
    const skills = new SkillsService({ folders: [user], approvals: new SkillApprovals() });
    h = await chatHarness({ engine: { skills } });
    h.api.push(
      reply(toolUse('lena_skill', { name: 'pdf-forms' }, 'toolu_off')),
      reply(text('Without it.')),
      reply(text('Elsewhere.')),
    );
    const off = h.store.create();
    const other = h.store.create();
    h.engine.setSkill(off.id, 'pdf-forms', false);
    await h.engine.send(off.id, 'Fill it').done;
    await h.engine.send(other.id, 'hi').done;
    const [first, second, elsewhere] = h.api.messageRequests();
    expect(systemText(first)).not.toContain('pdf-forms');
    expect(toolResultText(toolResultsOf(second)[0].content)).toBe(
      'There is no enabled skill named "pdf-forms". Enabled skills: (none).',
    );
    // Only that conversation: another one still has the skill.
    expect(systemText(elsewhere)).toContain('<skill name="pdf-forms"');
    h.engine.setSkill(off.id, 'pdf-forms', true);
    expect(h.store.summary(off.id).tools).toBeUndefined();
  });
});
