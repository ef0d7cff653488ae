// The servers page as an inspector (issue 16): the Logs tab's rows and bodies from host/views, and
// a tool run by hand from the Tools tab through the same permission gate as the model's calls, its
// progress sent to the window as servers:run-progressed.
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { RunToolResult } from '../../../../shared/inspector-types';
import type { Handlers } from '../dispatch';
import type { HostEvents } from '../events';
import type { HostServices } from '../services';
import { serverIdentity } from '../wiring';

type InspectHandlers = Pick<
  Handlers,
  'servers:log-view' | 'servers:log-body' | 'servers:run-tool' | 'servers:cancel-run'
>;

/** The conversation id a by-hand call is checked under: no chat's "allow for this conversation" applies to it. */
const BY_HAND_CONVERSATION = 'servers-page';

export function inspectHandlers(
  get: () => Promise<HostServices>,
  events: HostEvents,
): InspectHandlers {
  /** Runs by hand still in progress, by the window's run id, for Cancel. */
  const runs = new Map<string, AbortController>();
  const known = async (name: string): Promise<HostServices> => {
    const s = await get();
    if (!s.runtime.manager.session(name) && !s.runtime.logs.has(name))
      throw new LenaError(ERROR_CODE.notFound, `There is no server named "${name}".`);
    return s;
  };
  return {
    'servers:log-view': async ({ name, after }) =>
      (await known(name)).runtime.logs.log(name).page(name, after ?? 0),
    'servers:log-body': async ({ name, seq }) => {
      const body = (await known(name)).runtime.logs.log(name).body(seq);
      if (!body)
        throw new LenaError(
          ERROR_CODE.notFound,
          `Row ${seq} of ${name}'s log is no longer kept (the log keeps its last 2,000 rows or 10 MB); scroll to a newer row.`,
        );
      return body;
    },
    'servers:cancel-run': ({ runId }) => {
      const run = runs.get(runId);
      run?.abort('Cancelled on the servers page');
      return run !== undefined;
    },
    'servers:run-tool': async ({
      server,
      tool,
      arguments: args,
      runId,
    }): Promise<RunToolResult> => {
      const s = await get();
      const registered = s.runtime.registry.tools(server).find((t) => t.tool.name === tool);
      if (!registered)
        throw new LenaError(
          ERROR_CODE.notFound,
          `"${server}" has no tool named "${tool}" right now; connect the server and pick one of the tools it lists.`,
        );
      const auth = s.runtime.permissions.authorizeByHand({
        conversationId: BY_HAND_CONVERSATION,
        qualifiedName: registered.qualifiedName,
        serverName: server,
        toolName: tool,
        identity: serverIdentity(s.runtime.manager, server),
        tool: registered.tool,
        arguments: args,
      });
      const audit = auth.audit;
      s.runtime.logs.note(
        server,
        `${tool} ${audit.decision === 'allow' ? 'run by hand' : `refused (${audit.decidedBy})`}`,
      );
      if (auth.outcome === 'deny')
        return {
          outcome: 'denied',
          result: null,
          message: auth.message ?? `${registered.qualifiedName} was denied.`,
          audit,
          durationMs: null,
        };
      const check = await s.runtime.registry.validateArguments(registered.qualifiedName, args);
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
        const result = await s.runtime.manager.callTool(server, tool, args, {
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
