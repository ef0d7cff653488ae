import type { LenaState } from '../create-store';

export const serverQuestionsSelectors = {
  queue: (s: LenaState) => s.serverQuestions,
  question: (id: string | null) => (s: LenaState) => s.serverQuestions.find((q) => q.id === id),
  error: (s: LenaState) => s.serverQuestionError,
};
