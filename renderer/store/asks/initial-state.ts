// Everything waiting for the user's answer, in one queue shown one at a time in the question
// frame, oldest first: core's questions (tool permissions, what servers ask) and the window's own
// (opening a link that needs a second look).
import type { AskView } from '../../../shared/asks';
import type { UiError } from '../result';

/** A question the window itself asks: open a link whose target needs a second look. */
export interface LinkQuestion {
  kind: 'link';
  id: string;
  /** The address the link really opens. */
  href: string;
  /** What the link shows. */
  text: string;
  reasons: string[];
  createdAt: number;
}

/** One waiting question, told apart by `kind`. */
export type Ask = AskView | LinkQuestion;

export interface AsksState {
  questionQueue: Ask[];
  /** Why the queue could not be loaded or an answer did not reach core. */
  questionError: UiError | null;
}

export const initialAsksState = (): AsksState => ({ questionQueue: [], questionError: null });
