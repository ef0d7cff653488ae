// Reading a server's log rows page by page, a row's body on demand, and tools run by hand with
// their progress.
import type { InspectorBody, InspectorRow, RunToolResult } from '../../../shared/inspector-types';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';

/** As many rows as core keeps: the window never holds more than the log does. */
const MAX_ROWS = 2000;

export interface InspectorActions {
  /** Fetches the rows after the last one held, and drops those core no longer keeps. */
  loadLogRows(name: string): Promise<void>;
  loadLogBody(name: string, seq: number): Promise<Outcome<InspectorBody>>;
  /** Runs a tool from the Tools tab; the click is the approval, deny rules still apply (core decides). */
  runTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    runId?: string,
  ): Promise<Outcome<RunToolResult>>;
  cancelRun(runId: string): Promise<Outcome<boolean>>;
  /** Follows servers:run-progressed; returns the unsubscribe. */
  subscribeInspector(): () => void;
}

/**
 * The rows held after a page arrived: those core still keeps (seq ≥ firstSeq) plus the new ones,
 * at most `max`. The same array when nothing changed, so the view does not redraw every second.
 */
export function mergeLogRows(
  held: InspectorRow[],
  rows: InspectorRow[],
  firstSeq: number,
  max = MAX_ROWS,
): InspectorRow[] {
  if (rows.length === 0 && (held[0]?.seq ?? firstSeq) >= firstSeq) return held;
  return [...held.filter((row) => row.seq >= firstSeq), ...rows].slice(-max);
}

export const createInspectorActions: ActionsCreator<InspectorActions> = (set, get, host) => {
  const loading = new Set<string>();
  // The runs this window started and is still waiting on. Progress is held only for these: a late
  // notification of a run that ended, or one for a run another window (or this one before a reload)
  // started, is dropped. So nothing is kept per ended run, and the set never outgrows the runs in
  // flight, however long the session.
  const inFlight = new Set<string>();
  const runEnded = (runId: string) => {
    inFlight.delete(runId);
    set((s) => {
      if (!(runId in s.runProgress)) return s;
      const { [runId]: _gone, ...rest } = s.runProgress;
      return { runProgress: rest };
    });
  };
  return {
    async loadLogRows(name) {
      if (loading.has(name)) return; // a slow answer is not asked for twice
      loading.add(name);
      try {
        const held = get().logRows[name] ?? [];
        const r = await attempt(() =>
          host.call('servers:log-view', { name, after: held.at(-1)?.seq ?? 0 }),
        );
        if (!r.ok) {
          set((s) => ({ logRowsError: { ...s.logRowsError, [name]: r.error } }));
          return;
        }
        const { rows, firstSeq } = r.value;
        set((s) => {
          const current = s.logRows[name] ?? [];
          const kept = mergeLogRows(current, rows, firstSeq);
          if (kept === current && !s.logRowsError[name]) return s;
          const errors = { ...s.logRowsError };
          delete errors[name];
          return { logRows: { ...s.logRows, [name]: kept }, logRowsError: errors };
        });
      } finally {
        loading.delete(name);
      }
    },
    loadLogBody: (name, seq) => attempt(() => host.call('servers:log-body', { name, seq })),
    async runTool(server, tool, args, runId) {
      if (runId) inFlight.add(runId); // before the call, so the first progress is not missed
      const r = await attempt(() =>
        host.call('servers:run-tool', {
          server,
          tool,
          arguments: args,
          ...(runId ? { runId } : {}),
        }),
      );
      if (runId) runEnded(runId);
      return r;
    },
    cancelRun: (runId) => attempt(() => host.call('servers:cancel-run', { runId })),
    subscribeInspector: () =>
      host.subscribe('servers:run-progressed', (p) => {
        // Only a run this window is waiting on shows progress (see inFlight).
        if (!inFlight.has(p.runId)) return;
        set((s) => ({ runProgress: { ...s.runProgress, [p.runId]: p } }));
      }),
  };
};
