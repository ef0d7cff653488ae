// A failed turn, inline under the conversation, with the action that fixes it.
import { useEffect, useState } from 'react';
import type { ChatErrorInfo } from '../../../shared/chat/stops';
import { useLena, useLenaActions } from '../../store';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { StopNote } from './StopNote';

const TITLES: Record<ChatErrorInfo['kind'], string> = {
  auth: 'Claude refused the API key',
  'no-key': 'No Anthropic API key is set',
  'rate-limit': 'Rate limited by the Anthropic API',
  overloaded: 'The Anthropic API is overloaded',
  context: 'The conversation is too long for the model',
  network: 'Could not reach the Anthropic API',
  interrupted: 'The answer was interrupted',
  'max-rounds': 'Stopped after the maximum number of tool rounds',
  api: 'The Anthropic API returned an error',
  refusal: 'Claude declined to answer',
  'max-tokens': 'The answer was cut off',
  'stop-sequence': 'The answer stopped at a stop sequence',
  paused: 'Claude paused its turn',
  'unknown-stop': 'The answer ended for an unknown reason',
};

const STOP_KINDS = new Set<ChatErrorInfo['kind']>([
  'refusal',
  'max-tokens',
  'stop-sequence',
  'paused',
  'unknown-stop',
]);

function useCountdown(seconds: number | undefined): number | null {
  const [left, setLeft] = useState(seconds ?? null);
  useEffect(() => {
    if (seconds === undefined) return;
    setLeft(seconds);
    const t = setInterval(() => setLeft((n) => (n === null || n <= 0 ? 0 : n - 1)), 1000);
    return () => clearInterval(t);
  }, [seconds]);
  return left;
}

export function ChatErrorNote({ error }: { error: ChatErrorInfo }) {
  if (STOP_KINDS.has(error.kind) || error.details?.stopReason)
    return <StopNote error={error} title={TITLES[error.kind]} />;
  return <ErrorNote error={error} />;
}

function ErrorNote({ error }: { error: ChatErrorInfo }) {
  const { setView, regenerate, continueWithSummary } = useLenaActions();
  const conversationId = useLena(conversationsSelectors.activeId);
  const left = useCountdown(error.retryAfterSeconds);
  const action =
    error.action ??
    (error.kind === 'auth' || error.kind === 'no-key' ? 'open-settings' : undefined);
  return (
    <div className="error-note chat-error" role="alert" data-kind={error.kind}>
      <div className="error-note-title">
        <span aria-hidden>✕</span> {TITLES[error.kind]}
      </div>
      <p className="error-note-message">{error.message}</p>
      {error.kind === 'rate-limit' && left !== null && (
        <p className="muted small">
          {left > 0 ? `You can retry in ${left} s.` : 'You can retry now.'}
        </p>
      )}
      <div className="row">
        {action === 'open-settings' && (
          <button className="primary" onClick={() => setView('settings')}>
            Open settings
          </button>
        )}
        {action === 'retry' && (
          <button disabled={left !== null && left > 0} onClick={() => void regenerate()}>
            Retry
          </button>
        )}
        {action === 'new-conversation-with-summary' && conversationId && (
          <button className="primary" onClick={() => void continueWithSummary(conversationId)}>
            New conversation with summary
          </button>
        )}
      </div>
    </div>
  );
}
