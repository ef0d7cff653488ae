// questions:* — what servers ask of the user (sampling, elicitation): the waiting questions and
// the answers, by id. The broker refuses an answer the question does not offer.
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type QuestionHandlers = Pick<Handlers, Extract<keyof Handlers, `questions:${string}`>>;

export function questionHandlers(get: () => Promise<HostServices>): QuestionHandlers {
  return {
    'questions:pending': async () => (await get()).runtime.questions?.pending() ?? [],
    'questions:answer': async ({ id, answer }) => {
      const questions = (await get()).runtime.questions;
      if (!questions)
        throw new LenaError(ERROR_CODE.unavailable, 'No server questions can be answered here.');
      questions.answer(id, answer);
    },
  };
}
