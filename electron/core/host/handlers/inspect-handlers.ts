// The servers page as an inspector (issue 16): the Logs tab's rows and bodies from host/views, and
// a tool run by hand from the Tools tab through the same permission gate as the model's calls, its
// progress sent to the window as servers:run-progressed.
import { LenaError, ERROR_CODE } from '../../../../shared/result';
import type { RunToolResult } from '../../../../shared/inspector-types';
import type { Handlers } from '../dispatch';
import type { HostEvents } from '../events';
import type { HostServices } from '../services';

type InspectHandlers = Pick<
  Handlers,
  'servers:log-view' | 'servers:log-body' | 'servers:run-tool' | 'servers:cancel-run'
>;

/** The conversation id a by-hand call is checked under: no chat's "allow for this conversation" applies to it. */
const BY_HAND_CONVERSATION = 'servers-page';

// Long: one handler per inspector channel, in one typed object over the runs they share.
export function inspectHandlers(
  get: () => Promise<HostServices>,
  events: HostEvents,
): InspectHandlers {
  /** Runs by hand still in progress, by the window's run id, for Cancel. */
  const runs = new Map<string, AbortController>();
  return {
    'servers:log-view': async ({ name, after }) => (await get()).logs.page(name, after ?? 0),
    'servers:log-body': async ({ name, seq }) => (await get()).logs.body(name, seq),
    'servers:cancel-run': ({ runId }) => {
      const run = runs.get(runId);
      run?.abort('Cancelled on the servers page');
      return run !== undefined;
    },
    // Long: a call by hand passes the model's gate, caps and conversion, step by step.
    'servers:run-tool': async ({
      server,
      tool,
      arguments: args,
      runId,
    }): Promise<RunToolResult> => {
      const { servers, logs } = await get();
      const registered = servers.tool(server, tool);
      if (!registered)
        throw new LenaError(
          ERROR_CODE.notFound,
          `"${server}" has no tool named "${tool}" right now; connect the server and pick one of the tools it lists.`,
        );
      const auth = await servers.admitByHand('by-hand', BY_HAND_CONVERSATION, registered, args);
      const audit = auth.audit;
      logs.note(
        server,
        `${tool} ${audit.decision === 'allow' ? 'run by hand' : `refused (${audit.decidedBy})`}`,
      );
      if (auth.outcome === 'deny')
        return {
          outcome: 'denied',
          result: null,
          message: auth.message,
          audit,
          durationMs: null,
        };
      const check = await servers.validateArguments(registered.qualifiedName, args);
      if (!check.ok)
        return {
          outcome: 'error',
          result: null,
          message: `The arguments do not match the tool's input schema: ${check.message}`,
          audit,
          durationMs: null,
        };
      const started = Date.now();
      const controller = new AbortController();
      if (runId) runs.set(runId, controller);
      try {
        // The window shows a run's progress by its run id (a run without one has no panel to show it).
        const onProgress = runId
          ? (p: { progress: number; total?: number; message?: string }) =>
              events.emit('servers:run-progressed', { runId, ...p })
          : undefined;
        const result = await auth.run({
          signal: controller.signal,
          ...(onProgress ? { onProgress } : {}),
        });
        const notes = [
          result.validationError &&
            `The result does not match the tool's output schema: ${result.validationError}`,
          check.skipped && `The arguments could not be checked: ${check.skipped}`,
        ].filter(Boolean);
        return {
          outcome: result.isError ? 'error' : 'done',
          result,
          message: notes.length ? notes.join('\n') : null,
          audit,
          durationMs: Date.now() - started,
        };
      } catch (err) {
        const durationMs = Date.now() - started;
        if (controller.signal.aborted)
          return {
            outcome: 'cancelled',
            result: null,
            message: `Cancelled; ${server} was told to stop (notifications/cancelled).`,
            audit,
            durationMs,
          };
        const why = err instanceof Error ? err.message : String(err);
        return {
          outcome: 'error',
          result: null,
          message: `The ${server} server failed: ${why}`,
          audit,
          durationMs,
        };
      } finally {
        if (runId) runs.delete(runId);
      }
    },
  };
}
