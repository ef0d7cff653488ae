// `lena chat`: the configured servers start in parallel while the user watches. One progress line
// per server on stderr (a single updating line on a terminal); the turn begins when every server
// has settled or the start deadline passes, whichever is first. A server still starting then joins
// the chat when it is ready (its tools are offered from the next round). Every server that is not
// available is named with its reason before the first answer.
import type { ServerStatus } from '../../shared/server-types';
import type { ServersService } from '../core/host/services/servers';
import { terminalText } from './output';

/** One server as `lena chat --json` reports it in `servers`. */
export interface ServerStartReport {
  name: string;
  /** ready, failed, still-starting (joins when ready), or held (disabled, needs approval, skipped). */
  state: 'ready' | 'failed' | 'still-starting' | 'disabled' | 'needs-approval' | 'skipped';
  tools: number;
  /** How long the start took, for a ready server. */
  ms: number | null;
  /** Why the server is not available (absent for a ready one). */
  reason?: string;
}

export interface StartProgress {
  /** Progress lines; one updating line when the stream is a terminal. */
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  /** Seconds to wait for the servers before the turn begins. */
  deadlineSeconds: number;
  /** Milliseconds of the deadline already spent before the servers were started (the command's own start). */
  spentMs?: number;
}

const settled = (s: ServerStatus) => s.status !== 'connecting';

function reasonOf(s: ServerStatus, deadlineSeconds: number): string | undefined {
  switch (s.status) {
    case 'connected':
      return undefined;
    case 'connecting':
      return `still starting after ${deadlineSeconds} s; its tools join this chat when it is ready`;
    case 'disabled':
      return 'disabled in its entry ("disabled": true)';
    case 'needs-approval':
      return `a project server not approved yet: approve it with \`lena mcp approve ${s.name}\``;
    default: {
      const why = s.error?.message ?? s.issues.map((i) => i.message).join('; ');
      // The window's hint points at the stderr shown below the status; here its last line is said.
      const hint = s.error?.hint && !/below/.test(s.error.hint) ? ` (${s.error.hint})` : '';
      const said = s.stderrTail.trim().split('\n').at(-1);
      return `${why || s.status}${hint}${said ? `; its last words on stderr: ${said}` : ''}`;
    }
  }
}

function stateOf(s: ServerStatus): ServerStartReport['state'] {
  switch (s.status) {
    case 'connected':
      return 'ready';
    case 'connecting':
      return 'still-starting';
    default:
      return s.status;
  }
}

/** What each server came to, for the notices and `--json`. */
export function startReports(
  statuses: ServerStatus[],
  deadlineSeconds: number,
): ServerStartReport[] {
  return statuses.map((s) => {
    const reason = reasonOf(s, deadlineSeconds);
    return {
      name: s.name,
      state: stateOf(s),
      tools: s.status === 'connected' ? s.toolCount : 0,
      ms: s.status === 'connected' ? s.connectMs : null,
      ...(reason ? { reason } : {}),
    };
  });
}

function lineOf(s: ServerStatus): string {
  if (s.status === 'connected')
    return `${s.name} ready (${s.toolCount} tool${s.toolCount === 1 ? '' : 's'}, ${s.connectMs ?? 0} ms)`;
  if (s.status === 'connecting') return `${s.name} starting…`;
  return `${s.name} ${s.status === 'failed' ? 'failed' : s.status}`;
}

/**
 * Starts every configured server and resolves when each has settled or the deadline has passed;
 * returns what each came to. Servers still starting keep starting: `onJoin` hears when one is ready.
 */
// Long: one listener serves the progress display, the deadline and the late joins.
export async function startWithDeadline(
  servers: ServersService,
  progress: StartProgress,
  onJoin: (status: ServerStatus) => void,
): Promise<ServerStartReport[]> {
  const names = servers.statuses().map((s) => s.name);
  if (names.length === 0) return [];
  const tty = progress.stream.isTTY === true;
  const write = (text: string) => progress.stream.write(text);
  let waiting = true;
  const printed = new Set<string>();
  const redraw = () => {
    const all = servers.statuses();
    const done = all.filter(settled).length;
    // Lena's own control sequences (return, clear line) around names made terminal-safe.
    write(
      `\r\x1b[Klena: starting servers (${done}/${all.length}): ${terminalText(all.map(lineOf).join(', '))}`,
    );
  };
  const note = (s: ServerStatus) => {
    if (!waiting) {
      if (s.status === 'connected' && !printed.has(s.name)) {
        printed.add(s.name);
        onJoin(s);
      }
      return;
    }
    if (tty) return redraw();
    if (settled(s) && !printed.has(s.name)) {
      printed.add(s.name);
      write(terminalText(`lena: ${lineOf(s)}\n`));
    }
  };
  if (tty) redraw();
  else write(terminalText(`lena: starting ${names.length} server(s): ${names.join(', ')}\n`));
  const unsubscribe = servers.onStatus(note);
  const all = servers.startServers(names).catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    all,
    new Promise<void>(
      (r) =>
        (timer = setTimeout(
          r,
          Math.max(0, progress.deadlineSeconds * 1000 - (progress.spentMs ?? 0)),
        )),
    ),
  ]);
  clearTimeout(timer);
  waiting = false;
  if (tty) write('\r\x1b[K');
  const statuses = servers.statuses();
  for (const s of statuses) if (s.status === 'connected') printed.add(s.name);
  if (statuses.every(settled)) unsubscribe();
  else void all.then(unsubscribe);
  return startReports(statuses, progress.deadlineSeconds);
}

/** The notice lines said before the first answer: every server not available, with its reason. */
export function unavailableLines(reports: ServerStartReport[]): string[] {
  return reports
    .filter((r) => r.reason)
    .map((r) => `lena: ${r.name} is not available: ${r.reason}`);
}
