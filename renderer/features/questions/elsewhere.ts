// A question asked in a conversation other than the open one: its title for the frame's header,
// and "Go to chat", which opens that conversation (from any page) with the question still waiting.
import { useLena, useLenaActions } from '../../store';
import { conversationsSelectors } from '../../store/conversations/selectors';

export interface Elsewhere {
  title: string;
  go(): void;
}

/** The conversation `conversationId` names when it is not the open one, else null. */
export function useElsewhere(conversationId: string | undefined): Elsewhere | null {
  const title = useLena(conversationsSelectors.titleElsewhere(conversationId ?? ''));
  const { openConversation, setView } = useLenaActions();
  if (!conversationId || title === null) return null;
  return {
    title,
    go: () => {
      openConversation(conversationId);
      setView('chat');
    },
  };
}
