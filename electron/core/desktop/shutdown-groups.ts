// Stopping a set of server process groups in parallel within one bound: close stdin (the MCP way
// to ask a stdio server to leave), then SIGTERM, then SIGKILL, so every descendant is gone in time.
import { endProcessGroup, type GroupEnd } from '../base/process-group';

export interface RunningGroup {
  name: string;
  pgid: number;
  /** Closes the server's stdin; absent for groups Lena no longer has a pipe to. */
  closeStdin?: () => void;
}

/**
 * Ends every group in parallel within `boundMs`: a fifth of it for the polite stdin close, most of
 * the rest for SIGTERM's grace, then SIGKILL and a last short wait for the kernel to reap.
 */
export async function shutdownGroups(
  groups: readonly RunningGroup[],
  boundMs: number,
): Promise<Map<string, GroupEnd>> {
  const politeMs = Math.floor(boundMs / 5);
  const killWaitMs = Math.min(1000, politeMs);
  const graceMs = Math.max(0, boundMs - politeMs - killWaitMs);
  const results = await Promise.all(
    groups.map(async (group) => {
      const end = await endProcessGroup(group.pgid, {
        polite: group.closeStdin,
        politeMs: group.closeStdin ? politeMs : 0,
        graceMs,
        killWaitMs,
      });
      return [group.name, end] as const;
    }),
  );
  return new Map(results);
}
