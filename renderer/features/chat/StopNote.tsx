// How a turn ended when it did not simply finish: declined (refusal), cut off (max_tokens),
// too big for the model, paused, a stop sequence, or a reason Lena does not know. Each says what
// happened with the API's own details and offers what can work next, never a Retry that would
// fail the same way.
import type { ChatErrorInfo } from '../../../shared/chat/stops';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { conversationsSelectors } from '../../store/conversations/selectors';

/** The user turn sent by Continue: a new message, never a prefill. */
export const CONTINUE_TEXT = 'Please continue from where you stopped.';

export function StopNote({ error, title }: { error: ChatErrorInfo; title: string }) {
  const { send, setView, setEditing, regenerate, continueWithSummary, dropOldToolResults } =
    useLenaActions();
  const models = useLena(chatSelectors.models);
  const { setConversationModel } = useLenaActions();
  // Another model answers the same prompt: pick it, and the prompt is asked again.
  const retryWith = async (model: string) => {
    await setConversationModel(model);
    await regenerate();
  };
  const conversationId = useLena(conversationsSelectors.activeId);
  const running = useLena(chatSelectors.running);
  const lastPromptId = useLena(chatSelectors.lastPromptId);
  const d = error.details;
  const tone = error.kind === 'stop-sequence' ? 'stop-note-plain' : 'stop-note-warn';
  return (
    <div
      className={`error-note stop-note ${tone}`}
      role="status"
      data-kind={error.kind}
      data-stop-reason={d?.stopReason ?? ''}
      data-testid="stop-note"
    >
      <div className="error-note-title">{title}</div>
      <p className="error-note-message">{error.message}</p>
      {error.kind === 'refusal' && (d?.category || d?.explanation) && (
        <dl className="stop-details small">
          {d.category && (
            <>
              <dt>Category</dt>
              <dd>{d.category}</dd>
            </>
          )}
          {d.explanation && (
            <>
              <dt>Explanation</dt>
              <dd>{d.explanation}</dd>
            </>
          )}
        </dl>
      )}
      {d?.stopReason && (
        <p className="muted small">
          Stop reason: <code>{d.stopReason}</code>
        </p>
      )}
      <div className="row">
        {error.kind === 'refusal' && (
          <>
            <button
              className="primary"
              disabled={running || !lastPromptId}
              onClick={() => lastPromptId && setEditing(lastPromptId)}
            >
              Edit and resend
            </button>
            {models && models.length > 0 ? (
              <select
                aria-label="Retry with another model"
                value=""
                disabled={running}
                onChange={(e) => e.target.value && void retryWith(e.target.value)}
              >
                <option value="">Retry with another model…</option>
                {models.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.displayName}
                  </option>
                ))}
              </select>
            ) : (
              <button disabled={running} onClick={() => setView('settings')}>
                Retry with another model
              </button>
            )}
          </>
        )}
        {error.action === 'continue' && (
          <button className="primary" disabled={running} onClick={() => void send(CONTINUE_TEXT)}>
            Continue
          </button>
        )}
        {error.kind === 'max-tokens' && (
          <button disabled={running} onClick={() => setView('settings')}>
            Raise the limit in Settings
          </button>
        )}
        {error.kind === 'context' && conversationId && (
          <button
            className="primary"
            disabled={running}
            onClick={() => void continueWithSummary(conversationId)}
          >
            New conversation with summary
          </button>
        )}
        {error.alternatives?.includes('drop-old-tool-results') && (
          <button disabled={running} onClick={() => void dropOldToolResults()}>
            Drop older tool results and retry
          </button>
        )}
        {error.kind === 'unknown-stop' && (
          <button disabled={running} onClick={() => void regenerate()}>
            Regenerate
          </button>
        )}
      </div>
    </div>
  );
}
