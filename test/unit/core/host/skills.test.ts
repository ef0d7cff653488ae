// The window's skills:* channels over a real host: the Skills page's list with states, the switch
// (the catalog the model gets follows it), and a project's skill approved from the window.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TokenBudget } from '../../../../shared/chat/models';
import { ERROR_CODE } from '../../../../shared/result';
import type { SkillInfo } from '../../../../shared/skill-types';
import { startHost, tempHome } from './host-harness';

function skill(dir: string, name: string, description: string, extra = ''): void {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(
    join(dir, name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: ${description}\n${extra}---\nBody of ${name}\n`,
  );
}

describe('skills:* channels', () => {
  it('lists, switches and approves skills as the Skills page does', async () => {
    const home = tempHome('lena-host-skills-');
    skill(join(home, '.claude', 'skills'), 'pdf-forms', 'Fill PDF forms.');
    const project = join(home, 'app');
    skill(
      join(project, '.agents', 'skills'),
      'deploy',
      'Deploy the app.',
      'allowed-tools: mcp__ci__deploy\n',
    );
    const h = startHost(join(home, '.lena'), { projectFolder: project, env: { HOME: home } });
    const states = (list: SkillInfo[]) => list.map((s) => `${s.name}:${s.origin}:${s.state}`);

    const list = await h.call<SkillInfo[]>('skills:list');
    expect(states(list)).toEqual(['pdf-forms:user:enabled', 'deploy:project:needs-approval']);
    expect(list[0]).toMatchObject({ description: 'Fill PDF forms.', body: 'Body of pdf-forms\n' });
    // A project's allowed-tools are shown, but offered as rules only once the skill is approved.
    expect(list[1]).toMatchObject({ allowedTools: ['mcp__ci__deploy'], suggestedRules: [] });

    // The composer's budget counts the catalog and the skill tools as one row.
    const budget = await h.call<TokenBudget>('chat:budget', {});
    const row = budget.perServer.find((r) => r.server === 'Skills (Lena)');
    expect(row?.toolCount).toBe(2);
    expect(row!.tokens).toBeGreaterThan(100);
    expect(budget.totalToolTokens).toBe(budget.perServer.reduce((n, r) => n + r.tokens, 0));

    const off = await h.call<SkillInfo[]>('skills:set-enabled', {
      name: 'pdf-forms',
      enabled: false,
    });
    expect(states(off)[0]).toBe('pdf-forms:user:disabled');

    const refused = await h.dispatch('skills:approve', { name: 'pdf-forms' });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: ERROR_CODE.notFound,
        message: 'No project or server skill named "pdf-forms" waits for approval.',
      },
    });
    const approved = await h.call<SkillInfo[]>('skills:approve', { name: 'deploy' });
    expect(states(approved)[1]).toBe('deploy:project:enabled');
    expect(approved[1].suggestedRules).toEqual([{ rule: 'mcp__ci__deploy', error: null }]);
    // The switch outlives a restart of Lena.
    await h.close();
    const again = startHost(join(home, '.lena'), { projectFolder: project, env: { HOME: home } });
    expect(states(await again.call<SkillInfo[]>('skills:list'))).toEqual([
      'pdf-forms:user:disabled',
      'deploy:project:enabled',
    ]);
  });

  it('reads the folders the skillFolders setting names instead of the defaults', async () => {
    const home = tempHome('lena-host-skill-folders-');
    skill(join(home, '.claude', 'skills'), 'default-one', 'From the default folder.');
    skill(join(home, 'my-skills'), 'mine', 'From my folder.');
    mkdirSync(join(home, '.lena'));
    writeFileSync(
      join(home, '.lena', 'settings.json'),
      JSON.stringify({ skillFolders: ['~/my-skills'] }),
    );
    const h = startHost(join(home, '.lena'), { env: { HOME: home } });
    const list = await h.call<SkillInfo[]>('skills:list');
    expect(list.map((s) => `${s.name}:${s.folder}`)).toEqual([
      `mine:${join(home, 'my-skills', 'mine')}`,
    ]);
  });
});
