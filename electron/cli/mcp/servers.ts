// What the server commands share: starting servers of the shared runtime with a progress line per
// server on stderr as each settles, and a server's status in the words and JSON they print.
import { statusPhrase, type SandboxView, type ServerStatus } from '../../../shared/server-types';
import type { ServersService } from '../../core/host/services/servers';
import { CliError, EXIT, UsageError } from '../errors';
import { indent, plural, type Output } from '../output';

/** A status that will not change by itself (the start attempt has settled). */
export const settled = (s: ServerStatus) => s.status !== 'connecting';

/** The error line of a status, with its hint once (never the same advice twice). */
export function errorText(s: ServerStatus): string | null {
  if (!s.error) return null;
  const hint = s.error.hint && !s.error.message.includes(s.error.hint) ? ` (${s.error.hint})` : '';
  return `${s.error.message}${hint}`;
}

export function statusLine(s: ServerStatus): string {
  const mark = s.status === 'connected' ? '✓' : s.status === 'failed' ? '✕' : '•';
  const info = s.serverInfo ? ` ${s.serverInfo.name} ${s.serverInfo.version}` : '';
  const connected =
    s.status === 'connected'
      ? ` · ${plural(s.toolCount, 'tool')} · ${s.connectMs} ms · protocol ${s.protocolVersion}`
      : '';
  return `${mark} ${s.name} [${s.scope}] ${s.status}${info}${connected}`;
}

const TAIL_LINES = 15;
/** A stderr line that names a cause, as runtimes and servers write them. */
const CAUSE =
  /\b(error|exception|fatal|panic|traceback|cannot|can't|could not|failed|not found|no such|denied|refused|ENOENT|EACCES|EADDRINUSE|ECONNREFUSED)\b/i;

/**
 * The end of a stderr tail (its last 15 lines), headed by the first line that looks like an error
 * when that line is further up: a stack trace or a usage text would otherwise hide the cause.
 */
export function stderrExcerpt(tail: string): string {
  const lines = tail.trimEnd().split('\n');
  const last = lines.slice(-TAIL_LINES);
  const cause = lines.slice(0, -TAIL_LINES).find((l) => CAUSE.test(l));
  return [...(cause ? [cause, '…'] : []), ...last].join('\n');
}

/** Prints why a server is not usable: the error with its hint, and the stderr tail when it failed. */
export function printProblem(
  out: Output,
  s: ServerStatus,
  stderrTail: string,
  print: (text: string) => void = out.info,
): void {
  const error = errorText(s);
  if (error) print(indent(error));
  if (s.sandbox) print(indent(sandboxLine(s.sandbox)));
  if (s.status === 'failed' && stderrTail.trim())
    print(indent(`stderr:\n${indent(stderrExcerpt(stderrTail))}`));
}

/** "sandbox: on — can write only to …; blocked: api.example.com" */
export function sandboxLine(sandbox: SandboxView): string {
  const blocked = sandbox.blocked.length > 0 ? `; blocked: ${sandbox.blocked.join(', ')}` : '';
  return `sandbox: ${sandbox.state} — ${sandbox.summary}${blocked}`;
}

/** How startServers reports: a line per server, that line with its problem, or nothing. */
export type StartProgress = 'line' | 'line-and-problem' | 'none';

/**
 * Starts `names` (every configured server when absent) in parallel; prints one line per server on
 * stderr as it settles, so a slow one is visible while it is slow (unless `progress` is 'none':
 * a command that starts the one server it names says only its answer, or why the server failed).
 */
export async function startServers(
  servers: ServersService,
  out: Output,
  names?: string[],
  progressMode: StartProgress = 'line',
): Promise<ServerStatus[]> {
  const wanted = names ?? servers.statuses().map((s) => s.name);
  const shown = new Set<string>();
  const progress = (s: ServerStatus) => {
    if (progressMode === 'none') return;
    if (!wanted.includes(s.name) || !settled(s) || shown.has(s.name)) return;
    shown.add(s.name);
    out.warn(`  ${statusLine(s)}`);
    if (progressMode === 'line-and-problem')
      printProblem(out, s, s.stderrTail || servers.stderrTail(s.name), out.warn);
  };
  const off = servers.onStatus(progress);
  try {
    await servers.startServers(wanted);
  } finally {
    off();
  }
  const statuses = wanted
    .map((n) => servers.status(n))
    .filter((s): s is ServerStatus => s !== undefined);
  for (const s of statuses) progress(s);
  return statuses;
}

/** The configured server of that name, or a usage error that lists the configured ones (nothing starts). */
export function requireServer(servers: ServersService, name: string): ServerStatus {
  const status = servers.status(name);
  if (status) return status;
  const names = servers.statuses().map((s) => s.name);
  throw new UsageError(
    `No server named "${name}" is configured${names.length ? ` (configured: ${names.join(', ')})` : ''}. "lena mcp list" shows them; "lena mcp add" adds one.`,
    'unknown-server',
  );
}

/** A server that did not connect, as the error a command ends with. */
export function notConnected(servers: ServersService, s: ServerStatus): CliError {
  const tail = servers.stderrTail(s.name) || s.stderrTail;
  const lines = [
    `Server "${s.name}" ${statusPhrase(s.status)}${s.error ? `: ${errorText(s)}` : ''}`,
  ];
  if (s.status === 'failed' && tail.trim()) lines.push(`stderr:\n${indent(stderrExcerpt(tail))}`);
  return new CliError('server-not-connected', lines.join('\n'), EXIT.failed, {
    server: s.name,
    status: s.status,
    stderrTail: tail,
  });
}

/** The JSON form of a status (what doctor and tools print). */
export function statusJson(servers: ServersService, s: ServerStatus) {
  return {
    name: s.name,
    scope: s.scope,
    status: s.status,
    protocolVersion: s.protocolVersion,
    serverInfo: s.serverInfo,
    toolCount: s.toolCount,
    toolTokens: s.toolTokens,
    trusted: s.trusted,
    durationMs: s.connectMs,
    error: errorText(s),
    // OAuth: "required", "signed-in" (with the account) or "failed" with the step; null when none is needed.
    signIn: s.signIn ?? null,
    // A local server's sandbox: on, off or unavailable, what it may do, hosts it was refused.
    sandbox: s.sandbox ?? null,
    stderrTail: s.stderrTail || servers.stderrTail(s.name),
  };
}
