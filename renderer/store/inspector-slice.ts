// The servers page as an inspector (issue 16): each server's log rows, read incrementally from core
// (which keeps the last 2,000 rows or 10 MB), a row's body on demand, and tools run by hand.
import type { StateCreator } from 'zustand';
import type { InspectorBody, InspectorRow, RunToolResult } from '../../shared/inspector-types';
import { call } from '../host';
import type { LenaState } from './index';
import { attempt, type Outcome, type UiError } from './result';

/** As many rows as core keeps: the window never holds more than the log does. */
const MAX_ROWS = 2000;

export interface InspectorSlice {
  logRows: Record<string, InspectorRow[]>;
  logRowsError: Record<string, UiError>;
  /** Fetches the rows after the last one held, and drops those core no longer keeps. */
  loadLogRows(name: string): Promise<void>;
  loadLogBody(name: string, seq: number): Promise<Outcome<InspectorBody>>;
  /** Runs a tool from the Tools tab; the click is the approval, deny rules still apply (core decides). */
  runTool(server: string, tool: string, args: Record<string, unknown>, runId?: string): Promise<Outcome<RunToolResult>>;
  cancelRun(runId: string): Promise<Outcome<boolean>>;
}

/**
 * The rows held after a page arrived: those core still keeps (seq ≥ firstSeq) plus the new ones,
 * at most `max`. The same array when nothing changed, so the view does not redraw every second.
 */
export function mergeLogRows(held: InspectorRow[], rows: InspectorRow[], firstSeq: number, max = MAX_ROWS): InspectorRow[] {
  if (rows.length === 0 && (held[0]?.seq ?? firstSeq) >= firstSeq) return held;
  return [...held.filter((row) => row.seq >= firstSeq), ...rows].slice(-max);
}

export const createInspectorSlice: StateCreator<LenaState, [], [], InspectorSlice> = (set, get) => {
  const loading = new Set<string>();
  return {
    logRows: {},
    logRowsError: {},
    async loadLogRows(name) {
      if (loading.has(name)) return; // a slow answer is not asked for twice
      loading.add(name);
      try {
        const held = get().logRows[name] ?? [];
        const r = await attempt(() => call('servers:log-view', { name, after: held.at(-1)?.seq ?? 0 }));
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
    loadLogBody: (name, seq) => attempt(() => call('servers:log-body', { name, seq })),
    runTool: (server, tool, args, runId) => attempt(() => call('servers:run-tool', { server, tool, arguments: args, ...(runId ? { runId } : {}) })),
    cancelRun: (runId) => attempt(() => call('servers:cancel-run', { runId })),
  };
};
