// Kept for branches written against the old single-file slices; the slice now lives in ./resources/.
export { resourceKey, type ViewerState } from './resources/initial-state';
