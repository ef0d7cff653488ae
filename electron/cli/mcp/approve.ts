// `lena mcp approve` and `lena mcp reset-approvals`: project servers start only once the user
// approved their exact entry; approve shows it in full and asks first (../approve-command.ts).
import { approveServer } from '../approve-command';
import { registerCommand } from '../commands';
import { plural } from '../output';

registerCommand({
  path: ['mcp', 'approve'],
  summary: "show a project server's whole entry, grant its references, approve it",
  usage: [
    'mcp approve NAME --project DIR [--grant REF]… [--no-grant REF]… [--no-sandbox] [--yes] [--reveal] [--json]',
  ],
  description:
    "Shows the entry NAME of DIR's .mcp.json in full (command, arguments, env values and header templates,\n" +
    'every ${…} reference and where its value comes from, risk flags), asks for each reference whether the\n' +
    'server may receive it, then asks before recording. Without a terminal, --yes is required. The approval\n' +
    'is bound to the entry as shown: a changed entry needs approving again.',
  examples: [
    'lena mcp approve db --project ~/code/app',
    'lena mcp approve db --project ~/code/app --grant DB_URL --no-grant secret:github --yes',
  ],
  flags: [
    {
      name: '--grant',
      value: 'REF',
      repeat: true,
      help: 'let the server receive this reference (a variable or secret:NAME)',
    },
    {
      name: '--no-grant',
      value: 'REF',
      repeat: true,
      help: 'do not let the server receive this reference',
    },
    {
      name: '--yes',
      alias: '-y',
      help: 'approve without asking, granting the references not named by --no-grant',
    },
    {
      name: '--no-sandbox',
      help: 'run a local entry without a "sandbox" field outside the default sandbox (recorded)',
    },
    {
      name: '--reveal',
      help: 'show literal values that look like credentials instead of masking them',
    },
  ],
  positionals: [{ name: 'NAME' }],
  configFlags: true,
  run: (ctx, args) => approveServer(ctx, args),
});

registerCommand({
  path: ['mcp', 'reset-approvals'],
  summary: 'forget project-server approvals (of one project with --project)',
  usage: ['mcp reset-approvals [--project DIR] [--json]'],
  description:
    'Without --project, forgets the approvals of every project: their servers ask again.',
  examples: ['lena mcp reset-approvals --project ~/code/app', 'lena mcp reset-approvals'],
  flags: [],
  positionals: [],
  configFlags: true,
  async run(ctx) {
    const dropped = await (await ctx.approvals()).reset(ctx.projectDir);
    if (ctx.out.json) ctx.out.result({ reset: dropped });
    else
      ctx.out.info(
        `Forgot ${plural(dropped, 'approval')}${ctx.projectDir ? ` for ${ctx.projectDir}` : ''}.`,
      );
    return 0;
  },
});
