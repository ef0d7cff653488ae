// Asking about a link and acting on the answer.
import type { ActionsCreator } from '../slice';

export interface QuestionsActions {
  askToOpenLink(link: { href: string; text: string; reasons: string[] }): void;
  /** Opens the link (through the window's external-link handling) or drops it. */
  answerLink(id: string, open: boolean): void;
}

export const createQuestionsActions: ActionsCreator<QuestionsActions> = (set, get, host) => {
  let nextId = 1;
  return {
    askToOpenLink(link) {
      set((s) => ({ linkQuestions: [...s.linkQuestions, { ...link, id: `link-${nextId++}`, createdAt: Date.now() }] }));
    },
    answerLink(id, open) {
      const question = get().linkQuestions.find((q) => q.id === id);
      set((s) => ({ linkQuestions: s.linkQuestions.filter((q) => q.id !== id) }));
      if (question && open) host.openExternal(question.href);
    },
  };
};
