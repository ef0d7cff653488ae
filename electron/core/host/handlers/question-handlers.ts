// questions:* — what servers ask of the user (sampling, elicitation): the waiting questions and
// the answers, by id. The broker refuses an answer the question does not offer.
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type QuestionHandlers = Pick<Handlers, Extract<keyof Handlers, `questions:${string}`>>;

export function questionHandlers(get: () => Promise<HostServices>): QuestionHandlers {
  return {
    'questions:pending': async () => (await get()).asks.questions(),
    'questions:answer': async ({ id, answer }) => (await get()).asks.answerQuestion(id, answer),
  };
}
