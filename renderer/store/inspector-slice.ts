// Kept for branches written against the old single-file slices; the slice now lives in ./inspector/.
export { mergeLogRows } from './inspector/actions';
