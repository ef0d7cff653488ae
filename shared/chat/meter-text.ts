// The meter's figures as words, one way for every place that shows them (`lena chat`, the window).
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
  if (conversation && conversation.turns > 1)
    parts.push(`${usdText(conversation.costUsd)} this conversation`);
  if (turn.savingsUsd !== null && turn.savingsUsd !== 0)
    parts.push(
      `cache ${turn.savingsUsd > 0 ? 'saved' : 'cost'} ${usdText(Math.abs(turn.savingsUsd))}`,
    );
  if (conversation) parts.push(contextText(conversation));
  return parts.join(' · ');
}
