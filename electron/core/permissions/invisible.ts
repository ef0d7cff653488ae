// The scan lives in shared/invisible.ts, so the window flags exactly what the dialog's text was
// checked for; re-exported here for core's existing importers.
export * from '../../../shared/invisible';
