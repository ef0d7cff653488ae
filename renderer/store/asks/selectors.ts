// Pure selectors over the one queue of questions: the one to show now, and each kind's body.
import type { PermissionAskView } from '../../../shared/asks';
import { questionSummary, type ClientQuestion } from '../../../shared/client-questions';
import type { LenaState } from '../create-store';
import type { Ask, LinkQuestion } from './initial-state';

/** The question to show now: the oldest of any kind. */
export type HeadQuestion =
  | { kind: 'permission'; id: string; summary: string }
  | { kind: 'link'; id: string; summary: string }
  | { kind: 'server'; id: string; summary: string };

type Queue = Pick<LenaState, 'questionQueue'>;

function summaryOf(ask: Ask): HeadQuestion {
  if (ask.kind === 'permission')
    return {
      kind: 'permission',
      id: ask.id,
      summary: `Allow ${ask.qualifiedName} from ${ask.server}?`,
    };
  if (ask.kind === 'link')
    return { kind: 'link', id: ask.id, summary: `Open the link to ${ask.href}?` };
  return { kind: 'server', id: ask.id, summary: questionSummary(ask) };
}

/** The oldest question (the queue is kept oldest first). */
export const headQuestion = (s: Queue): HeadQuestion | null =>
  s.questionQueue[0] ? summaryOf(s.questionQueue[0]) : null;

export const questionCount = (s: Queue): number => s.questionQueue.length;

const find =
  <T extends Ask>(is: (a: Ask) => a is T) =>
  (id: string | null) =>
  (s: LenaState): T | undefined =>
    s.questionQueue.find((a): a is T => a.id === id && is(a));

const isPermission = (a: Ask): a is PermissionAskView => a.kind === 'permission';
const isLink = (a: Ask): a is LinkQuestion => a.kind === 'link';
const isServer = (a: Ask): a is ClientQuestion => a.kind !== 'permission' && a.kind !== 'link';

export const asksSelectors = {
  queue: (s: LenaState) => s.questionQueue,
  /** Read with `useShallow`: a new object each call. */
  head: headQuestion,
  /** Which question shows (read with `useShallow`). */
  headKey: (s: LenaState) => {
    const head = headQuestion(s);
    return { kind: head?.kind ?? null, id: head?.id ?? null };
  },
  headId: (s: LenaState) => headQuestion(s)?.id ?? null,
  headSummary: (s: LenaState) => headQuestion(s)?.summary ?? null,
  count: questionCount,
  permission: find(isPermission),
  link: find(isLink),
  question: find(isServer),
  /** Why the last answer did not reach core (shown in the question it was for). */
  error: (s: LenaState) => s.questionError,
  /** Whether an App view's message waits for the user (its card says so). */
  appMessageWaiting: (toolUseId: string) => (s: LenaState) =>
    s.questionQueue.some((a) => a.kind === 'app-message' && a.toolUseId === toolUseId),
};
