// "Open this link?": asked before opening a link whose text shows another address, whose site
// name could imitate another, or whose address came from a tool result. Shows the real target,
// its site name set apart, so the user judges the address and not the words around it.
import { Marked } from '../../components/Marked';
import { useLenaActions } from '../../store';
import type { LinkQuestion } from '../../store/asks/initial-state';
import { QuestionFrame } from '../questions/QuestionFrame';

function RealTarget({ href }: { href: string }) {
  const url = new URL(href);
  const rest = href.slice(`${url.protocol}//${url.host}`.length);
  return (
    <p className="mono real-target" data-testid="link-target">
      <span className="muted">{url.protocol}//</span>
      <strong>{url.host}</strong>
      <span>{rest}</span>
    </p>
  );
}

export function LinkQuestionView({
  question,
  position,
  total,
}: {
  question: LinkQuestion;
  position: number;
  total: number;
}) {
  const { answerLink } = useLenaActions();
  const open = () => answerLink(question.id, true);
  const drop = () => answerLink(question.id, false);
  return (
    <QuestionFrame
      questionId={question.id}
      className="link-question"
      heading={
        <>
          Open a link to <code>{new URL(question.href).hostname}</code>?
        </>
      }
      position={position}
      total={total}
      primary={{ label: 'Open the link', button: 'Open in the browser', run: open }}
      cancel={{ label: 'Don’t open it', button: 'Don’t open', run: drop }}
    >
      <ul className="link-reasons">
        {question.reasons.map((r) => (
          <li key={r} className="warning small">
            ⚠ {r}
          </li>
        ))}
      </ul>
      <span className="small muted">The link shows</span>
      <p className="server-text">
        <Marked text={question.text || '(no text)'} />
      </p>
      <span className="small muted">It really opens</span>
      <RealTarget href={question.href} />
    </QuestionFrame>
  );
}
