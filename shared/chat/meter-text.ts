// The meter's figures as words, one way for every place that shows them (`lena chat`, the window).
import { PRICES_READ_ON } from '../prices';
import type { ConversationMeter, TurnMeter } from './meter';

const count = (n: number) => n.toLocaleString('en-US');

/** USD with enough digits for a cent's fraction; "price unknown" when there is no price (never $0). */
export function usdText(usd: number | null): string {
  if (usd === null) return 'price unknown';
  const abs = Math.abs(usd);
  const digits = abs >= 1 ? 2 : abs >= 0.01 ? 3 : 4;
  return `${usd < 0 ? '-' : ''}$${abs.toFixed(digits)}`;
}

/** How full the context window is, as a percentage of the model's limit (or the tokens alone). */
export function contextText(meter: ConversationMeter): string {
  if (!meter.contextLimit) return `context ${count(meter.contextTokens)} tokens`;
  const share = Math.round((100 * meter.contextTokens) / meter.contextLimit);
  return `context ${share}% of ${count(meter.contextLimit)}${meter.warn ? ' (nearly full: continue from a summary)' : ''}`;
}

/** One line after a turn: its tokens and cost, the conversation's cost, the cache's saving, the context. */
export function meterLine(turn: TurnMeter, conversation: ConversationMeter | undefined): string {
  const u = turn.usage;
  const cached = u.cacheReadTokens + u.cacheCreationTokens;
  const parts = [
    `${count(u.inputTokens + cached)} input${cached > 0 ? ` (${count(u.cacheReadTokens)} read from cache, ${count(u.cacheCreationTokens)} written)` : ''} + ${count(u.outputTokens)} output tokens`,
    `${usdText(turn.costUsd)} this turn`,
  ];
  const sampling = conversation ? samplingText(conversation) : null;
  if (conversation && (conversation.turns > 1 || sampling))
    parts.push(
      `${usdText(conversation.costUsd)} this conversation${sampling ? ` (${sampling})` : ''}`,
    );
  if (turn.savingsUsd !== null && turn.savingsUsd !== 0)
    parts.push(
      `cache ${turn.savingsUsd > 0 ? 'saved' : 'cost'} ${usdText(Math.abs(turn.savingsUsd))}`,
    );
  if (conversation) parts.push(contextText(conversation));
  return parts.join(' · ');
}

/** The conversation's cost: "price unknown" when nothing had a price, "≥" when something had none. */
export function conversationCost(m: ConversationMeter): string {
  if (m.costUsd === null) return 'price unknown';
  const partial = m.unpricedTurns > 0 || (m.sampling?.unpricedRequests ?? 0) > 0;
  return `${partial ? '≥' : ''}${usdText(m.costUsd)}`;
}

/** What servers' sampling requests added to the conversation's cost, or null when none did. */
export function samplingText(m: ConversationMeter): string | null {
  const s = m.sampling;
  if (!s || s.requests === 0) return null;
  const cost =
    s.costUsd === null
      ? 'price unknown'
      : `${s.unpricedRequests > 0 ? '≥' : ''}${usdText(s.costUsd)}`;
  return `of which ${s.requests} request${s.requests === 1 ? '' : 's'} by servers: ${cost}`;
}

/** The meter's details, one fact a line (the window's title on the meter). */
export function meterDetails(m: ConversationMeter): string {
  const u = m.usage;
  const last = m.lastTurn;
  const share = m.contextLimit ? Math.round((100 * m.contextTokens) / m.contextLimit) : null;
  const sampling = samplingText(m);
  const lines = [
    m.contextLimit
      ? `Context window: ${count(m.contextTokens)} of ${count(m.contextLimit)} tokens (${share} %) at the last response, cache included`
      : `Context: ${count(m.contextTokens)} tokens at the last response (the model's limit is unknown)`,
    `This conversation: ${conversationCost(m)} over ${m.turns} turn${m.turns === 1 ? '' : 's'}` +
      (m.unpricedTurns > 0 ? ` (${m.unpricedTurns} without a price, not counted)` : '') +
      (sampling ? `, ${sampling} (sampling with your key, asked by the tools it called)` : ''),
    `Tokens: ${count(u.inputTokens)} input, ${count(u.cacheReadTokens)} read from cache, ${count(u.cacheCreationTokens)} written to cache, ${count(u.outputTokens)} output`,
  ];
  if (m.pinnedTokens)
    lines.push(
      `The project's pinned files: about ${count(m.pinnedTokens)} tokens` +
        (m.pinnedNextTokens
          ? `, of which about ${count(m.pinnedNextTokens)} are given with your next message (moved to this project)`
          : ', given once') +
        (m.pinnedWarn ? " (more than a fifth of the model's context window)" : ''),
    );
  if (last) lines.push(`Last turn (${last.model}): ${usdText(last.costUsd)}`);
  if (m.savingsUsd !== null)
    lines.push(
      m.savingsUsd >= 0
        ? `The cache saved ${usdText(m.savingsUsd)}`
        : `The cache cost ${usdText(-m.savingsUsd)} more than it saved (written, not read back yet)`,
    );
  if (m.toolsRewrites > 0)
    lines.push(`Tool definitions changed ${m.toolsRewrites} times (the cache was written again)`);
  lines.push(`Prices: Lena's table read on ${PRICES_READ_ON}, with your own in Settings`);
  return lines.join('\n');
}
