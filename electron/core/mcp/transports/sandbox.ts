// Wrapping a stdio server's spawn in the sandbox. The result is ordinary StdioOptions: the stdio
// transport spawns the launcher (launcher-source.ts) in place of the server, so the MCP pipes,
// process group, stderr drain, restart policy and orphan cleanup stay those of any stdio server.
// The launcher leads the group; bubblewrap runs with --die-with-parent, so ending the group ends
// the server inside it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SandboxPolicy } from '../../../../shared/server-config';
import { McpTransportError } from '../errors';
import type { StdioOptions } from './stdio';
import { sandboxAvailability } from './sandbox/availability';
import { LAUNCHER_SOURCE } from './sandbox/launcher-source';
import { resolveSandbox, type ResolvedSandbox, type SandboxContext } from './sandbox/policy';

export interface SandboxedSpawn {
  options: StdioOptions;
  sandbox: ResolvedSandbox;
}

/**
 * The StdioOptions that run `opts` inside the sandbox `policy` asks for. Throws a transport error
 * with code `sandbox-unavailable` (what is missing, how to install it) where the sandbox cannot
 * run: the server is never started without it.
 */
export function sandboxedStdio(
  opts: StdioOptions,
  policy: true | SandboxPolicy,
  ctx: Omit<SandboxContext, 'cwd' | 'tmpDir' | 'command'> & { path: string | undefined },
): SandboxedSpawn {
  const available = sandboxAvailability(ctx.path);
  if (!available.ok)
    throw new McpTransportError(
      `${opts.command} was not started: ${available.reason}. ${available.action}.`,
      { code: 'sandbox-unavailable' },
    );
  const cwd = opts.cwd ?? process.cwd();
  const tmpDir = mkdtempSync(join(tmpdir(), 'lena-sandbox-'));
  const sandbox = resolveSandbox(policy, { ...ctx, cwd, tmpDir, command: opts.command });
  const library = require.resolve('@anthropic-ai/sandbox-runtime');
  const quote = join(dirname(library), 'utils', 'shell-quote.js');
  return {
    sandbox,
    options: {
      ...opts,
      command: process.execPath,
      args: [
        '--input-type=module',
        '-e',
        LAUNCHER_SOURCE,
        library,
        quote,
        JSON.stringify(sandbox.settings),
        opts.command,
        ...(opts.args ?? []),
      ],
      // Electron's binary runs the launcher as plain Node; TMPDIR is the server's private folder.
      env: { ...opts.env, ELECTRON_RUN_AS_NODE: '1', TMPDIR: tmpDir },
      description: `stdio (sandboxed): ${[opts.command, ...(opts.args ?? [])].join(' ')}`,
    },
  };
}
