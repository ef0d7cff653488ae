// The servers page as an inspector (issue 16): each server's log rows, read incrementally from core
// (which keeps the last 2,000 rows or 10 MB).
import type { InspectorRow } from '../../../shared/inspector-types';
import type { UiError } from '../result';

export interface InspectorState {
  logRows: Record<string, InspectorRow[]>;
  logRowsError: Record<string, UiError>;
}

export const initialInspectorState = (): InspectorState => ({ logRows: {}, logRowsError: {} });
