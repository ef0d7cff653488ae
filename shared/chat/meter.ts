// The context and cost meter's figures, computed in core (electron/core/chat/meter.ts) and stored
// with the conversation, so the window and `lena chat` show the same numbers.
import type { Usage } from './messages';

/** The share of the context window at which the meter warns (and offers summary-and-continue). */
export const CONTEXT_WARNING_SHARE = 0.8;
/** The share of the context window past which a project's pinned files are warned about. */
export const PINNED_WARNING_SHARE = 0.2;

export interface TurnMeter {
  model: string;
  /** All requests of the turn added up. */
  usage: Usage;
  /** USD; null when the model's price is unknown (never 0 for "unknown"). */
  costUsd: number | null;
  /** USD the cache saved against the same requests without it; null when the price is unknown. */
  savingsUsd: number | null;
  /** Requests the turn sent. */
  requests: number;
  /** Requests whose tool definitions differed from the request before (Lena's own tool search loading tools). */
  toolsRewrites: number;
}

export interface ConversationMeter {
  turns: number;
  usage: Usage;
  /** USD of the turns with a known price; null when no turn had one. */
  costUsd: number | null;
  savingsUsd: number | null;
  /** Turns whose model had no price (their cost is not in costUsd). */
  unpricedTurns: number;
  /** Requests whose tool definitions changed, so the cached prefix was written again (all turns). */
  toolsRewrites: number;
  lastTurn: TurnMeter | null;
  /** The last response's input tokens, cache included: how full the context window is. */
  contextTokens: number;
  /** The model's context window; null when unknown. */
  contextLimit: number | null;
  /** contextTokens reached CONTEXT_WARNING_SHARE of the limit. */
  warn: boolean;
  /** Estimated tokens of the pinned files of the conversation's project; absent = none. */
  pinnedTokens?: number;
  /** Of those, the tokens the next turn gives (moved to the project, not given yet); absent = none. */
  pinnedNextTokens?: number;
  /** The pinned files take more than PINNED_WARNING_SHARE of the context window. */
  pinnedWarn?: boolean;
  /** Of usage and costUsd, what servers' sampling requests caused by its tool calls spent; absent = none. */
  sampling?: SamplingSpend;
}

/** Sampling requests answered with the user's key for a conversation (a server asked during its tool call). */
export interface SamplingSpend {
  requests: number;
  usage: Usage;
  /** USD of the requests with a known price; null when none had one. */
  costUsd: number | null;
  /** Requests whose model had no price (their cost is not in costUsd). */
  unpricedRequests: number;
}
