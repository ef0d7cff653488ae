// Pure selectors over the inspector's log rows.
import type { InspectorRow } from '../../../shared/inspector-types';
import type { LenaState } from '../create-store';

const NO_ROWS: InspectorRow[] = [];

export const inspectorSelectors = {
  rows: (server: string) => (s: LenaState) => s.logRows[server] ?? NO_ROWS,
  rowsError: (server: string) => (s: LenaState) => s.logRowsError[server] ?? null,
  /** The least severe log level asked of the server (from its logs view). */
  logLevel: (server: string) => (s: LenaState) => s.logsByServer[server]?.value?.logLevel ?? 'info',
  /** The last progress a run by hand reported (null before any, and after it ends). */
  runProgress: (runId: string | null) => (s: LenaState) =>
    runId ? (s.runProgress[runId] ?? null) : null,
};
