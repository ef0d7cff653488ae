// Questions the window itself asks (opening a link that needs a second look), queued beside the
// tool-permission requests and shown one at a time in the same question frame, oldest first.
import type { StateCreator } from 'zustand';
import { questionSummary } from '../../shared/client-questions';
import type { LenaState } from './index';

export interface LinkQuestion {
  id: string;
  /** The address the link really opens. */
  href: string;
  /** What the link shows. */
  text: string;
  reasons: string[];
  createdAt: number;
}

export interface QuestionsSlice {
  linkQuestions: LinkQuestion[];
  /** Asks in the question frame; resolves true when the user opened the link. */
  askToOpenLink(link: { href: string; text: string; reasons: string[] }): Promise<boolean>;
  /** Opens the link (through the window's external-link handling) or drops it. */
  answerLink(id: string, open: boolean): void;
}

let nextId = 1;
// Whoever asked waits for the answer (a view's ui/open-link reports whether the link opened).
const waiting = new Map<string, (opened: boolean) => void>();

/** Opens an https address outside the app: main's window-open handler checks it again. */
export function openExternally(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}

export const createQuestionsSlice: StateCreator<LenaState, [], [], QuestionsSlice> = (set, get) => ({
  linkQuestions: [],
  askToOpenLink(link) {
    const id = `link-${nextId++}`;
    set((s) => ({ linkQuestions: [...s.linkQuestions, { ...link, id, createdAt: Date.now() }] }));
    return new Promise<boolean>((resolve) => waiting.set(id, resolve));
  },
  answerLink(id, open) {
    const question = get().linkQuestions.find((q) => q.id === id);
    set((s) => ({ linkQuestions: s.linkQuestions.filter((q) => q.id !== id) }));
    if (question && open) openExternally(question.href);
    waiting.get(id)?.(Boolean(question && open));
    waiting.delete(id);
  },
});

/** The question to show now, oldest first across kinds, with the number waiting. */
export type HeadQuestion =
  | { kind: 'permission'; id: string; summary: string }
  | { kind: 'link'; id: string; summary: string }
  | { kind: 'server'; id: string; summary: string };

type Queues = Pick<LenaState, 'permissionQueue' | 'linkQuestions'> & Partial<Pick<LenaState, 'serverQuestions'>>;

export function headQuestion(s: Queues): HeadQuestion | null {
  const candidates: (HeadQuestion & { at: number })[] = [];
  const p = s.permissionQueue[0];
  const l = s.linkQuestions[0];
  const q = s.serverQuestions?.[0];
  if (p) candidates.push({ kind: 'permission', id: p.id, summary: `Allow ${p.qualifiedName} from ${p.server}?`, at: p.createdAt });
  if (l) candidates.push({ kind: 'link', id: l.id, summary: `Open the link to ${l.href}?`, at: l.createdAt });
  if (q) candidates.push({ kind: 'server', id: q.id, summary: questionSummary(q), at: q.createdAt });
  if (candidates.length === 0) return null;
  const { at: _at, ...head } = candidates.reduce((a, b) => (b.at < a.at ? b : a));
  return head;
}

export const questionCount = (s: Queues): number => s.permissionQueue.length + s.linkQuestions.length + (s.serverQuestions?.length ?? 0);
