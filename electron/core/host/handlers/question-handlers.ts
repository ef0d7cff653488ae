// asks:pending and questions:answer — the one queue of what Lena waits on the user for (tool
// permissions and what servers ask), and the answers to servers' questions, by id. The broker
// refuses an answer the question does not offer. Permission answers are permissions:answer.
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';
import type { WindowRouter } from '../window-router';

type QuestionHandlers = Pick<Handlers, 'asks:pending' | 'questions:answer'>;

export function questionHandlers(
  get: () => Promise<HostServices>,
  router: WindowRouter,
): QuestionHandlers {
  return {
    // Each window is asked only the questions routed to it, so none is asked twice.
    'asks:pending': async (_args, ctx) =>
      router.pendingFor(ctx.viewId, (await get()).asks.pending()),
    'questions:answer': async ({ id, answer }) => (await get()).asks.answerQuestion(id, answer),
  };
}
