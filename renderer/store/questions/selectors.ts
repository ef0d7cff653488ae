// The question to show now, across every queue (tool permissions, links, servers' questions).
import { questionSummary } from '../../../shared/client-questions';
import type { LenaState } from '../create-store';

/** The question to show now, oldest first across kinds. */
export type HeadQuestion =
  | { kind: 'permission'; id: string; summary: string }
  | { kind: 'link'; id: string; summary: string }
  | { kind: 'server'; id: string; summary: string };

type Queues = Pick<LenaState, 'permissionQueue' | 'linkQuestions'> &
  Partial<Pick<LenaState, 'serverQuestions'>>;

export function headQuestion(s: Queues): HeadQuestion | null {
  const candidates: (HeadQuestion & { at: number })[] = [];
  const p = s.permissionQueue[0];
  const l = s.linkQuestions[0];
  const q = s.serverQuestions?.[0];
  if (p)
    candidates.push({
      kind: 'permission',
      id: p.id,
      summary: `Allow ${p.qualifiedName} from ${p.server}?`,
      at: p.createdAt,
    });
  if (l)
    candidates.push({
      kind: 'link',
      id: l.id,
      summary: `Open the link to ${l.href}?`,
      at: l.createdAt,
    });
  if (q)
    candidates.push({ kind: 'server', id: q.id, summary: questionSummary(q), at: q.createdAt });
  if (candidates.length === 0) return null;
  const { at: _at, ...head } = candidates.reduce((a, b) => (b.at < a.at ? b : a));
  return head;
}

export const questionCount = (s: Queues): number =>
  s.permissionQueue.length + s.linkQuestions.length + (s.serverQuestions?.length ?? 0);

export const questionsSelectors = {
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
  link: (id: string | null) => (s: LenaState) => s.linkQuestions.find((q) => q.id === id),
};
