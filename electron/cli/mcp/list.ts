// `lena mcp list`: the configured servers as the files say, and what would keep each from
// starting (disabled, waiting for approval, an unset ${VAR}); nothing is started.
import { signInNote } from '../cli-auth';
import { redactArgs, redactUrl } from '../../core/base/credentials';
import { expandEntry } from '../../core/mcp/config/expand';
import { entryHash } from '../../core/mcp/config/identity';
import { EnvSecretProvider } from '../../core/store/secrets';
import type { ConfiguredServer } from '../../../shared/server-config';
import { registerCommand } from '../commands';
import type { CliContext } from '../context';
import { issueJson } from '../config-check';
import { plural, table } from '../output';

/** What would happen at start, without starting: ready, disabled, needs approval, skipped, invalid. */
async function startState(
  ctx: CliContext,
  s: ConfiguredServer,
): Promise<{ state: string; reason: string | null }> {
  if (s.issues.length > 0 || !s.entry)
    return { state: 'invalid', reason: s.issues[0]?.message ?? 'invalid entry' };
  if (s.disabled) return { state: 'disabled', reason: null };
  if (
    s.scope === 'project' &&
    ctx.projectDir &&
    !(await (await ctx.approvals()).isApproved(ctx.projectDir, s.name, entryHash(s.entry)))
  ) {
    return {
      state: 'needs-approval',
      reason: `a project server starts only once approved: lena mcp approve ${s.name} --project ${ctx.projectDir}`,
    };
  }
  const secrets = new EnvSecretProvider();
  const expanded = await expandEntry(s.entry, {
    env: process.env,
    secrets: { get: (n) => secrets.get(n) },
  });
  if (!expanded.ok)
    return {
      state: expanded.reason === 'invalid' ? 'invalid' : 'skipped',
      reason: expanded.message,
    };
  return { state: 'ready', reason: null };
}

registerCommand({
  path: ['mcp', 'list'],
  summary: 'configured servers and whether each can start (nothing is started)',
  usage: ['mcp list [--project DIR | --config FILE] [--json]'],
  description:
    "Reads Lena's mcp.json (and a project's .mcp.json with --project). A server that would be\nskipped (an unset ${VAR}) or held (disabled, waiting for approval) says why.",
  examples: ['lena mcp list', 'lena mcp list --project ~/code/app --json'],
  flags: [],
  positionals: [],
  configFlags: true,
  async run(ctx) {
    const config = await ctx.config();
    const servers = await Promise.all(
      config.servers.map(async (s) => ({
        name: s.name,
        scope: s.scope,
        file: s.file,
        transport: s.transport ?? null,
        // Redacted: a literal `--token X` or `?api_key=` must not end up in a terminal's scrollback.
        command: s.entry?.command
          ? [s.entry.command, ...redactArgs(s.entry.args ?? [])].join(' ')
          : typeof s.entry?.bundle === 'string'
            ? `bundle ${s.entry.bundle}`
            : null,
        url: s.entry?.url !== undefined ? redactUrl(s.entry.url) : null,
        disabled: s.disabled,
        shadowed: s.shadowed.map((x) => x.scope),
        ...(await startState(ctx, s)),
        // Signed in from the window or `lena mcp login` (metadata only; tokens are never read here).
        signIn: s.entry?.url ? await signInNote(ctx, { ...s, entry: s.entry }) : null,
      })),
    );
    if (ctx.out.json)
      ctx.out.result({
        servers,
        errors: config.errors.map(issueJson),
        warnings: config.warnings.map(issueJson),
      });
    else if (servers.length === 0)
      ctx.out.info('No MCP servers configured. Add one with: lena mcp add NAME -- COMMAND [ARGS…]');
    else {
      const rows = servers.map((s) => [
        s.name,
        s.scope + (s.shadowed.length ? ` (over ${s.shadowed.join(', ')})` : ''),
        s.transport ?? '-',
        s.state,
        (s.command ?? s.url ?? '-') + (s.signIn ? ` (${s.signIn})` : ''),
      ]);
      ctx.out.info(table([['NAME', 'SCOPE', 'TRANSPORT', 'STATE', 'TARGET'], ...rows]));
      for (const s of servers) if (s.reason) ctx.out.info(`${s.name}: ${s.state}: ${s.reason}`);
      ctx.out.info(plural(servers.length, 'server'));
    }
    return config.errors.length > 0 ? 1 : 0;
  },
});
