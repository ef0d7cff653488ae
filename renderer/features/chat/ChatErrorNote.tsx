// A failed turn, inline under the conversation: the one error note (components/ErrorNote) with the
// buttons of its action. How a turn stopped without failing is a StopNote.
import { useEffect, useState } from 'react';
import { ERROR_CODE, type ErrorCode, type ErrorInfo } from '../../../shared/result';
import { ErrorNote } from '../../components/ErrorNote';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { conversationsSelectors } from '../../store/conversations/selectors';

const TITLES: Partial<Record<ErrorCode, string>> = {
  [ERROR_CODE.apiKeyRefused]: 'Claude refused the API key',
  [ERROR_CODE.noApiKey]: 'No Anthropic API key is set',
  [ERROR_CODE.rateLimited]: 'Rate limited by the Anthropic API',
  [ERROR_CODE.overloaded]: 'The Anthropic API is overloaded',
  [ERROR_CODE.contextTooLong]: 'The conversation is too long for the model',
  [ERROR_CODE.network]: 'Could not reach the Anthropic API',
  [ERROR_CODE.interrupted]: 'The answer was interrupted',
  [ERROR_CODE.maxRounds]: 'Stopped after the maximum number of tool rounds',
};

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

export function ChatErrorNote({ error }: { error: ErrorInfo }) {
  return (
    <ErrorNote
      title={TITLES[error.code] ?? 'The Anthropic API returned an error'}
      error={error}
      className="chat-error"
    >
      <ErrorActions error={error} />
    </ErrorNote>
  );
}

/** The buttons of a turn's error, by its action. */
function ErrorActions({ error }: { error: ErrorInfo }) {
  const { setView, regenerate, continueWithSummary, dropOldToolResults } = useLenaActions();
  const conversationId = useLena(conversationsSelectors.activeId);
  const running = useLena(chatSelectors.running);
  const left = useCountdown(error.data?.retryAfterSeconds);
  switch (error.action) {
    case 'open-settings':
      return (
        <button className="primary" onClick={() => setView('settings')}>
          Open settings
        </button>
      );
    case 'retry':
      return (
        <>
          {left !== null && (
            <span className="muted small">
              {left > 0 ? `You can retry in ${left} s.` : 'You can retry now.'}
            </span>
          )}
          <button disabled={left !== null && left > 0} onClick={() => void regenerate()}>
            Retry
          </button>
        </>
      );
    case 'new-conversation-with-summary':
      return (
        <>
          {conversationId && (
            <button
              className="primary"
              disabled={running}
              onClick={() => void continueWithSummary(conversationId)}
            >
              New conversation with summary
            </button>
          )}
          <button disabled={running} onClick={() => void dropOldToolResults()}>
            Drop older tool results and retry
          </button>
        </>
      );
    default:
      return null;
  }
}
