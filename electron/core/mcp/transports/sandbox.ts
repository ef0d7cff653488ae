// Wrapping a stdio server's spawn in the sandbox. The wrap (sandbox/session.ts) turns the entry's
// argv into bubblewrap's; the stdio transport spawns that, so the MCP pipes, process group,
// stderr drain, restart policy and orphan cleanup stay those of any stdio server. bubblewrap runs
// with --die-with-parent, so ending the group ends the server inside it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxPolicy } from '../../../../shared/server-config';
import { McpTransportError } from '../errors';
import type { TransportCallbacks } from '../transport';
import { ERROR_CODE } from '../../../../shared/result';
import { StdioTransport, type StdioOptions } from './stdio';
import { sandboxAvailability } from './sandbox/availability';
import { resolveSandbox, type ResolvedSandbox, type SandboxContext } from './sandbox/policy';
import { notice, wrapInSandbox, type SandboxRun } from './sandbox/session';

/** A stdio transport whose server runs in the sandbox; its sandbox is released when it ends. */
export class SandboxedStdioTransport extends StdioTransport {
  constructor(
    opts: StdioOptions,
    readonly sandbox: ResolvedSandbox,
    private readonly run: SandboxRun,
  ) {
    super(opts);
    for (const w of run.warnings) this.noteStderr(notice(w));
    run.onNotice((line) => this.noteStderr(line));
  }

  override async start(callbacks: TransportCallbacks): Promise<void> {
    try {
      await super.start({
        ...callbacks,
        onClose: (info) => {
          this.run.release();
          callbacks.onClose(info);
        },
      });
    } catch (e) {
      this.run.release();
      throw e;
    }
  }

  override async close(): Promise<void> {
    await super.close();
    this.run.release();
  }
}

/**
 * A transport that runs `opts` inside the sandbox `policy` asks for. Throws a transport error
 * with code `sandbox-unavailable` (what is missing, how to install it) where the sandbox cannot
 * run: the server is never started without it.
 */
export async function sandboxedStdio(
  opts: StdioOptions,
  policy: true | SandboxPolicy,
  ctx: Omit<SandboxContext, 'cwd' | 'tmpDir' | 'command'> & { path: string | undefined },
): Promise<SandboxedStdioTransport> {
  const available = sandboxAvailability(ctx.path);
  const unavailable = (reason: string, action: string) =>
    new McpTransportError(`${opts.command} was not started: ${reason}. ${action}.`, {
      code: ERROR_CODE.sandboxUnavailable,
    });
  if (!available.ok) throw unavailable(available.reason, available.action);
  const cwd = opts.cwd ?? process.cwd();
  const tmpDir = mkdtempSync(join(tmpdir(), 'lena-sandbox-'));
  const sandbox = resolveSandbox(policy, {
    ...ctx,
    cwd,
    tmpDir,
    command: opts.command,
    args: opts.args,
    env: { ...ctx.env, ...opts.env },
  });
  const argv = [opts.command, ...(opts.args ?? [])];
  const description = `stdio (sandboxed): ${argv.join(' ')}`;
  let run: SandboxRun;
  try {
    run = await wrapInSandbox(argv, sandbox.settings, cwd, description);
  } catch (e) {
    throw unavailable(
      `the sandbox could not be prepared (${e instanceof Error ? e.message : String(e)})`,
      'Check that bubblewrap, socat and ripgrep are installed, or run this server without the sandbox',
    );
  }
  return new SandboxedStdioTransport(
    {
      ...opts,
      command: run.argv[0],
      args: run.argv.slice(1),
      // TMPDIR is the server's private folder.
      env: { ...opts.env, ...sandbox.env, TMPDIR: tmpDir },
      description,
    },
    sandbox,
    run,
  );
}
