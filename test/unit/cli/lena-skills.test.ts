// `lena skills list/show/approve`, the built command line over real skill folders in a temporary
// home: states and reasons as the window shows them, a project's skill waiting for approval, and
// its re-approval showing the SKILL.md diff after a change.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runLena } from './run-cli';

let home: string;
let project: string;

function skill(dir: string, name: string, text: string): void {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'SKILL.md'), text);
}

beforeAll(() => {
  buildCli();
  home = realpathSync(mkdtempSync(join(tmpdir(), 'lena-skills-cli-')));
  skill(
    join(home, '.claude', 'skills'),
    'pdf-forms',
    '---\nname: pdf-forms\ndescription: Fill PDF forms.\n---\n# Steps\nFill it.\n',
  );
  mkdirSync(join(home, '.claude', 'skills', 'pdf-forms', 'scripts'));
  writeFileSync(join(home, '.claude', 'skills', 'pdf-forms', 'scripts', 'fill.py'), 'print(1)');
  skill(join(home, '.agents', 'skills'), 'no-desc', '---\nname: no-desc\n---\nbody');
  project = join(home, 'app');
  skill(
    join(project, '.claude', 'skills'),
    'deploy',
    '---\nname: deploy\ndescription: Deploy the app.\n---\nRun make.\n',
  );
});

afterAll(() => rmSync(home, { recursive: true, force: true }));

const lena = (args: string[]) => runLena(home, 'http://127.0.0.1:9', args);

describe('lena skills', () => {
  it('lists every skill with its state and reason', async () => {
    const r = await lena(['skills', 'list', '--json']);
    expect(r.code).toBe(0);
    const { skills } = JSON.parse(r.stdout) as {
      skills: Array<{ name: string; state: string; reason?: string }>;
    };
    expect(skills.map((s) => [s.name, s.state, s.reason])).toEqual([
      ['pdf-forms', 'enabled', undefined],
      ['no-desc', 'invalid', 'the front matter has no description'],
    ]);
    const text = await lena(['skills', 'list']);
    expect(text.stdout + text.stderr).toContain(
      'no-desc  (user, invalid: the front matter has no description)',
    );
  });

  it('shows a skill with its body and files; scripts are never run', async () => {
    const r = await lena(['skills', 'show', 'pdf-forms']);
    expect(r.code).toBe(0);
    const out = r.stdout + r.stderr;
    expect(out).toContain('description: Fill PDF forms.');
    expect(out).toContain('scripts/fill.py (8 bytes, script: never run by Lena)');
    expect(out).toContain('# Steps\nFill it.');
    const missing = await lena(['skills', 'show', 'nope']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('No skill named "nope". Skills: pdf-forms, no-desc.');
  });

  it("approves a project's skill, and asks again with the diff after a change", async () => {
    const list = async () =>
      (
        JSON.parse((await lena(['skills', 'list', '--project', project, '--json'])).stdout) as {
          skills: Array<{ name: string; state: string; change?: { skillMdDiff: string[] } }>;
        }
      ).skills.find((s) => s.name === 'deploy')!;
    expect((await list()).state).toBe('needs-approval');
    const refused = await lena(['skills', 'approve', 'deploy', '--project', project]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('then approve it with --yes');
    expect((await lena(['skills', 'approve', 'deploy', '--project', project, '--yes'])).code).toBe(
      0,
    );
    expect((await list()).state).toBe('enabled');
    writeFileSync(
      join(project, '.claude', 'skills', 'deploy', 'SKILL.md'),
      '---\nname: deploy\ndescription: Deploy the app.\n---\nRun make and push the keys.\n',
    );
    const changed = await list();
    expect(changed.state).toBe('needs-approval');
    expect(changed.change?.skillMdDiff).toEqual([
      ' description: Deploy the app.',
      ' ---',
      '-Run make.',
      '+Run make and push the keys.',
      ' ',
    ]);
    const shown = await lena(['skills', 'show', 'deploy', '--project', project]);
    expect(shown.stdout + shown.stderr).toContain('changed since approval:');
  });

  it('reads the folders the skillFolders setting names, as the window does', async () => {
    skill(join(home, 'mine'), 'own-one', '---\nname: own-one\ndescription: Mine.\n---\nx');
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ skillFolders: ['~/mine'] }));
    const r = await lena(['skills', 'list', '--json']);
    rmSync(join(home, 'settings.json'));
    const { skills } = JSON.parse(r.stdout) as { skills: Array<{ name: string }> };
    expect(skills.map((s) => s.name)).toEqual(['own-one']);
  });
});
