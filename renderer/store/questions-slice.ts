// Kept for branches written against the old single-file slices; the slice now lives in ./questions/.
export type { LinkQuestion } from './questions/initial-state';
export { headQuestion, questionCount, type HeadQuestion } from './questions/selectors';
