// `lena mcp doctor`: starts every server in parallel (a progress line per server on stderr as it
// settles) and reports status, tools, token cost, trust, errors and stderr.
import { registerCommand } from '../commands';
import { issueJson } from '../config-check';
import { EXIT } from '../errors';
import { plural } from '../output';
import { printProblem, startServers, statusJson, statusLine } from './servers';
import { moveLine } from '../../core/host/identity-migration';

registerCommand({
  path: ['mcp', 'doctor'],
  summary: 'start every server; status, tools, errors, stderr',
  usage: ['mcp doctor [--project DIR | --config FILE] [--json]'],
  description:
    "Starts every configured server in parallel, the way the window does, and stops them again.\nEach server's line appears on stderr as soon as it has connected or failed.",
  examples: [
    'lena mcp doctor',
    'lena mcp doctor --json | jq \'.servers[] | select(.status != "connected")\'',
  ],
  flags: [],
  positionals: [],
  configFlags: true,
  async run(ctx) {
    const { servers: service } = await ctx.services();
    const config = service.lastConfig();
    // In a terminal stdout and stderr are one screen: each server is shown once, as it settles,
    // with its problem; piped, stderr shows progress and stdout the whole report.
    const terminal = !ctx.out.json && process.stdout.isTTY && process.stderr.isTTY;
    const statuses = await startServers(
      service,
      ctx.out,
      undefined,
      terminal ? 'line-and-problem' : 'line',
    );
    // Ctrl-C ended the servers: their statuses say nothing about them.
    if (ctx.closing) return EXIT.interrupted;
    const servers = statuses.map((s) => statusJson(service, s));
    const connected = servers.filter((s) => s.status === 'connected');
    const toolCount = connected.reduce((n, s) => n + s.toolCount, 0);
    // Records an earlier version kept under a bare name, moved at this start to their user server.
    const recordMoves = service.recordMoves().map((m) => ({ ...m, message: moveLine(m) }));
    if (ctx.out.json)
      ctx.out.result({
        servers,
        toolCount,
        errors: (config?.errors ?? []).map(issueJson),
        ...(recordMoves.length > 0 ? { recordMoves } : {}),
      });
    else {
      for (const move of recordMoves) ctx.out.info(`moved: ${move.message}`);
      if (!terminal)
        for (const s of statuses) {
          ctx.out.info(statusLine(s));
          printProblem(ctx.out, s, statusJson(service, s).stderrTail);
        }
      ctx.out.info(`${plural(toolCount, 'tool')} from ${plural(connected.length, 'server')}`);
    }
    return servers.some((s) => s.status === 'failed') || (config?.errors.length ?? 0) > 0 ? 1 : 0;
  },
});
