// Moved to features/chat/ (store-bound); kept for branches of this session that import it here.
export { ConversationActions } from '../features/chat/ConversationActions';
