// `lena skills list`, `lena skills show NAME` and `lena skills approve NAME`: the same skills
// service as the window and `lena chat` (core/skills/service.ts), over the default folders and,
// with --project, the project's .claude/skills and .agents/skills (each waiting for approval),
// and the skills of the configured MCP servers that offer them (started for the command; each
// waits for approval, bound to its files' digests). --local reads the folders only.
import { ERROR_CODE, LenaError } from '../../shared/result';
import { skillsForHome, type SkillsService, type SkillView } from '../core/skills/service';
import { SettingsStore } from '../core/store/settings';
import { registerCommand } from './commands';
import type { CliContext } from './context';
import { startServers } from './mcp/servers';
import { indent, plural } from './output';

const PROJECT_FLAG = {
  name: '--project',
  value: 'DIR',
  help: "also read DIR's .claude/skills and .agents/skills (each shown once approved)",
} as const;

const LOCAL_FLAG = {
  name: '--local',
  help: "only the skill folders: start no server and leave servers' skills out",
} as const;

/**
 * The same folders as the window (the skillFolders setting, else the defaults) and, unless
 * `local`, the configured servers that can start (started now, quietly).
 */
async function service(ctx: CliContext, local: boolean): Promise<SkillsService> {
  if (!local && (await ctx.config()).servers.length > 0) {
    const { servers, skills } = await ctx.services();
    const startable = servers
      .statuses()
      .filter((s) => s.status !== 'disabled' && s.status !== 'needs-approval')
      .map((s) => s.name);
    await startServers(servers, ctx.out, startable, 'none');
    return skills;
  }
  const folders = (await SettingsStore.open(ctx.paths.settings)).current.skillFolders;
  return skillsForHome(ctx.paths, ctx.projectDir, process.env, () => folders);
}

const originText = (v: SkillView): string =>
  v.origin === 'server' ? `server ${v.server ?? ''}` : v.origin;

function stateLine(v: SkillView): string {
  return `${v.state}${v.reason ? `: ${v.reason}` : ''}`;
}

const jsonOf = (v: SkillView) => ({
  name: v.name,
  origin: v.origin,
  ...(v.server !== undefined ? { server: v.server } : {}),
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

async function findView(ctx: CliContext, skills: SkillsService, name: string): Promise<SkillView> {
  const views = await skills.list();
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
    "the project's .claude/skills and .agents/skills), then the skills of the configured MCP servers\n" +
    'that offer them, named SERVER:PATH. States: enabled, disabled, needs-approval (a project or\n' +
    "server skill not yet approved, or changed since), invalid (with the reason), duplicate. A server's\n" +
    'files are not read to list its skills.',
  examples: [
    'lena skills list',
    "lena skills list --json | jq -r '.skills[].name'",
    'lena skills list --local',
  ],
  flags: [PROJECT_FLAG, LOCAL_FLAG],
  positionals: [],
  async run(ctx, args) {
    const views = await (await service(ctx, args.bools.has('--local'))).list();
    if (ctx.out.json) {
      ctx.out.result({ skills: views.map(jsonOf) });
      return 0;
    }
    for (const v of views) {
      ctx.out.info(`${v.name}  (${originText(v)}, ${stateLine(v)})`);
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
    'Lena never runs them. A project skill changed since its approval shows the SKILL.md diff. A\n' +
    "server's skill is read from its server and verified against the size and sha256 digest the\n" +
    'server listed; a mismatch is refused and nothing of it is printed.',
  examples: ['lena skills show pdf-forms', 'lena skills show docs:pdf-forms'],
  flags: [PROJECT_FLAG, LOCAL_FLAG],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const skills = await service(ctx, args.bools.has('--local'));
    const found = await findView(ctx, skills, args.positionals[0]);
    const v =
      found.origin === 'server' && found.state !== 'invalid'
        ? { ...found, body: await skills.serverSkillBody(found.name) }
        : found;
    if (ctx.out.json) {
      ctx.out.result({
        skill: { ...jsonOf(v), ...(v.body !== undefined ? { body: v.body } : {}) },
      });
      return 0;
    }
    ctx.out.info(`${v.name}  (${originText(v)}, ${stateLine(v)})`);
    ctx.out.info(`${v.origin === 'server' ? 'uri' : 'folder'}: ${v.folder}`);
    if (v.description) ctx.out.info(`description: ${v.description}`);
    if (v.allowedTools)
      ctx.out.info(
        `allowed-tools (${v.origin === 'server' ? "asked for by the server's skill, " : ''}a suggestion, never applied): ${v.allowedTools.join(' ')}`,
      );
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
  summary: "approve a project's or a server's skill as its files are now",
  usage: ['skills approve NAME --project DIR --yes [--json]', 'skills approve SERVER:PATH --yes'],
  description:
    'Approves the project skill NAME bound to the hash of its files, or the server skill SERVER:PATH\n' +
    'bound to the set of its files and their sha256 digests: when a file changes it waits for\n' +
    'approval again. Read it first with "lena skills show NAME".',
  examples: [
    'lena skills approve deploy --project ~/code/app --yes',
    'lena skills approve docs:pdf-forms --yes',
  ],
  flags: [PROJECT_FLAG, { name: '--yes', alias: '-y', help: 'approve (required)' }],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const name = args.positionals[0];
    const server = name.includes(':');
    if (!ctx.projectDir && !server)
      throw new LenaError(ERROR_CODE.invalidArguments, 'Name the project with --project DIR.');
    if (!args.bools.has('--yes'))
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `Read the skill with "lena skills show ${name}${server ? '' : ` --project ${ctx.projectDir}`}", then approve it with --yes.`,
      );
    const skills = await service(ctx, !server);
    const v = await findView(ctx, skills, name);
    if (v.origin === 'user' || v.state !== 'needs-approval')
      throw new LenaError(
        ERROR_CODE.conflict,
        `"${name}" is ${v.origin === 'user' ? `a ${v.origin} skill` : v.state}; only a project or server skill waiting for approval can be approved.`,
      );
    await skills.approve(name);
    if (ctx.out.json) ctx.out.result({ approved: name });
    else ctx.out.info(`Approved the ${v.origin} skill ${name}.`);
    return 0;
  },
});
