// Asking about a link and acting on the answer.
import type { ActionsCreator } from '../slice';

export interface QuestionsActions {
  /** Asks in the question frame; resolves true when the user opened the link. */
  askToOpenLink(link: { href: string; text: string; reasons: string[] }): Promise<boolean>;
  /** Opens the link (through the window's external-link handling) or drops it. */
  answerLink(id: string, open: boolean): void;
}

export const createQuestionsActions: ActionsCreator<QuestionsActions> = (set, get, host) => {
  let nextId = 1;
  // Whoever asked waits for the answer (a view's ui/open-link reports whether the link opened).
  const waiting = new Map<string, (opened: boolean) => void>();
  return {
    askToOpenLink(link) {
      const id = `link-${nextId++}`;
      set((s) => ({ linkQuestions: [...s.linkQuestions, { ...link, id, createdAt: Date.now() }] }));
      return new Promise<boolean>((resolve) => waiting.set(id, resolve));
    },
    answerLink(id, open) {
      const question = get().linkQuestions.find((q) => q.id === id);
      set((s) => ({ linkQuestions: s.linkQuestions.filter((q) => q.id !== id) }));
      if (question && open) host.openExternal(question.href);
      waiting.get(id)?.(Boolean(question && open));
      waiting.delete(id);
    },
  };
};
