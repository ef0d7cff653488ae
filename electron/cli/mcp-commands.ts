// `lena mcp …`: list, doctor, tools, call, add, remove, import-claude-desktop, approve,
// reset-approvals. Every wait is bounded; `--json` prints one object on stdout.
import { entryHash } from '../core/mcp/config/identity';
import { importClaudeDesktop } from '../core/mcp/config/claude-desktop';
import { addServer, removeServer } from '../core/mcp/config/write';
import { validateServerEntry } from '../../shared/config/server-entry-schema';
import type { McpManager } from '../core/mcp/manager/manager';
import { ToolRegistry } from '../core/mcp/registry/registry';
import { ConfigLoader } from '../core/mcp/config/loader';
import { approvalRequest, describeApproval } from '../core/permissions/project-approval';
import type { ServerEntry } from '../../shared/server-config';
import { flag, flags, headerValues, keyValues, UsageError, type ParsedArgs } from './args';
import { AUTH_COMMANDS, signInNote } from './auth-commands';
import type { CliContext } from './context';
import { indent, table } from './output';

type Command = (ctx: CliContext, args: ParsedArgs) => Promise<number>;

async function withManager<T>(ctx: CliContext, work: (m: McpManager) => Promise<T>): Promise<T> {
  const manager = await ctx.manager();
  try {
    return await work(manager);
  } finally {
    await manager.shutdown();
  }
}

const list: Command = async (ctx) => {
  // Configuration only: nothing is started.
  const config = await new ConfigLoader(ctx.sources).load();
  const servers = await Promise.all(config.servers.map(async (s) => ({
    name: s.name,
    scope: s.scope,
    transport: s.transport ?? null,
    command: s.entry?.command ? [s.entry.command, ...(s.entry.args ?? [])].join(' ') : null,
    url: s.entry?.url ?? null,
    disabled: s.disabled,
    shadowed: s.shadowed.map((x) => x.scope),
    issues: s.issues.map((i) => i.message),
    signIn: s.entry?.url ? await signInNote(ctx, s.name, s.entry.url) : null,
  })));
  if (ctx.out.json) ctx.out.result({ servers, errors: config.errors.map((e) => e.message) });
  else {
    if (servers.length === 0) ctx.out.info('No MCP servers configured. Add one with: lena mcp add NAME -- COMMAND [ARGS…]');
    else ctx.out.info(table([['NAME', 'SCOPE', 'TRANSPORT', 'TARGET'], ...servers.map((s) => [s.name + (s.disabled ? ' (disabled)' : ''), s.scope + (s.shadowed.length ? ` (over ${s.shadowed.join(', ')})` : ''), s.transport ?? '-', (s.command ?? s.url ?? '-') + (s.signIn ? ` (${s.signIn})` : '')])]));
    for (const e of config.errors) ctx.out.warn(`error: ${e.message}`);
  }
  return config.errors.length > 0 ? 1 : 0;
};

const doctor: Command = async (ctx) =>
  withManager(ctx, async (manager) => {
    const config = await manager.start();
    const statuses = manager.statuses();
    const servers = statuses.map((s) => ({
      name: s.name,
      scope: s.scope,
      status: s.status,
      protocolVersion: s.protocolVersion,
      serverInfo: s.serverInfo,
      toolCount: s.toolCount,
      durationMs: s.connectMs,
      error: s.error ? (s.error.hint ? `${s.error.message} (${s.error.hint})` : s.error.message) : null,
      signIn: s.signIn ?? null,
      stderrTail: s.stderrTail || manager.session(s.name)?.stderrTail() || '',
    }));
    const toolCount = servers.reduce((n, s) => n + (s.status === 'connected' ? s.toolCount : 0), 0);
    const connected = servers.filter((s) => s.status === 'connected').length;
    if (ctx.out.json) ctx.out.result({ servers, toolCount, errors: config.errors.map((e) => e.message) });
    else {
      for (const s of servers) {
        const mark = s.status === 'connected' ? '✓' : s.status === 'failed' ? '✕' : '•';
        const info = s.serverInfo ? ` ${s.serverInfo.name} ${s.serverInfo.version}` : '';
        ctx.out.info(`${mark} ${s.name} [${s.scope}] ${s.status}${info}${s.status === 'connected' ? ` · ${s.toolCount} tools · ${s.durationMs} ms · protocol ${s.protocolVersion}` : ''}`);
        if (s.error) ctx.out.info(indent(s.error));
        if (s.status === 'failed' && s.stderrTail.trim()) ctx.out.info(indent(`stderr:\n${indent(s.stderrTail.trimEnd().split('\n').slice(-15).join('\n'))}`));
      }
      for (const e of config.errors) ctx.out.warn(`error: ${e.message}`);
      ctx.out.info(`${toolCount} tools from ${connected} servers`);
    }
    return servers.some((s) => s.status === 'failed') || config.errors.length > 0 ? 1 : 0;
  });

const tools: Command = async (ctx, args) =>
  withManager(ctx, async (manager) => {
    await manager.start();
    const only = args.positionals[0];
    if (only && !manager.status(only)) throw new UsageError(`No server named "${only}" is configured.`);
    const registry = new ToolRegistry();
    for (const [server, list] of manager.tools()) registry.setServerTools(server, list);
    const rows = registry
      .tools(only)
      .map((r) => ({ server: r.server, name: r.tool.name, qualifiedName: r.qualifiedName, title: r.tool.title ?? r.tool.annotations?.title ?? null, description: r.tool.description ?? '', annotations: r.tool.annotations ?? {}, tokens: r.tokens }));
    if (ctx.out.json) ctx.out.result({ tools: rows });
    else {
      for (const r of rows) ctx.out.info(`${r.qualifiedName}\n${indent((r.description || '(no description)').split('\n')[0])}`);
      ctx.out.info(`${rows.length} tools`);
      for (const s of manager.statuses().filter((s) => s.status === 'failed' && (!only || s.name === only))) ctx.out.warn(`${s.name}: ${s.error?.message}`);
    }
    return 0;
  });

const call: Command = async (ctx, args) => {
  const [first, second, third] = args.positionals;
  if (!first) throw new UsageError('usage: lena mcp call SERVER TOOL [JSON] (or a qualified name mcp__SERVER__TOOL)');
  let server = first;
  let tool = second;
  let json = third;
  const qualified = /^mcp__([A-Za-z0-9_-]+?)__(.+)$/.exec(first);
  if (qualified) [server, tool, json] = [qualified[1], qualified[2], second];
  if (!tool) throw new UsageError('usage: lena mcp call SERVER TOOL [JSON]');
  let input: Record<string, unknown> = {};
  if (json !== undefined) {
    try {
      input = JSON.parse(json);
    } catch (e) {
      throw new UsageError(`the arguments are not valid JSON: ${(e as Error).message}`);
    }
    if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new UsageError('the arguments must be a JSON object, e.g. \'{"path": "notes.md"}\'');
  }
  return withManager(ctx, async (manager) => {
    await manager.start();
    const status = manager.status(server);
    if (!status) throw new UsageError(`No server named "${server}" is configured.`);
    if (status.status !== 'connected') {
      const message = `Server "${server}" is ${status.status}${status.error ? `: ${status.error.message}` : ''}`;
      if (ctx.out.json) ctx.out.result({ error: { message } });
      else ctx.out.warn(message);
      return 1;
    }
    const started = Date.now();
    try {
      const result = await manager.callTool(server, tool, input, {});
      const durationMs = Date.now() - started;
      if (ctx.out.json) ctx.out.result({ isError: result.isError === true, content: result.content, structuredContent: result.structuredContent, durationMs });
      else {
        for (const block of result.content) ctx.out.info(block.type === 'text' ? block.text : `[${block.type}${'mimeType' in block ? ` ${block.mimeType}` : ''}]`);
        if (result.isError) ctx.out.warn(`(the tool reported an error; ${durationMs} ms)`);
      }
      return result.isError ? 1 : 0;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (ctx.out.json) ctx.out.result({ error: { message } });
      else ctx.out.warn(`error: ${message}`);
      return 1;
    }
  });
};

const add: Command = async (ctx, args) => {
  const transport = flag(args, '--transport');
  const [name, url] = args.positionals;
  if (!name) throw new UsageError('usage: lena mcp add NAME [-e KEY=VALUE]… -- COMMAND [ARGS…]  or  lena mcp add --transport http|sse NAME URL [-H "Header: value"]…');
  let entry: ServerEntry;
  if (transport) {
    if (transport !== 'http' && transport !== 'sse') throw new UsageError(`--transport must be http or sse, not "${transport}"`);
    if (!url) throw new UsageError(`usage: lena mcp add --transport ${transport} NAME URL`);
    const headers = headerValues(flags(args, '-H', '--header'));
    entry = { type: transport, url, ...(Object.keys(headers).length ? { headers } : {}) };
  } else {
    const [command, ...rest] = args.rest;
    if (!command) throw new UsageError('give the server command after "--", e.g. lena mcp add fs -- npx -y @modelcontextprotocol/server-filesystem ~/notes');
    const env = keyValues(flags(args, '-e', '--env'), 'environment variable');
    entry = { command, ...(rest.length ? { args: rest } : {}), ...(Object.keys(env).length ? { env } : {}) };
  }
  const check = validateServerEntry(ctx.writeTarget, name, entry);
  if (!check.ok) throw new UsageError(check.issues.map((i) => i.message).join('\n'));
  await addServer(ctx.writeTarget, name, check.entry);
  if (ctx.out.json) ctx.out.result({ added: name, file: ctx.writeTarget, entry: check.entry });
  else ctx.out.info(`Added "${name}" to ${ctx.writeTarget}. Check it with: lena mcp doctor`);
  return 0;
};

const remove: Command = async (ctx, args) => {
  const [name] = args.positionals;
  if (!name) throw new UsageError('usage: lena mcp remove NAME');
  await removeServer(ctx.writeTarget, name);
  if (ctx.out.json) ctx.out.result({ removed: name, file: ctx.writeTarget });
  else ctx.out.info(`Removed "${name}" from ${ctx.writeTarget}.`);
  return 0;
};

const importDesktop: Command = async (ctx) => {
  const report = await importClaudeDesktop(ctx.writeTarget);
  if (ctx.out.json) ctx.out.result(report);
  else {
    ctx.out.info(`From ${report.source}: added ${report.added.length ? report.added.join(', ') : 'nothing'}.`);
    for (const s of report.skipped) ctx.out.info(`  skipped ${s.name}: ${s.reason}`);
    for (const s of report.invalid) ctx.out.warn(`  invalid ${s.name}: ${s.reason}`);
  }
  return report.invalid.length ? 1 : 0;
};

const approve: Command = async (ctx, args) => {
  const [name] = args.positionals;
  if (!name || !ctx.projectDir) throw new UsageError('usage: lena mcp approve NAME --project DIR');
  const config = await new ConfigLoader(ctx.sources).load();
  const server = config.servers.find((s) => s.name === name);
  if (!server || server.scope !== 'project' || !server.entry) throw new UsageError(`"${name}" is not a server of the project at ${ctx.projectDir}.`);
  const hash = entryHash(server.entry);
  const request = approvalRequest(name, server.entry, hash);
  await (await ctx.approvals()).approve(ctx.projectDir, name, hash);
  if (ctx.out.json) ctx.out.result({ approved: request });
  else ctx.out.info(`Approved for ${ctx.projectDir}:\n${describeApproval(request)}`);
  return 0;
};

const resetApprovals: Command = async (ctx) => {
  const dropped = await (await ctx.approvals()).reset(ctx.projectDir);
  if (ctx.out.json) ctx.out.result({ reset: dropped });
  else ctx.out.info(`Forgot ${dropped} approval${dropped === 1 ? '' : 's'}${ctx.projectDir ? ` for ${ctx.projectDir}` : ''}.`);
  return 0;
};

export const MCP_COMMANDS: Record<string, Command> = {
  list,
  doctor,
  tools,
  call,
  add,
  remove,
  'import-claude-desktop': importDesktop,
  approve,
  'reset-approvals': resetApprovals,
  ...AUTH_COMMANDS, // login, logout (OAuth)
};
