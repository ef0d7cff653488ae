// Kept for code written against the old single-file slices; the slice now lives in ./apps/.
export { viewKey } from './apps/initial-state';
