// The context and cost meter: text beside the composer bar's four stops, never a stop itself. It
// shows the stored meter of the open conversation (core computes it after each turn): how full the
// model's context window was at the last response, the conversation's cost and the last turn's,
// and what the cache saved; the details are in its title. At the warning share a note above the
// message box offers summary-and-continue (ContextWarning).
import { attachmentsTokens } from '../../../shared/chat/attachment-rules';
import type { ConversationMeter } from '../../../shared/chat/meter';
import { conversationCost, meterDetails, usdText } from '../../../shared/chat/meter-text';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { formatTokens } from '../../lib/format';

const count = (n: number) => n.toLocaleString('en-US');

/** 200K, 1M: a context window as people say it. */
export function limitText(limit: number): string {
  if (limit >= 1_000_000 && limit % 1_000_000 === 0) return `${limit / 1_000_000}M`;
  return limit >= 1000 ? `${Math.round(limit / 1000)}K` : String(limit);
}

/** The share of the context window in whole percent, or null when the limit is unknown. */
const shareOf = (m: ConversationMeter) =>
  m.contextLimit ? Math.round((100 * m.contextTokens) / m.contextLimit) : null;

/** The open conversation's meter, or null before its first turn. */
const useMeter = () => useLena((s) => conversationsSelectors.active(s)?.meter ?? null);

export function ContextMeter() {
  const m = useMeter();
  if (!m) return null;
  const share = shareOf(m);
  const saved = m.savingsUsd !== null && m.savingsUsd > 0 ? m.savingsUsd : null;
  return (
    <span
      className={`muted small context-meter${m.warn ? ' warn' : ''}`}
      data-testid="context-meter"
      title={meterDetails(m)}
    >
      {share !== null && m.contextLimit !== null && (
        <>
          <span className="context-meter-bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, share)}%` }} />
          </span>
          <span data-testid="meter-context">
            {share} % of {limitText(m.contextLimit)}
          </span>
        </>
      )}
      <span data-testid="meter-cost">
        {conversationCost(m)}
        {m.turns > 1 && m.lastTurn && (
          <span className="hide-narrow"> · last {usdText(m.lastTurn.costUsd)}</span>
        )}
      </span>
      {saved !== null && (
        <span className="hide-narrow" data-testid="meter-saved">
          cache saved {usdText(saved)}
        </span>
      )}
      {m.pinnedTokens ? (
        <span className={m.pinnedWarn ? 'warning' : 'hide-narrow'} data-testid="meter-pinned">
          pinned {limitText(m.pinnedTokens)}
          {m.pinnedNextTokens ? ` (+${limitText(m.pinnedNextTokens)} next message)` : ''}
          {m.pinnedWarn ? ' (over 20 % of the context)' : ''}
        </span>
      ) : null}
    </span>
  );
}

/**
 * What the composer's attachments add to the next request, estimated before sending, and where
 * that puts the context window (from the last response's figure).
 */
export function AttachmentsCost() {
  const attachments = useLena(chatSelectors.attachments);
  const m = useMeter();
  if (attachments.length === 0) return null;
  const { tokens, unknown } = attachmentsTokens(attachments);
  const window = m?.contextLimit ?? null;
  const after = (m?.contextTokens ?? 0) + tokens;
  const share = window ? Math.round((100 * after) / window) : null;
  const title = [
    `${attachments.length} attachment${attachments.length === 1 ? '' : 's'}: about ${count(tokens)} input tokens when sent` +
      (unknown > 0 ? ` (${unknown} of unknown cost not counted)` : ''),
    'Images: width × height / 750 after the API scales them; PDFs: about 2,300 tokens a page; text: characters / 4',
    ...(share !== null && window
      ? [
          `With them the context would be about ${count(after)} of ${count(window)} tokens (${share} %)`,
        ]
      : []),
  ].join('\n');
  return (
    <span
      className={`muted small attachments-cost${share !== null && share >= 80 ? ' warn' : ''}`}
      data-testid="attachments-cost"
      title={title}
    >
      + ≈{formatTokens(tokens)}
      {unknown > 0 ? ' +?' : ''} in files
    </span>
  );
}

/** Above the message box when the context window is nearly full: offers summary-and-continue. */
export function ContextWarning() {
  const m = useMeter();
  const id = useLena(conversationsSelectors.activeId);
  const running = useLena(chatSelectors.running);
  const { continueWithSummary } = useLenaActions();
  if (!m?.warn || !id || m.contextLimit === null) return null;
  return (
    <div className="warning small context-warning" role="note" data-testid="context-warning">
      <span>
        The context window is {shareOf(m)} % full ({count(m.contextTokens)} of{' '}
        {count(m.contextLimit)} tokens). Continue in a new conversation that starts from a summary
        of this one, before requests are refused.
      </span>
      <button type="button" disabled={running} onClick={() => void continueWithSummary(id)}>
        New conversation with summary
      </button>
    </div>
  );
}
