// Questions the window itself asks (opening a link that needs a second look), queued beside the
// tool-permission requests and shown one at a time in the same question frame, oldest first.
export interface LinkQuestion {
  id: string;
  /** The address the link really opens. */
  href: string;
  /** What the link shows. */
  text: string;
  reasons: string[];
  createdAt: number;
}

export interface QuestionsState {
  linkQuestions: LinkQuestion[];
}

export const initialQuestionsState = (): QuestionsState => ({ linkQuestions: [] });
