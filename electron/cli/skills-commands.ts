// `lena skills list`, `lena skills show NAME` and `lena skills approve NAME`: the same skills
// service as the window and `lena chat` (core/skills/service.ts), over the default folders and,
// with --project, the project's .claude/skills and .agents/skills (each waiting for approval).
import { ERROR_CODE, LenaError } from '../../shared/result';
import { skillsForHome, type SkillView } from '../core/skills/service';
import { SettingsStore } from '../core/store/settings';
import { registerCommand } from './commands';
import type { CliContext } from './context';
import { indent, plural } from './output';

const PROJECT_FLAG = {
  name: '--project',
  value: 'DIR',
  help: "also read DIR's .claude/skills and .agents/skills (each shown once approved)",
} as const;

/** The same folders as the window: the skillFolders setting, else the defaults. */
const service = async (ctx: CliContext) => {
  const folders = (await SettingsStore.open(ctx.paths.settings)).current.skillFolders;
  return skillsForHome(ctx.paths, ctx.projectDir, process.env, () => folders);
};

function stateLine(v: SkillView): string {
  return `${v.state}${v.reason ? `: ${v.reason}` : ''}`;
}

const jsonOf = (v: SkillView) => ({
  name: v.name,
  origin: v.origin,
  folder: v.folder,
  state: v.state,
  ...(v.reason ? { reason: v.reason } : {}),
  ...(v.description ? { description: v.description } : {}),
  warnings: v.warnings,
  files: v.files,
  duplicates: v.duplicates,
  ...(v.allowedTools ? { allowedTools: v.allowedTools } : {}),
  ...(v.change ? { change: v.change } : {}),
});

async function findView(ctx: CliContext, name: string): Promise<SkillView> {
  const views = await (await service(ctx)).list();
  const found =
    views.find((v) => v.name === name && v.state !== 'duplicate') ??
    views.find((v) => v.name === name);
  if (!found)
    throw new LenaError(
      ERROR_CODE.notFound,
      `No skill named "${name}". Skills: ${views.map((v) => v.name).join(', ') || '(none)'}.`,
    );
  return found;
}

registerCommand({
  path: ['skills', 'list'],
  summary: 'every skill found, with its origin and state',
  usage: ['skills list [--project DIR] [--json]'],
  description:
    "Reads ~/.claude/skills, ~/.agents/skills and the skills folder of Lena's home (and with --project,\n" +
    "the project's .claude/skills and .agents/skills). States: enabled, disabled, needs-approval (a\n" +
    'project skill not yet approved, or changed since), invalid (with the reason), duplicate.',
  examples: ['lena skills list', "lena skills list --json | jq -r '.skills[].name'"],
  flags: [PROJECT_FLAG],
  positionals: [],
  async run(ctx) {
    const views = await (await service(ctx)).list();
    if (ctx.out.json) {
      ctx.out.result({ skills: views.map(jsonOf) });
      return 0;
    }
    for (const v of views) {
      ctx.out.info(`${v.name}  (${v.origin}, ${stateLine(v)})`);
      if (v.description) ctx.out.info(indent(v.description.split('\n')[0].slice(0, 160)));
      for (const w of v.warnings) ctx.out.info(indent(`warning: ${w}`));
      if (v.duplicates.length) ctx.out.info(indent(`also in: ${v.duplicates.join(', ')}`));
    }
    ctx.out.info(plural(views.length, 'skill'));
    return 0;
  },
});

registerCommand({
  path: ['skills', 'show'],
  summary: 'one skill: its state, description, instructions and files',
  usage: ['skills show NAME [--project DIR] [--json]'],
  description:
    "Prints the skill's front matter fields, its SKILL.md body and its files. Scripts are listed;\n" +
    'Lena never runs them. A project skill changed since its approval shows the SKILL.md diff.',
  examples: ['lena skills show pdf-forms'],
  flags: [PROJECT_FLAG],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const v = await findView(ctx, args.positionals[0]);
    if (ctx.out.json) {
      ctx.out.result({
        skill: { ...jsonOf(v), ...(v.body !== undefined ? { body: v.body } : {}) },
      });
      return 0;
    }
    ctx.out.info(`${v.name}  (${v.origin}, ${stateLine(v)})`);
    ctx.out.info(`folder: ${v.folder}`);
    if (v.description) ctx.out.info(`description: ${v.description}`);
    if (v.allowedTools)
      ctx.out.info(`allowed-tools (a suggestion, never applied): ${v.allowedTools.join(' ')}`);
    for (const w of v.warnings) ctx.out.info(`warning: ${w}`);
    if (v.change) {
      ctx.out.info('changed since approval:');
      for (const line of v.change.skillMdDiff) ctx.out.info(indent(line));
      if (v.change.changedFiles.length)
        ctx.out.info(indent(`other files changed: ${v.change.changedFiles.join(', ')}`));
    }
    ctx.out.info('files:');
    for (const f of v.files)
      ctx.out.info(
        indent(
          `${f.path} (${f.size} bytes${f.kind === 'script' ? ', script: never run by Lena' : ''}${f.outside ? ', links outside the skill: not read' : ''})`,
        ),
      );
    if (v.files.length === 0) ctx.out.info(indent('(none)'));
    if (v.body !== undefined) ctx.out.info(`\n${v.body}`);
    return 0;
  },
});

registerCommand({
  path: ['skills', 'approve'],
  summary: "approve a project's skill as its files are now",
  usage: ['skills approve NAME --project DIR --yes [--json]'],
  description:
    'Approves the project skill NAME bound to the hash of its files: when a file changes it waits\n' +
    'for approval again. Read it first with "lena skills show NAME --project DIR".',
  examples: ['lena skills approve deploy --project ~/code/app --yes'],
  flags: [PROJECT_FLAG, { name: '--yes', alias: '-y', help: 'approve (required)' }],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const name = args.positionals[0];
    if (!ctx.projectDir)
      throw new LenaError(ERROR_CODE.invalidArguments, 'Name the project with --project DIR.');
    if (!args.bools.has('--yes'))
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `Read the skill with "lena skills show ${name} --project ${ctx.projectDir}", then approve it with --yes.`,
      );
    const v = await findView(ctx, name);
    if (v.origin !== 'project' || v.state !== 'needs-approval')
      throw new LenaError(
        ERROR_CODE.conflict,
        `"${name}" is ${v.origin === 'project' ? v.state : `a ${v.origin} skill`}; only a project skill waiting for approval can be approved.`,
      );
    await (await service(ctx)).approve(name);
    if (ctx.out.json) ctx.out.result({ approved: name });
    else ctx.out.info(`Approved the project skill ${name}.`);
    return 0;
  },
});
