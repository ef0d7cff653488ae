// Kept for branches written against the old single-file slices; the slice now lives in ./app/.
export type { View } from './app/initial-state';
