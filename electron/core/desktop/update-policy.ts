// When Lena looks for updates and what it tells the user. Updates are opt-in, only for packaged
// builds, and never installed in the middle of a turn: a downloaded update waits until Lena is idle.

/** Wait after start before the first check, so the check never competes with the app opening. */
export const FIRST_CHECK_DELAY_MS = 30_000;
export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface UpdatePolicyInput {
  optedIn: boolean;
  /** When the last check ran (ms since epoch), if ever. */
  lastCheck?: number;
  now: number;
  turnInProgress: boolean;
  isPackaged: boolean;
  /** True right after start: the first check waits at least FIRST_CHECK_DELAY_MS. */
  justStarted?: boolean;
}

export type UpdateSchedule = { check: 'never'; reason: string } | { check: 'in'; delayMs: number };

/** When the next update check should run. */
export function updatePolicy(input: UpdatePolicyInput): UpdateSchedule {
  if (!input.isPackaged)
    return { check: 'never', reason: 'Development builds do not update themselves.' };
  if (!input.optedIn)
    return { check: 'never', reason: 'Automatic updates are off (Settings → Updates).' };
  const due = input.lastCheck === undefined ? input.now : input.lastCheck + CHECK_INTERVAL_MS;
  // A clock set backwards must not postpone checks by more than one interval.
  let delayMs = Math.min(Math.max(0, due - input.now), CHECK_INTERVAL_MS);
  if (input.justStarted) delayMs = Math.max(delayMs, FIRST_CHECK_DELAY_MS);
  return { check: 'in', delayMs };
}

export type DownloadedDecision =
  | { action: 'prompt'; message: string; detail: string; buttons: ['Restart to update', 'Later'] }
  | { action: 'defer'; reason: string };

/** What to do once an update has been downloaded: ask to restart, or wait for the turn to end. */
export function downloadedDecision(
  version: string,
  state: { turnInProgress: boolean },
): DownloadedDecision {
  if (state.turnInProgress) {
    return {
      action: 'defer',
      reason: 'A turn is in progress; the update waits until Lena is idle.',
    };
  }
  return {
    action: 'prompt',
    message: `Lena ${version} is ready to install.`,
    detail: 'Restart to update now, or the update is installed the next time you quit Lena.',
    buttons: ['Restart to update', 'Later'],
  };
}
