// The body of a URL elicitation: the address with its origin set apart (an address on this
// computer, from a local server, asked as such with a warning), opened in the system
// browser only when the user agrees; then a note that Lena waits for the server, which the
// server's completion notice (or Close) ends.
import type { ElicitationUrlQuestion } from '../../../shared/client-questions';
import { Marked } from '../../components/Marked';
import { useLenaActions } from '../../store';
import { QuestionFrame } from './QuestionFrame';
import { useElsewhere } from './elsewhere';

// Long: the URL, its origin and the local-address warning in one question's markup.
export function UrlQuestionView({
  question,
  position,
  total,
}: {
  question: ElicitationUrlQuestion;
  position: number;
  total: number;
}) {
  const { answerServerQuestion: answer } = useLenaActions();
  const elsewhere = useElsewhere(question.conversationId);
  const open = () => void answer(question.id, { action: 'accept' });
  const decline = () => void answer(question.id, { action: 'decline' });
  const cancel = () => void answer(question.id, { action: 'cancel' });
  const rest = question.url.slice(question.origin.length);
  if (question.opened) {
    return (
      <QuestionFrame
        questionId={question.id}
        elsewhere={elsewhere}
        className="url-question"
        heading={
          <>
            Waiting for <code>{question.server}</code>
          </>
        }
        position={position}
        total={total}
        primary={null}
        cancel={{ label: 'Close', run: cancel }}
      >
        <p data-testid="url-waiting">
          The page at <strong>{question.origin}</strong> opened in your browser. This closes when{' '}
          {question.server} says the step is done.
        </p>
      </QuestionFrame>
    );
  }
  return (
    <QuestionFrame
      questionId={question.id}
      elsewhere={elsewhere}
      className="url-question"
      heading={
        question.loopback ? (
          <>
            <code>{question.server}</code> asks you to open an address on this computer,{' '}
            <code>{new URL(question.origin).host}</code>
          </>
        ) : (
          <>
            <code>{question.server}</code> asks you to open a page on{' '}
            <code>{new URL(question.origin).host}</code>
          </>
        )
      }
      position={position}
      total={total}
      primary={{ label: 'Open in the browser', run: open }}
      cancel={{ label: 'Cancel', run: cancel }}
      choices={<button onClick={decline}>Don’t open</button>}
    >
      <span className="small muted">The server says (its own words)</span>
      <div className="server-text">
        <Marked text={question.message || '(no message)'} />
      </div>
      <span className="small muted">It opens</span>
      <p className="mono real-target" data-testid="url-target">
        <strong>{question.origin}</strong>
        <span>{rest}</span>
      </p>
      {question.loopback ? (
        <p className="warning small" role="note" data-testid="url-loopback">
          ⚠ This is not a website: it points at your own computer ({question.origin}). Whatever
          program listens on that port gets the request, with your browser’s cookies for it. Open it
          only if you started a sign-in or setup with {question.server} that runs here.
        </p>
      ) : null}
      <p className="small muted">
        It opens in your browser, not in Lena. Lena sends the server nothing from the page.
      </p>
    </QuestionFrame>
  );
}
