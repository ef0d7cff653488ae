// On a tool card waiting for approval whose question is not in this window: with the same
// conversation open in two windows, it is asked in only one. Said after a moment (a question takes
// a little while to arrive), with a button that brings it here.
import { useEffect, useState } from 'react';
import { useLena, useLenaActions } from '../../store';

/** How long a waiting call goes without its question here before the note shows. */
const GRACE_MS = 1200;

export function AskedElsewhere({
  conversationId,
  toolUseId,
}: {
  conversationId: string;
  toolUseId: string;
}) {
  const here = useLena((s) =>
    s.questionQueue.some((q) => q.kind === 'permission' && q.toolUseId === toolUseId),
  );
  const { answerHere } = useLenaActions();
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (here) return setLate(false);
    const timer = setTimeout(() => setLate(true), GRACE_MS);
    return () => clearTimeout(timer);
  }, [here]);
  if (here || !late) return null;
  return (
    <p className="tool-note" data-testid="asked-elsewhere">
      The question is open in another window.{' '}
      <button className="small-button" onClick={() => void answerHere(conversationId)}>
        Answer here
      </button>
    </p>
  );
}
