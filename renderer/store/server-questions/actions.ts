// Answers go to core by id; core's `questions:resolved` removes a question however it ended
// (answered, timed out, cancelled by the server, or a URL flow the server says is complete).
import type { ClientAnswer, ClientQuestion } from '../../../shared/client-questions';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';

export interface ServerQuestionsActions {
  loadServerQuestions(): Promise<void>;
  answerServerQuestion(id: string, answer: ClientAnswer): Promise<Outcome<void>>;
  subscribeServerQuestions(): () => void;
}

const byAge = (a: ClientQuestion, b: ClientQuestion) => a.createdAt - b.createdAt;

export const createServerQuestionsActions: ActionsCreator<ServerQuestionsActions> = (
  set,
  _get,
  host,
) => ({
  async loadServerQuestions() {
    const r = await attempt(() => host.call('questions:pending'));
    // Not loaded: none are shown, and each new one still arrives by event.
    if (r.ok) set({ serverQuestions: [...r.value].sort(byAge) });
  },
  async answerServerQuestion(id, answer) {
    const r = await attempt(() => host.call('questions:answer', { id, answer }));
    if (r.ok)
      set((s) => ({
        serverQuestions: s.serverQuestions.filter((q) => q.id !== id),
        serverQuestionError: null,
      }));
    else set({ serverQuestionError: r.error });
    return r;
  },
  subscribeServerQuestions() {
    const a = host.subscribe('questions:requested', (q) =>
      set((s) => ({
        serverQuestions: [...s.serverQuestions.filter((x) => x.id !== q.id), q].sort(byAge),
      })),
    );
    const b = host.subscribe('questions:resolved', ({ id }) =>
      set((s) => ({ serverQuestions: s.serverQuestions.filter((q) => q.id !== id) })),
    );
    return () => {
      a();
      b();
    };
  },
});
