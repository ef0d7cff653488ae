// The card a chat turn shows when a tool it calls needs the server's sign-in: Sign in opens the
// server's sign-in page in the system browser (never inside Lena), then the card waits for the
// browser to come back, with Cancel. Cancel tells Claude the tool did not run.
import type { SignInQuestion } from '../../../shared/client-questions';
import { useLena } from '../../store';
import { QuestionFrame } from './QuestionFrame';
import { useElsewhere } from './elsewhere';

export function SignInQuestionView({
  question,
  position,
  total,
}: {
  question: SignInQuestion;
  position: number;
  total: number;
}) {
  const answer = useLena((s) => s.answerServerQuestion);
  const elsewhere = useElsewhere(question.conversationId);
  const signIn = () => void answer(question.id, { action: 'accept' });
  const cancel = () => void answer(question.id, { action: 'cancel' });
  if (question.waiting) {
    return (
      <QuestionFrame
        questionId={question.id}
        elsewhere={elsewhere}
        className="sign-in-question"
        heading={
          <>
            Signing in to <code>{question.server}</code>
          </>
        }
        position={position}
        total={total}
        primary={null}
        cancel={{ label: 'Cancel', run: cancel }}
      >
        <p data-testid="sign-in-waiting">
          Finish signing in in your browser; Lena then runs <code>{question.tool}</code>.
        </p>
      </QuestionFrame>
    );
  }
  return (
    <QuestionFrame
      questionId={question.id}
      elsewhere={elsewhere}
      className="sign-in-question"
      heading={
        <>
          Sign in to <code>{question.server}</code>
        </>
      }
      position={position}
      total={total}
      primary={{ label: 'Sign in', run: signIn }}
      cancel={{ label: 'Cancel', run: cancel }}
    >
      <p>
        Claude wants to run <code>{question.tool}</code>, and <strong>{question.server}</strong>{' '}
        needs you to sign in first. Its sign-in page opens in your browser; Lena keeps the token in
        your system’s secret store.
      </p>
    </QuestionFrame>
  );
}
