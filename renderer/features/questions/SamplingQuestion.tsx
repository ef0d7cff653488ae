// The bodies of a sampling request: first the request as it will go to Claude (editable, with
// what Lena leaves out or lowers said plainly), then Claude's answer before it goes back to the
// server. "Always for this server" is a lasting choice and asks "Are you sure?" first.
import { useState } from 'react';
import type {
  SamplingAnswerQuestion,
  SamplingDraft,
  SamplingRequestQuestion,
} from '../../../shared/client-questions';
import { useLena, useLenaActions } from '../../store';
import { asksSelectors } from '../../store/asks/selectors';
import { ConfirmStep, QuestionFrame } from './QuestionFrame';
import { useElsewhere } from './elsewhere';

// Long: reviewing the request and its answer are two steps over the same edited state.
export function SamplingRequestView({
  question,
  position,
  total,
}: {
  question: SamplingRequestQuestion;
  position: number;
  total: number;
}) {
  const { answerServerQuestion: answer } = useLenaActions();
  const elsewhere = useElsewhere(question.conversationId);
  const failure = useLena(asksSelectors.error);
  const [draft, setDraft] = useState<SamplingDraft>(question.draft);
  const [confirming, setConfirming] = useState(false);
  const edited = JSON.stringify(draft) !== JSON.stringify(question.draft);
  const approve = (always = false) =>
    void answer(question.id, {
      action: 'approve',
      ...(edited ? { draft } : {}),
      ...(always ? { always } : {}),
    });
  const deny = () => void answer(question.id, { action: 'deny' });
  const setMessage = (i: number, text: string) =>
    setDraft((d) => ({ ...d, messages: d.messages.map((m, j) => (j === i ? { ...m, text } : m)) }));
  const footer = confirming ? (
    <ConfirmStep
      confirmLabel="Yes, always for this server"
      onConfirm={() => approve(true)}
      onCancel={() => setConfirming(false)}
    >
      Every later request of {question.server} will go to Claude, on your key, without this review
      (you still see each answer). Change it in the server’s settings.
    </ConfirmStep>
  ) : undefined;
  return (
    <QuestionFrame
      questionId={question.id}
      elsewhere={elsewhere}
      armKey={`${question.id}${confirming ? ':confirm' : ''}`}
      className="sampling-question"
      heading={
        <>
          <code>{question.server}</code> asks to send a request to Claude
        </>
      }
      position={position}
      total={total}
      primary={confirming ? null : { label: 'Send to Claude', run: () => approve() }}
      cancel={
        confirming
          ? { label: 'Cancel', run: () => setConfirming(false) }
          : { label: 'Deny', run: deny }
      }
      choices={
        <button className="ghost" onClick={() => setConfirming(true)}>
          Always for this server…
        </button>
      }
      footer={footer}
    >
      <p className="small">
        It uses your API key and counts toward your usage. Model: <strong>{question.model}</strong>{' '}
        (yours)
        {question.modelPreferences && (
          <span className="muted"> · the server {question.modelPreferences}</span>
        )}
      </p>
      {question.notices.length > 0 && (
        <ul className="sampling-notices" data-testid="sampling-notices">
          {question.notices.map((n) => (
            <li key={n} className="small warning">
              {n}
            </li>
          ))}
        </ul>
      )}
      <label className="small muted" htmlFor={`${question.id}-system`}>
        System prompt (the server’s)
      </label>
      <textarea
        id={`${question.id}-system`}
        rows={2}
        value={draft.systemPrompt}
        onChange={(e) => setDraft({ ...draft, systemPrompt: e.target.value })}
      />
      {draft.messages.map((m, i) => (
        <div key={i} className="sampling-message">
          <label className="small muted" htmlFor={`${question.id}-m${i}`}>
            {m.role === 'user' ? 'Message (as the user)' : 'Message (as Claude)'}
          </label>
          <textarea
            id={`${question.id}-m${i}`}
            rows={3}
            value={m.text}
            onChange={(e) => setMessage(i, e.target.value)}
          />
          {m.attachments.length > 0 && (
            <p className="small muted">With {m.attachments.join('; ')}</p>
          )}
        </div>
      ))}
      <label className="small">
        Max tokens{' '}
        <input
          type="number"
          min={1}
          step={1}
          value={draft.maxTokens}
          onChange={(e) =>
            setDraft({ ...draft, maxTokens: Math.max(1, Math.floor(Number(e.target.value) || 1)) })
          }
        />
      </label>
      {edited && (
        <p className="small muted">You edited the request; your version is what goes to Claude.</p>
      )}
      {failure && (
        <p className="error small" role="alert">
          Your answer was not recorded: {failure.message}
        </p>
      )}
    </QuestionFrame>
  );
}

export function SamplingAnswerView({
  question,
  position,
  total,
}: {
  question: SamplingAnswerQuestion;
  position: number;
  total: number;
}) {
  const { answerServerQuestion: answer } = useLenaActions();
  const elsewhere = useElsewhere(question.conversationId);
  const approve = () => void answer(question.id, { action: 'approve' });
  const deny = () => void answer(question.id, { action: 'deny' });
  return (
    <QuestionFrame
      questionId={question.id}
      elsewhere={elsewhere}
      className="sampling-question"
      heading={
        <>
          Return Claude’s answer to <code>{question.server}</code>?
        </>
      }
      position={position}
      total={total}
      primary={{
        label: 'Return the answer',
        button: `Return to ${question.server}`,
        run: approve,
      }}
      cancel={{ label: 'Don’t return it', run: deny }}
    >
      <p className="small muted" data-testid="sampling-answer-meta">
        {question.model}
        {question.stopReason ? ` · stopped: ${question.stopReason}` : ''}
        {question.usage
          ? ` · used ${question.usage.input.toLocaleString()} input + ${question.usage.output.toLocaleString()} output tokens of your key`
          : ''}
      </p>
      <pre className="sampling-answer" data-testid="sampling-answer">
        {question.text || '(empty answer)'}
      </pre>
    </QuestionFrame>
  );
}
