// A question asked in a conversation other than the open one: its title for the frame's header,
// and "Go to chat", which opens that conversation (from any page) with the question still waiting
// and focus on its heading.
import { useLena, useLenaActions } from '../../store';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { focusQuestion } from './focus';

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
      // The button goes with the line it sits on: focus moves to the question's heading.
      requestAnimationFrame(() => focusQuestion());
    },
  };
}
