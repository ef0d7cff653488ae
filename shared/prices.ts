// What Claude costs, per model: one table for the meter (core computes, the window shows). USD per
// million tokens, from Anthropic's model overview pages ("Pricing": input, output, 5-minute cache
// write, cache read), read on PRICES_READ_ON. Settings may override or add a model (`prices`). A
// model the table does not know has no price: the meter says "price unknown", never $0. Pure: no
// Node, no DOM.
import type { Usage } from './chat/messages';

export interface ModelPrice {
  /** Base input tokens. */
  input: number;
  output: number;
  /** 5-minute cache writes (what Lena's breakpoints ask for). */
  cacheWrite: number;
  /** Cache hits and refreshes. */
  cacheRead: number;
}

/** The day the table below was read from the documentation. */
export const PRICES_READ_ON = '2026-12-04';

const price = (input: number, output: number, cacheWrite: number, cacheRead: number) => ({
  input,
  output,
  cacheWrite,
  cacheRead,
});

/**
 * Per model id. Haiku 5.5 is left out: its price depends on each request's prompt length (two
 * bands), which a per-model rate cannot say; Opus 4.7 is left out until its page is read.
 */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'claude-opus-5-5': price(4, 20, 5, 0.2),
  'claude-sonnet-5-5': price(2, 10, 2.5, 0.2),
  'claude-opus-5': price(5, 25, 6.25, 0.5),
  'claude-sonnet-5': price(2, 10, 2.5, 0.2),
  'claude-opus-4-6': price(5, 25, 6.25, 0.5),
  'claude-opus-4-5': price(5, 25, 6.25, 0.5),
  'claude-sonnet-4-6': price(3, 15, 3.75, 0.3),
  'claude-sonnet-4-5': price(3, 15, 3.75, 0.3),
  'claude-haiku-4-5': price(1, 5, 1.25, 0.1),
};

/** A dated id (`claude-sonnet-4-5-20250929`) is priced as its model. */
const DATED = /-\d{8}$/;

/** The price of a model (settings' own entries first), or null when nobody knows it. */
export function priceFor(
  model: string,
  overrides: Readonly<Record<string, ModelPrice>> = {},
): ModelPrice | null {
  const base = model.replace(DATED, '');
  return overrides[model] ?? overrides[base] ?? MODEL_PRICES[model] ?? MODEL_PRICES[base] ?? null;
}

const PER = 1_000_000;

/** What `usage` cost in USD, or null without a price. */
export function costOf(usage: Usage, price: ModelPrice | null): number | null {
  if (!price) return null;
  return (
    (usage.inputTokens * price.input +
      usage.outputTokens * price.output +
      usage.cacheCreationTokens * price.cacheWrite +
      usage.cacheReadTokens * price.cacheRead) /
    PER
  );
}

/**
 * What the cache saved in USD against the same requests sent without it: reads cost less than
 * input, writes more; negative when a write was never read back. Null without a price.
 */
export function cacheSavingsOf(usage: Usage, price: ModelPrice | null): number | null {
  if (!price) return null;
  return (
    (usage.cacheReadTokens * (price.input - price.cacheRead) -
      usage.cacheCreationTokens * (price.cacheWrite - price.input)) /
    PER
  );
}

/** Input tokens of one response, cache included: how full the context window was. */
export const contextTokensOf = (usage: Usage): number =>
  usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens;
