// What servers ask of the user (sampling, elicitation), queued beside tool permissions and link
// questions and shown one at a time in the shared question frame, oldest first. Answers go to core
// by id; core's `questions:resolved` removes a question however it ended (answered, timed out,
// cancelled by the server, or a URL flow the server says is complete).
import type { StateCreator } from 'zustand';
import type { ClientAnswer, ClientQuestion } from '../../shared/client-questions';
import { call, subscribe } from '../host';
import type { LenaState } from './index';
import { attempt, type Outcome, type UiError } from './result';

export interface ServerQuestionsSlice {
  serverQuestions: ClientQuestion[];
  serverQuestionError: UiError | null;
  loadServerQuestions(): Promise<void>;
  answerServerQuestion(id: string, answer: ClientAnswer): Promise<Outcome<void>>;
  subscribeServerQuestions(): () => void;
}

const byAge = (a: ClientQuestion, b: ClientQuestion) => a.createdAt - b.createdAt;

export const createServerQuestionsSlice: StateCreator<LenaState, [], [], ServerQuestionsSlice> = (set) => ({
  serverQuestions: [],
  serverQuestionError: null,
  async loadServerQuestions() {
    const r = await attempt(() => call('questions:pending'));
    if (r.ok) set({ serverQuestions: [...r.value].sort(byAge) });
  },
  async answerServerQuestion(id, answer) {
    const r = await attempt(() => call('questions:answer', { id, answer }));
    if (r.ok) set((s) => ({ serverQuestions: s.serverQuestions.filter((q) => q.id !== id), serverQuestionError: null }));
    else set({ serverQuestionError: r.error });
    return r;
  },
  subscribeServerQuestions() {
    const a = subscribe('questions:requested', (q) => set((s) => ({ serverQuestions: [...s.serverQuestions.filter((x) => x.id !== q.id), q].sort(byAge) })));
    const b = subscribe('questions:resolved', ({ id }) => set((s) => ({ serverQuestions: s.serverQuestions.filter((q) => q.id !== id) })));
    return () => {
      a();
      b();
    };
  },
});
