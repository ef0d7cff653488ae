// Kept for branches written against the old single-file slices; the slice now lives in ./chat/.
export { NO_CONVERSATION, PAGE_SIZE, type SystemCard, type SystemCardInput } from './chat/initial-state';
