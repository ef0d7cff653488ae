// Kept for branches written against the old single-file slices; the actions now live in ./chat-controls/.
export { createChatControlsActions, type ChatControlsActions as ChatControlsSlice } from './chat-controls/actions';
