// `lena mcp tools [SERVER]`: the tools Claude sees, by qualified name, with each input schema in
// one readable line (full JSON, output schema and annotations with --json). With a name only that
// server starts; without, all start in parallel with progress on stderr.
import type { ToolInfo } from '../../../shared/server-types';
import type { RegisteredTool } from '../../core/mcp/registry/registry';
import { registerCommand, VERBOSE_FLAG } from '../commands';
import { EXIT } from '../errors';
import { indent, plural } from '../output';
import { errorText, requireServer, startServers } from './servers';
import { schemaSignature } from './schema-text';

/**
 * A tool as `--json` gives it: the servers page's view (names, schema, annotations, token cost,
 * switch, `pin`: accepted, changed or new and held, rejected) plus the output schema.
 */
function toolJson(view: ToolInfo, r: RegisteredTool | undefined) {
  return { ...view, outputSchema: r?.tool.outputSchema ?? null };
}

registerCommand({
  path: ['mcp', 'tools'],
  summary: 'the tools Claude sees, with their input schemas',
  usage: ['mcp tools [SERVER] [--project DIR | --config FILE] [--json]'],
  description:
    'Lists each tool by the qualified name Claude calls it (and `lena mcp call` accepts), its\ndescription and its arguments ("name?" is optional). --json adds the full input and output\nschemas and the annotations.',
  examples: ['lena mcp tools fs', "lena mcp tools --json | jq '.tools[].qualifiedName'"],
  flags: [VERBOSE_FLAG],
  positionals: [{ name: 'SERVER', optional: true }],
  configFlags: true,
  async run(ctx, args) {
    const { servers } = await ctx.services();
    const only = args.positionals[0];
    if (only) requireServer(servers, only);
    // One named server: its tools (or why it failed) are the answer; all of them: a line each as they settle.
    const statuses = await startServers(
      servers,
      ctx.out,
      only ? [only] : undefined,
      only && !args.bools.has('--verbose') ? 'none' : 'line',
    );
    if (ctx.closing) return EXIT.interrupted;
    const rows = servers.registered(only);
    const problems = statuses.filter((s) => s.status !== 'connected');
    if (ctx.out.json) {
      ctx.out.result({
        tools: servers.tools(only).map((view) =>
          toolJson(
            view,
            rows.find((r) => r.qualifiedName === view.qualifiedName),
          ),
        ),
        servers: statuses.map((s) => ({
          name: s.name,
          status: s.status,
          toolCount: s.toolCount,
          error: errorText(s),
        })),
      });
    } else {
      const views = servers.tools(only);
      for (const r of rows) {
        const title = r.tool.title ?? r.tool.annotations?.title;
        const pin = views.find((v) => v.qualifiedName === r.qualifiedName)?.pin;
        ctx.out.info(
          `${r.qualifiedName}${title ? `  (${title})` : ''}${r.enabled ? '' : '  [disabled in settings]'}${pinMark(pin, r.server, r.tool.name)}`,
        );
        ctx.out.info(indent(clip((r.tool.description || '(no description)').split('\n')[0], 160)));
        ctx.out.info(indent(`arguments: ${schemaSignature(r.tool.inputSchema)}`));
      }
      ctx.out.info(plural(rows.length, 'tool'));
    }
    // Skipped, held and failed servers say why (an unset ${VAR}, approval, the error).
    for (const s of problems)
      ctx.out.warn(`${s.name}: ${s.status}${s.error ? `: ${errorText(s)}` : ''}`);
    return problems.some((s) => s.status === 'failed') || (only && problems.length > 0)
      ? EXIT.failed
      : EXIT.ok;
  },
});

/** The held marker of the one tool view: a tool Claude is not offered until accepted. */
function pinMark(pin: ToolInfo['pin'] | undefined, server: string, tool: string): string {
  if (pin === 'changed' || pin === 'new')
    return `  [held: ${pin === 'new' ? 'new' : 'changed'}, not offered to Claude; lena mcp accept ${server} ${tool}]`;
  return pin === 'rejected' ? '  [rejected: not offered to Claude]' : '';
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
