// A local server's sandbox as the server page and `lena mcp doctor` show it: whether it runs in
// one, one sentence of what it may do, and the hosts its proxy refused (read back from the
// `lena-sandbox:` notices in the server's log).
import type { ServerEntry } from '../../../../shared/server-config';
import type { SandboxView, ServerState } from '../../../../shared/server-types';
import { ERROR_CODE } from '../../../../shared/result';
import type { McpManager } from '../../mcp/manager/manager';
import { noticesIn, refusedHost } from '../../mcp/transports/sandbox/notices';
import { describeSandbox } from '../../mcp/transports/sandbox/describe';
import { preinstallArgv, runnerOf } from '../../mcp/transports/sandbox/package-runners';

const MAX_BLOCKED = 10;

/**
 * The sandbox view of a server's state; null for remote servers and unsandboxed user servers.
 * `choiceAt`: when the user unticked "Run in the sandbox" approving this project entry.
 */
export function sandboxView(
  state: ServerState,
  entry: ServerEntry | null,
  choiceAt: string | null = null,
  preinstalledAt: string | null = null,
): SandboxView | null {
  if (!entry || typeof entry.url === 'string') return null;
  if (state.transport !== null && state.transport !== 'stdio') return null;
  if (choiceAt !== null && entry.sandbox === undefined && state.scope === 'project')
    return {
      state: 'off',
      summary: `runs without sandbox: your choice on ${choiceAt.slice(0, 10)}`,
      blocked: [],
      choiceAt,
    };
  const policy = entry.sandbox ?? (state.scope === 'project' ? true : undefined);
  if (policy === undefined) return null;
  if (policy === false)
    return {
      state: 'off',
      summary: 'runs without the sandbox: it has your own rights to files and the network',
      blocked: [],
    };
  const unavailable = state.error?.code === ERROR_CODE.sandboxUnavailable;
  const runner = runnerOf(entry.command ?? '');
  return {
    state: unavailable ? 'unavailable' : 'on',
    summary: describeSandbox(policy),
    blocked: blockedHosts(state.stderrTail),
    ...(runner
      ? {
          runner: {
            name: runner,
            preinstalledAt,
            note:
              preinstalledAt === null
                ? `${runner} may write its cache and reach its registry (${runner === 'npx' ? 'registry.npmjs.org' : 'pypi.org, files.pythonhosted.org'}); Pre-install removes both`
                : `pre-installed on ${preinstalledAt.slice(0, 10)}: ${runner} runs offline from its cache and reaches no registry`,
            preinstall: shown(preinstallArgv(entry.command!, entry.args ?? [])),
          },
        }
      : {}),
  };
}

/** What a running sandboxed server may do, for the permission question; null when not sandboxed. */
export function sandboxSummary(
  manager: Pick<McpManager, 'status' | 'session'>,
  server: string,
): string | null {
  const state = manager.status(server);
  if (!state) return null;
  const session = manager.session(server);
  const view = sandboxView(
    state,
    session?.configured.entry ?? state.entry,
    session?.sandboxOffAt ?? null,
  );
  return view?.state === 'on' ? `sandboxed: ${view.summary}` : null;
}

/** A command line as the user would type it (an empty or spaced argument quoted). */
const shown = (argv: string[] | null) =>
  argv
    ?.map((a) => (a === '' || /[\s'"]/.test(a) ? `'${a.replace(/'/g, `'\\''`)}'` : a))
    .join(' ') ?? null;

function blockedHosts(stderrTail: string): string[] {
  const hosts = noticesIn(stderrTail)
    .map(refusedHost)
    .filter((h): h is string => h !== undefined);
  const recentLast = [...new Set(hosts.reverse())].reverse();
  return recentLast.slice(-MAX_BLOCKED);
}
