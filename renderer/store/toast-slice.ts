// Kept for branches written against the old single-file slices; the slice now lives in ./toast/.
export type { Toast } from './toast/initial-state';
