// How a turn ended when it did not simply finish: declined (refusal), cut off (max_tokens),
// too big for the model, paused, a stop sequence, or a reason Lena does not know. Each says what
// happened with the API's own details and offers what can work next, never a Retry that would
// fail the same way.
import type { StopKind, TurnStop } from '../../../shared/chat/stops';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { conversationsSelectors } from '../../store/conversations/selectors';

/** The user turn sent by Continue: a new message, never a prefill. */
export const CONTINUE_TEXT = 'Please continue from where you stopped.';

const TITLES: Record<StopKind, string> = {
  refusal: 'Claude declined to answer',
  'max-tokens': 'The answer was cut off',
  'context-window': 'The conversation is too long for the model',
  'stop-sequence': 'The answer stopped at a stop sequence',
  paused: 'Claude paused its turn',
  unknown: 'The answer ended for an unknown reason',
};

// Long: one row of buttons per kind of stop, kept together so each kind's choices read in one place.
export function StopNote({ stop }: { stop: TurnStop }) {
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
  const tone = stop.kind === 'stop-sequence' ? 'stop-note-plain' : 'stop-note-warn';
  return (
    <div
      className={`error-note stop-note ${tone}`}
      role="status"
      data-kind={stop.kind}
      data-stop-reason={stop.stopReason}
      data-testid="stop-note"
    >
      <div className="error-note-title">{TITLES[stop.kind]}</div>
      <p className="error-note-message">{stop.message}</p>
      {stop.kind === 'refusal' && (stop.category || stop.explanation) && (
        <dl className="stop-details small">
          {stop.category && (
            <>
              <dt>Category</dt>
              <dd>{stop.category}</dd>
            </>
          )}
          {stop.explanation && (
            <>
              <dt>Explanation</dt>
              <dd>{stop.explanation}</dd>
            </>
          )}
        </dl>
      )}
      <p className="muted small">
        Stop reason: <code>{stop.stopReason}</code>
      </p>
      <div className="row">
        {stop.kind === 'refusal' && (
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
        {(stop.kind === 'max-tokens' || stop.kind === 'paused') && (
          <button className="primary" disabled={running} onClick={() => void send(CONTINUE_TEXT)}>
            Continue
          </button>
        )}
        {stop.kind === 'max-tokens' && (
          <button disabled={running} onClick={() => setView('settings')}>
            Raise the limit in Settings
          </button>
        )}
        {stop.kind === 'context-window' && conversationId && (
          <button
            className="primary"
            disabled={running}
            onClick={() => void continueWithSummary(conversationId)}
          >
            New conversation with summary
          </button>
        )}
        {stop.kind === 'context-window' && (
          <button disabled={running} onClick={() => void dropOldToolResults()}>
            Drop older tool results and retry
          </button>
        )}
        {stop.kind === 'unknown' && (
          <button disabled={running} onClick={() => void regenerate()}>
            Regenerate
          </button>
        )}
      </div>
    </div>
  );
}
