// `lena mcp approve` and `lena mcp reset-approvals`: project servers start only once the user
// approved their exact entry. (Showing the entry and asking before recording is built by the
// approvals work. A flag is one line in `flags`, e.g. { name: '--yes', help: '…' } or
// { name: '--grant', value: 'NAME', repeat: true, help: '…' }; read it with
// args.bools.has('--yes') or flags(args, '--grant'); help and unknown-flag errors follow.)
import { ConfigLoader } from '../../core/mcp/config/loader';
import { entryHash } from '../../core/mcp/config/identity';
import { approvalRequest, describeApproval } from '../../core/permissions/project-approval';
import { registerCommand } from '../commands';
import { checkConfig } from '../config-check';
import { UsageError } from '../errors';
import { plural } from '../output';

registerCommand({
  path: ['mcp', 'approve'],
  summary: 'approve a project server so that it may start (prints what it approves)',
  usage: ['mcp approve NAME --project DIR [--json]'],
  description: "Records your approval of the entry NAME of DIR's .mcp.json exactly as it is now: its command,\narguments and env names. A changed entry needs approving again.",
  examples: ['lena mcp approve db --project ~/code/app'],
  flags: [],
  positionals: [{ name: 'NAME' }],
  configFlags: true,
  async run(ctx, args) {
    const [name] = args.positionals;
    if (!ctx.projectDir) throw new UsageError('give the project: lena mcp approve NAME --project DIR', 'missing-argument');
    const config = checkConfig(await new ConfigLoader(ctx.sources).load(), ctx.out);
    const server = config.servers.find((s) => s.name === name);
    if (!server || server.scope !== 'project' || !server.entry) throw new UsageError(`"${name}" is not a server of the project at ${ctx.projectDir}.`, 'unknown-server');
    const hash = entryHash(server.entry);
    const request = approvalRequest(name, server.entry, hash);
    await (await ctx.approvals()).approve(ctx.projectDir, name, hash);
    if (ctx.out.json) ctx.out.result({ approved: request });
    else ctx.out.info(`Approved for ${ctx.projectDir}:\n${describeApproval(request)}`);
    return 0;
  },
});

registerCommand({
  path: ['mcp', 'reset-approvals'],
  summary: 'forget project-server approvals (of one project with --project)',
  usage: ['mcp reset-approvals [--project DIR] [--json]'],
  description: 'Without --project, forgets the approvals of every project: their servers ask again.',
  examples: ['lena mcp reset-approvals --project ~/code/app', 'lena mcp reset-approvals'],
  flags: [],
  positionals: [],
  configFlags: true,
  async run(ctx) {
    const dropped = await (await ctx.approvals()).reset(ctx.projectDir);
    if (ctx.out.json) ctx.out.result({ reset: dropped });
    else ctx.out.info(`Forgot ${plural(dropped, 'approval')}${ctx.projectDir ? ` for ${ctx.projectDir}` : ''}.`);
    return 0;
  },
});
