// What a server's failure does to its status: failed for good (a permanent failure, or no
// restarts for this front end), given up after a crash loop, or failed with a restart scheduled.
// The failure keeps its code and data: the policy and the hint decide by them, never by the words.
import type { ConfiguredServer } from '../../../../shared/server-config';
import type { ServerError, ServerState } from '../../../../shared/server-types';
import { errorInfo, type ErrorInfo, ERROR_CODE } from '../../../../shared/result';
import { hintFor, type HintContext } from './hints';
import { isPermanentFailure, type RestartPolicy } from './restart-policy';

export interface FailureContext {
  policy: RestartPolicy;
  now: number;
  autoRestart: boolean;
  entry: ConfiguredServer['entry'];
  /** Restarts so far (the status counts them). */
  restarts: number;
}

/** The status after `failure`, and when to start again (undefined: no restart). */
export function afterFailure(
  failure: ErrorInfo,
  stderrTail: string,
  uptimeMs: number,
  ctx: FailureContext,
): { patch: Partial<ServerState>; restartInMs?: number } {
  const hints = hintContext(ctx.entry);
  const error = withHint(failure, hintFor(failure, stderrTail, hints));
  if (isPermanentFailure(failure) || !ctx.autoRestart)
    return { patch: { status: 'failed', error, stderrTail } };
  const verdict = ctx.policy.onExit(ctx.now, uptimeMs);
  if (verdict.action === 'give-up') {
    const loop = errorInfo(
      ERROR_CODE.crashLoop,
      `${verdict.message} (last error: ${failure.message})`,
      {
        data: failure.data,
      },
    );
    return {
      patch: {
        status: 'failed',
        error: withHint(loop, hintFor(loop, stderrTail, hints)),
        stderrTail,
      },
    };
  }
  const seconds = Math.max(1, Math.round(verdict.delayMs / 1000));
  // One status: "restarting in N s" is the status while the timer runs (the window shows it in
  // place of "Failed"); the error says only what went wrong.
  return {
    patch: {
      status: 'failed',
      error,
      restart: { at: ctx.now + verdict.delayMs, attempt: verdict.attempt, seconds },
      stderrTail,
      restarts: ctx.restarts + 1,
    },
    restartInMs: verdict.delayMs,
  };
}

function hintContext(entry: ConfiguredServer['entry']): HintContext {
  return entry?.command ? { commandLine: [entry.command, ...(entry.args ?? [])].join(' ') } : {};
}

/** The error with its hint, when there is one (no `hint: undefined` member). */
function withHint(error: ErrorInfo, hint: string | undefined): ServerError {
  return hint === undefined ? error : { ...error, hint };
}
