// The quit sequence's server step: ask the manager to stop every server, and if that has not
// finished within most of the bound, end whatever this run still has recorded (processes.json) by
// process group, so nothing outlives Lena even when a shutdown path hangs.
import { processStartTime } from '../base/process-info';
import type { ProcessRecords } from '../base/process-records';
import { shutdownGroups } from './shutdown-groups';

export interface ServerShutdownOptions {
  /** The manager's orderly shutdown (stdin close, SIGTERM, SIGKILL per transport). */
  stopAll: () => Promise<void>;
  records: ProcessRecords;
  boundMs: number;
  log?: (level: 'warn', message: string) => void;
}

/** Share of the bound the orderly shutdown gets before the recorded groups are ended directly. */
const ORDERLY_SHARE = 0.8;

export async function shutdownServers(options: ServerShutdownOptions): Promise<void> {
  const orderlyMs = Math.floor(options.boundMs * ORDERLY_SHARE);
  let timer: NodeJS.Timeout | undefined;
  const orderly = await Promise.race([
    options.stopAll().then(
      () => 'done' as const,
      (err: unknown) => {
        options.log?.(
          'warn',
          `Server shutdown failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        return 'failed' as const;
      },
    ),
    new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), orderlyMs))),
  ]);
  clearTimeout(timer);
  const recorded = await options.records.mine();
  // A leader with another start time means the pid now belongs to some other process: skip it.
  const starts = await Promise.all(recorded.map((r) => processStartTime(r.pid)));
  // Only groups the recorded process leads, as Lena spawns them (never someone else's group).
  const left = recorded.filter(
    (r, i) => r.pgid === r.pid && (starts[i] === undefined || starts[i] === r.startTime),
  );
  if (left.length === 0) return;
  if (orderly === 'late')
    options.log?.(
      'warn',
      `Server shutdown took over ${orderlyMs} ms; ending ${left.length} process group(s) directly.`,
    );
  const ends = await shutdownGroups(
    left.map((r) => ({ name: r.server, pgid: r.pgid })),
    options.boundMs - orderlyMs,
  );
  await Promise.all(
    left.filter((r) => ends.get(r.server) !== 'survived').map((r) => options.records.remove(r.pid)),
  );
}
