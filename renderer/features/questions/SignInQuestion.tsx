// The card a chat turn shows when a tool it calls needs the server's sign-in: Sign in opens the
// server's sign-in page in the system browser (never inside Lena), then the card waits for the
// browser to come back, with Cancel. Cancel tells Claude the tool did not run.
import { agentOfTool } from '../../../shared/a2a';
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
  // A delegation to an A2A agent (its tool is a2a__NAME) waits for the agent's own sign-in.
  const agent = agentOfTool(question.tool);
  const who = (
    <>
      {agent ? 'agent ' : ''}
      <code>{question.server}</code>
    </>
  );
  if (question.waiting) {
    return (
      <QuestionFrame
        questionId={question.id}
        elsewhere={elsewhere}
        className="sign-in-question"
        heading={<>Signing in to {who}</>}
        position={position}
        total={total}
        primary={null}
        cancel={{ label: 'Cancel', run: cancel }}
      >
        <p data-testid="sign-in-waiting">
          {agent ? (
            <>Finish signing in in your browser; Lena then sends the task to the agent.</>
          ) : (
            <>
              Finish signing in in your browser; Lena then runs <code>{question.tool}</code>.
            </>
          )}
        </p>
      </QuestionFrame>
    );
  }
  return (
    <QuestionFrame
      questionId={question.id}
      elsewhere={elsewhere}
      className="sign-in-question"
      heading={<>Sign in to {who}</>}
      position={position}
      total={total}
      primary={{ label: 'Sign in', run: signIn }}
      cancel={{ label: 'Cancel', run: cancel }}
    >
      {agent ? (
        <p>
          Claude wants to hand a task to the agent <strong>{question.server}</strong>, which needs
          you to sign in first. Its sign-in page opens in your browser; Lena keeps the token in your
          system’s secret store and sends the task once you are signed in.
        </p>
      ) : (
        <p>
          Claude wants to run <code>{question.tool}</code>, and <strong>{question.server}</strong>{' '}
          needs you to sign in first. Its sign-in page opens in your browser; Lena keeps the token
          in your system’s secret store.
        </p>
      )}
    </QuestionFrame>
  );
}
