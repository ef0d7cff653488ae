// The servers page as an inspector (issue 16): each server's log rows, read incrementally from core
// (which keeps the last 2,000 rows or 10 MB), and the progress of tools run by hand.
import type { InspectorRow, RunProgress } from '../../../shared/inspector-types';
import type { UiError } from '../result';

export interface InspectorState {
  logRows: Record<string, InspectorRow[]>;
  logRowsError: Record<string, UiError>;
  /** The last progress of each run by hand this window started and is still waiting on, by run id (gone when it ends). */
  runProgress: Record<string, RunProgress>;
}

export const initialInspectorState = (): InspectorState => ({
  logRows: {},
  logRowsError: {},
  runProgress: {},
});
