// The answer buttons under a question, in one order for every kind: the safe answer first with
// its Esc key, then the other choices, then the primary answer on the right. A step that only
// waits (no primary answer) shows its safe answer alone on the right. QuestionFrame builds this
// row from the same answers its keys run, so a button and its key never do different things. An
// answer only Escape gives (`keyOnly`) has no button.
import type { ReactNode } from 'react';

/** One answer: the frame's hint names it by `label`; its button says `button` when that says more. */
export interface QuestionAnswer {
  label: string;
  run(): void;
  button?: ReactNode;
  disabled?: boolean;
  /** Escape runs it, but no button shows (an elicitation's Cancel: its buttons are Decline and Submit). */
  keyOnly?: boolean;
}

export function AnswerRow({
  cancel,
  primary,
  choices,
}: {
  cancel: QuestionAnswer;
  primary?: QuestionAnswer | null;
  /** Other answers (Decline, Don’t open, Always…), between the safe and the primary one. */
  choices?: ReactNode;
}) {
  const safe = cancel.keyOnly ? null : (
    <button onClick={cancel.run} disabled={cancel.disabled}>
      {cancel.button ?? cancel.label} <kbd>Esc</kbd>
    </button>
  );
  if (!primary)
    return (
      <div className="row">
        {choices}
        <span className="spacer" />
        {safe}
      </div>
    );
  return (
    <div className="row">
      {safe}
      {choices}
      <span className="spacer" />
      <button className="primary" onClick={primary.run} disabled={primary.disabled}>
        {primary.button ?? primary.label}
      </button>
    </div>
  );
}
