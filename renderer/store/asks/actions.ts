// The one queue of questions: core's arrive by `asks:requested` (or the first load) and leave by
// `asks:resolved` however they ended (answered, timed out, cancelled, a URL flow the server says
// is complete); answers go back by id. Link questions are asked and answered here.
import type { ClientAnswer } from '../../../shared/client-questions';
import type { PermissionDecisionKind } from '../../../shared/permission-types';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';
import type { Ask } from './initial-state';

export interface AsksActions {
  loadQuestions(): Promise<void>;
  subscribeQuestions(): () => void;
  answerPermission(
    id: string,
    decision: PermissionDecisionKind,
    options?: { reason?: string; confirmed?: boolean; rule?: string },
  ): Promise<Outcome<void>>;
  answerServerQuestion(id: string, answer: ClientAnswer): Promise<Outcome<void>>;
  /** Asks in the question frame; resolves true when the user opened the link. */
  askToOpenLink(link: { href: string; text: string; reasons: string[] }): Promise<boolean>;
  /** Opens the link (through the window's external-link handling) or drops it. */
  answerLink(id: string, open: boolean): void;
}

const byAge = (a: Ask, b: Ask) => a.createdAt - b.createdAt;
const without = (asks: Ask[], id: string) => asks.filter((a) => a.id !== id);

export const createAsksActions: ActionsCreator<AsksActions> = (set, get, host) => {
  let nextId = 1;
  // Whoever asked waits for the answer (a view's ui/open-link reports whether the link opened).
  const waiting = new Map<string, (opened: boolean) => void>();
  const answered = (id: string, r: Outcome<void>) => {
    if (r.ok) set((s) => ({ questionQueue: without(s.questionQueue, id), questionError: null }));
    else set({ questionError: r.error });
    return r;
  };
  return {
    async loadQuestions() {
      const r = await attempt(() => host.call('asks:pending'));
      if (r.ok)
        set((s) => ({
          questionQueue: [...s.questionQueue.filter((a) => a.kind === 'link'), ...r.value].sort(
            byAge,
          ),
          questionError: null,
        }));
      else set({ questionError: r.error });
    },
    subscribeQuestions() {
      const a = host.subscribe('asks:requested', (ask) =>
        set((s) => ({ questionQueue: [...without(s.questionQueue, ask.id), ask].sort(byAge) })),
      );
      const b = host.subscribe('asks:resolved', ({ id }) =>
        set((s) => ({ questionQueue: without(s.questionQueue, id) })),
      );
      return () => {
        a();
        b();
      };
    },
    async answerPermission(id, decision, options = {}) {
      const r = await attempt(() => host.call('permissions:answer', { id, decision, ...options }));
      return answered(id, r);
    },
    async answerServerQuestion(id, answer) {
      const r = await attempt(() => host.call('questions:answer', { id, answer }));
      return answered(id, r);
    },
    askToOpenLink(link) {
      const id = `link-${nextId++}`;
      const question = { ...link, kind: 'link' as const, id, createdAt: Date.now() };
      set((s) => ({ questionQueue: [...s.questionQueue, question].sort(byAge) }));
      return new Promise<boolean>((resolve) => waiting.set(id, resolve));
    },
    answerLink(id, open) {
      const question = get().questionQueue.find((q) => q.kind === 'link' && q.id === id);
      set((s) => ({ questionQueue: without(s.questionQueue, id) }));
      if (question?.kind === 'link' && open) host.openExternal(question.href);
      waiting.get(id)?.(Boolean(question && open));
      waiting.delete(id);
    },
  };
};
