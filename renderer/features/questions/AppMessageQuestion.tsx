// A message a tool's view wants to send as the user's next message (MCP Apps ui/message). It is
// shown as the view's, in its own words, and goes to Claude only when the user presses Send;
// Discard (or Escape) drops it and the view is told it was not sent. A view in another
// conversation is named in the frame's head (its message goes to that conversation).
import type { AppMessageQuestion } from '../../../shared/client-questions';
import { Marked } from '../../components/Marked';
import { useLena } from '../../store';
import { useElsewhere } from './elsewhere';
import { QuestionFrame } from './QuestionFrame';

export function AppMessageView({
  question,
  position,
  total,
}: {
  question: AppMessageQuestion;
  position: number;
  total: number;
}) {
  const answer = useLena((s) => s.answerServerQuestion);
  const failure = useLena((s) => s.questionError);
  const send = () => void answer(question.id, { action: 'approve' });
  const discard = () => void answer(question.id, { action: 'deny' });
  const elsewhere = useElsewhere(question.conversationId);
  return (
    <QuestionFrame
      questionId={question.id}
      className="app-message-question"
      elsewhere={elsewhere}
      heading={
        <>
          The <code>{question.tool}</code> view of <strong>{question.server}</strong> wants to send
          a message
        </>
      }
      position={position}
      total={total}
      primary={{ label: 'Send', run: send }}
      cancel={{ label: 'Discard', run: discard }}
    >
      <span className="small muted">
        From the view, as your next message to Claude (its words, not yours)
      </span>
      <div className="server-text" data-testid="app-message-text">
        <Marked text={question.text || '(no text)'} />
      </div>
      {question.attachments.length > 0 && (
        <p className="small muted">With {question.attachments.join('; ')}</p>
      )}
      <p className="small muted">Nothing is sent unless you press Send.</p>
      {failure && (
        <p className="error small" role="alert">
          Your answer was not recorded: {failure.message}
        </p>
      )}
    </QuestionFrame>
  );
}
