// Where questions appear: the oldest waiting question of any kind, in its body inside the shared
// frame, docked above the composer (or at the foot of a page), never over what the user types.
// A new kind (sampling, elicitation, sign-in, App message, tool acceptance) needs: its kind in the
// one queue (store/asks) and a case in `headQuestion` (store/asks/selectors.ts), and a body that renders
// <QuestionFrame> with its `primary` (Ctrl/Cmd+Enter) and `cancel` (Escape) answers, putting any
// form fields in the body (Enter moves between them) and using <ConfirmStep> for lasting choices;
// then a branch here. Focus, arming and keys come from the frame.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLena } from '../../store';
import { asksSelectors } from '../../store/asks/selectors';
import { LinkQuestionView } from '../chat/LinkQuestion';
import { PermissionQuestion } from '../permissions/PermissionQuestion';
import { focusComposer, noteUserInput } from './focus';
import { ServerQuestionView } from './ServerQuestion';

export function QuestionHost() {
  const { kind, id } = useLena(useShallow(asksSelectors.headKey));
  const total = useLena(asksSelectors.count);
  const request = useLena(asksSelectors.permission(kind === 'permission' ? id : null));
  const link = useLena(asksSelectors.link(kind === 'link' ? id : null));
  const asked = useLena(asksSelectors.question(kind === 'server' ? id : null));
  if (request)
    return <PermissionQuestion key={request.id} request={request} position={1} total={total} />;
  if (link) return <LinkQuestionView key={link.id} question={link} position={1} total={total} />;
  if (asked)
    return (
      <ServerQuestionView
        key={`${asked.id}:${asked.kind}`}
        question={asked}
        position={1}
        total={total}
      />
    );
  return null;
}

/**
 * Always mounted: announces each new question to screen readers (`aria-live`) and puts the caret
 * back in the composer when the last question is answered from inside it. F6 reaches the question
 * as one of the window's regions (components/focus-regions.ts).
 */
export function QuestionAnnouncer() {
  const head = useLena(asksSelectors.headSummary);
  const id = useLena(asksSelectors.headId);
  const [said, setSaid] = useState('');
  const wasOpen = useRef(false);

  useEffect(() => {
    if (id && head) setSaid(`Lena asks: ${head} Press F6 to answer.`);
    else setSaid('');
  }, [id, head]);

  useEffect(() => {
    const open = id !== null;
    // The answered question took focus with it: continue where the user types.
    if (
      wasOpen.current &&
      !open &&
      (document.activeElement === document.body || document.activeElement === null)
    )
      focusComposer(true);
    wasOpen.current = open;
  }, [id]);

  useEffect(() => {
    window.addEventListener('keydown', noteUserInput, true);
    window.addEventListener('pointerdown', noteUserInput, true);
    return () => {
      window.removeEventListener('keydown', noteUserInput, true);
      window.removeEventListener('pointerdown', noteUserInput, true);
    };
  }, []);

  return (
    <div
      className="sr-only"
      aria-live="assertive"
      aria-atomic="true"
      data-testid="question-announcement"
    >
      {said}
    </div>
  );
}
