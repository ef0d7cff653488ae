// What servers ask of the user (sampling, elicitation), queued beside tool permissions and link
// questions and shown one at a time in the shared question frame, oldest first.
import type { ClientQuestion } from '../../../shared/client-questions';
import type { UiError } from '../result';

export interface ServerQuestionsState {
  serverQuestions: ClientQuestion[];
  serverQuestionError: UiError | null;
}

export const initialServerQuestionsState = (): ServerQuestionsState => ({
  serverQuestions: [],
  serverQuestionError: null,
});
