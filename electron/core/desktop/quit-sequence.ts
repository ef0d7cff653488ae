// Quitting in order, each step bounded: a hung step is abandoned and a failing one is logged, and
// neither keeps Lena from exiting. The order matters: no new turns, then cancel the running tool
// calls, then stop the servers (in parallel), then close the database, then exit.

export interface QuitStep {
  name: string;
  /** The signal aborts when the step's time is up; a step should stop what it is doing. */
  run(signal: AbortSignal): Promise<void> | void;
  /** Overrides the sequence's per-step bound. */
  timeoutMs?: number;
}

export interface StepOutcome {
  name: string;
  status: 'ok' | 'failed' | 'timed-out';
  error?: string;
  ms: number;
}

export interface QuitOptions {
  /** The bound for each step that does not set its own. */
  timeoutMs: number;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

/** Runs `steps` one after another, each within its bound; never rejects. */
export async function quitSequence(
  steps: readonly QuitStep[],
  options: QuitOptions,
): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  for (const step of steps) {
    const outcome = await runStep(step, step.timeoutMs ?? options.timeoutMs);
    outcomes.push(outcome);
    if (outcome.status === 'ok') options.log?.('info', `Quit: ${step.name} (${outcome.ms} ms)`);
    else
      options.log?.(
        outcome.status === 'failed' ? 'error' : 'warn',
        `Quit: ${step.name} ${outcome.status}: ${outcome.error}`,
      );
  }
  return outcomes;
}

async function runStep(step: QuitStep, timeoutMs: number): Promise<StepOutcome> {
  const started = Date.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const result = await Promise.race([
      Promise.resolve().then(() => step.run(controller.signal)),
      timeout,
    ]);
    const ms = Date.now() - started;
    if (result === 'timeout') {
      controller.abort(new Error(`${step.name} took longer than ${timeoutMs} ms`));
      return { name: step.name, status: 'timed-out', error: `gave up after ${timeoutMs} ms`, ms };
    }
    return { name: step.name, status: 'ok', ms };
  } catch (err) {
    return {
      name: step.name,
      status: 'failed',
      error: err instanceof Error ? err.message : String(err),
      ms: Date.now() - started,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Bound for stopping every server (polite close, SIGTERM, then SIGKILL), as RELIABILITY.md 25 asks. */
export const SERVER_SHUTDOWN_MS = 5000;

/** What Lena's services expose to the quit sequence; the host connects them as they are built. */
export interface QuitHooks {
  stopAcceptingTurns(): Promise<void> | void;
  cancelToolCalls(signal: AbortSignal): Promise<void> | void;
  /** Stops every server in parallel, escalating to SIGKILL within `boundMs`. */
  shutdownServers(boundMs: number, signal: AbortSignal): Promise<void> | void;
  closeDatabase(): Promise<void> | void;
  /** Last: flush the log and leave the process (app.exit in main). */
  exit(): Promise<void> | void;
}

/** Lena's quit steps in their required order. */
export function lenaQuitSteps(hooks: QuitHooks): QuitStep[] {
  return [
    { name: 'stop accepting new turns', run: () => hooks.stopAcceptingTurns(), timeoutMs: 1000 },
    {
      name: 'cancel in-flight tool calls',
      run: (signal) => hooks.cancelToolCalls(signal),
      timeoutMs: 2000,
    },
    // The servers get their 5 s; the step's own bound adds a margin for SIGKILL to take effect.
    {
      name: 'shut servers down',
      run: (signal) => hooks.shutdownServers(SERVER_SHUTDOWN_MS, signal),
      timeoutMs: SERVER_SHUTDOWN_MS + 1500,
    },
    { name: 'close the database', run: () => hooks.closeDatabase(), timeoutMs: 3000 },
    { name: 'exit', run: () => hooks.exit(), timeoutMs: 1000 },
  ];
}

/** Closing the last window quits on Linux and Windows; on macOS the app stays in the dock. */
export function shouldQuitOnAllWindowsClosed(platform: NodeJS.Platform): boolean {
  return platform !== 'darwin';
}
