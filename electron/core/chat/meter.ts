// The meter's arithmetic: a turn's usage priced with the one price table (shared/prices.ts, with
// the settings' overrides), added to the conversation's totals, and how full the context window
// was at the last response. Core computes it once; the window and `lena chat` read what is stored.
import {
  CONTEXT_WARNING_SHARE,
  PINNED_WARNING_SHARE,
  type ConversationMeter,
  type SamplingSpend,
  type TurnMeter,
} from '../../../shared/chat/meter';
import type { Usage } from '../../../shared/chat/messages';
import type { ConversationRecord, ConversationStore } from '../store/conversations';
import {
  cacheSavingsOf,
  contextTokensOf,
  costOf,
  priceFor,
  type ModelPrice,
} from '../../../shared/prices';

const ZERO: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 };

const plus = (a: Usage, b: Usage): Usage => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
  cacheCreationTokens: a.cacheCreationTokens + b.cacheCreationTokens,
});

const sum = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : a + b;

/** The sampling part a meter carries through a turn or a project's files. */
const samplingPart = (m: ConversationMeter | undefined) =>
  m?.sampling ? { sampling: m.sampling } : {};

export interface TurnFigures {
  model: string;
  usage: Usage;
  /** The usage of the turn's last response (its input is the context the model saw). */
  lastResponse: Usage | null;
  requests: number;
  toolsRewrites: number;
  /** The model's context window (Models API or the built-in table). */
  contextLimit: number | null;
  prices?: Readonly<Record<string, ModelPrice>>;
}

/** One turn priced. */
export function turnMeter(f: TurnFigures): TurnMeter {
  const price = priceFor(f.model, f.prices);
  return {
    model: f.model,
    usage: { ...f.usage },
    costUsd: costOf(f.usage, price),
    savingsUsd: cacheSavingsOf(f.usage, price),
    requests: f.requests,
    toolsRewrites: f.toolsRewrites,
  };
}

/** The conversation's meter with one more turn. */
export function addTurn(
  before: ConversationMeter | undefined,
  turn: TurnMeter,
  f: Pick<TurnFigures, 'lastResponse' | 'contextLimit'>,
): ConversationMeter {
  const contextTokens = f.lastResponse
    ? contextTokensOf(f.lastResponse)
    : (before?.contextTokens ?? 0);
  const contextLimit = f.contextLimit ?? before?.contextLimit ?? null;
  return {
    turns: (before?.turns ?? 0) + 1,
    usage: plus(before?.usage ?? ZERO, turn.usage),
    costUsd: sum(before?.costUsd ?? null, turn.costUsd),
    savingsUsd: sum(before?.savingsUsd ?? null, turn.savingsUsd),
    unpricedTurns: (before?.unpricedTurns ?? 0) + (turn.costUsd === null ? 1 : 0),
    toolsRewrites: (before?.toolsRewrites ?? 0) + turn.toolsRewrites,
    lastTurn: turn,
    contextTokens,
    contextLimit,
    warn: contextLimit !== null && contextTokens >= CONTEXT_WARNING_SHARE * contextLimit,
    ...pinnedPart(before?.pinnedTokens, contextLimit, before?.pinnedNextTokens),
    ...samplingPart(before),
  };
}

/**
 * The conversation's meter with one sampling request a server made during its tool call: priced
 * like a turn (the model that answered, the same table and overrides) and added to the totals, and
 * kept apart in `sampling` so the meter can say what servers spent. The context is not touched:
 * the request was not part of the conversation's context.
 */
export function addSampling(
  before: ConversationMeter | undefined,
  f: { model: string; usage: Usage; prices?: Readonly<Record<string, ModelPrice>> },
): ConversationMeter {
  const costUsd = costOf(f.usage, priceFor(f.model, f.prices));
  const was: SamplingSpend = before?.sampling ?? {
    requests: 0,
    usage: { ...ZERO },
    costUsd: null,
    unpricedRequests: 0,
  };
  return {
    turns: before?.turns ?? 0,
    usage: plus(before?.usage ?? ZERO, f.usage),
    costUsd: sum(before?.costUsd ?? null, costUsd),
    savingsUsd: before?.savingsUsd ?? null,
    unpricedTurns: before?.unpricedTurns ?? 0,
    toolsRewrites: before?.toolsRewrites ?? 0,
    lastTurn: before?.lastTurn ?? null,
    contextTokens: before?.contextTokens ?? 0,
    contextLimit: before?.contextLimit ?? null,
    warn: before?.warn ?? false,
    ...pinnedPart(before?.pinnedTokens, before?.contextLimit ?? null, before?.pinnedNextTokens),
    sampling: {
      requests: was.requests + 1,
      usage: plus(was.usage, f.usage),
      costUsd: sum(was.costUsd, costUsd),
      unpricedRequests: was.unpricedRequests + (costUsd === null ? 1 : 0),
    },
  };
}

function pinnedPart(tokens: number | undefined, contextLimit: number | null, next?: number) {
  if (!tokens) return {};
  return {
    pinnedTokens: tokens,
    pinnedWarn: contextLimit !== null && tokens > PINNED_WARNING_SHARE * contextLimit,
    ...(next ? { pinnedNextTokens: next } : {}),
  };
}

/** What the conversation's project's pinned files come to, in estimated tokens. */
export interface PinnedFigures {
  /** All of the project's files that can be given. */
  total: number;
  /** Given by the turn being sent now: they fill the context before its response reports it. */
  given: number;
  /** Not given yet: the next turn gives them (a conversation moved to the project). */
  next?: number;
}

/**
 * The meter with the pinned files of the conversation's project: counted when a turn gives them
 * (the first turn, or the first after a move) and shown as due when the conversation was moved.
 */
export function withPinned(
  before: ConversationMeter | undefined,
  pinned: PinnedFigures,
  contextLimit: number | null,
): ConversationMeter {
  const limit = before?.contextLimit ?? contextLimit;
  return {
    turns: before?.turns ?? 0,
    usage: before?.usage ?? { ...ZERO },
    costUsd: before?.costUsd ?? null,
    savingsUsd: before?.savingsUsd ?? null,
    unpricedTurns: before?.unpricedTurns ?? 0,
    toolsRewrites: before?.toolsRewrites ?? 0,
    lastTurn: before?.lastTurn ?? null,
    contextTokens: (before?.contextTokens ?? 0) + pinned.given,
    contextLimit: limit,
    warn: before?.warn ?? false,
    ...pinnedPart(pinned.total, limit, pinned.next),
    ...samplingPart(before),
  };
}

/**
 * One sampling request's spend added to the conversation's stored meter; the conversation as it is
 * now, or undefined when it was deleted meanwhile.
 */
export function recordSampling(
  store: ConversationStore,
  conversationId: string,
  f: Parameters<typeof addSampling>[1],
): ConversationRecord | undefined {
  try {
    return store.setMeter(conversationId, addSampling(store.summary(conversationId).meter, f));
  } catch {
    return undefined; // deleted meanwhile, or an id no conversation has
  }
}

/** A cheap key of a request's tool definitions: a change means the cached tools prefix was rewritten. */
export function toolsKey(tools: readonly unknown[] | undefined): string {
  return (tools ?? [])
    .map((t) => {
      const d = t as { name?: string; type?: string; defer_loading?: boolean };
      return `${d.name ?? d.type ?? ''}${d.defer_loading ? '~' : ''}`;
    })
    .join(',');
}

/** What a turn's requests added up to, as they arrive, and the turn priced at its end. */
export class TurnCount {
  /** Every request of the turn added up. */
  readonly usage: Usage = { ...ZERO };
  requests = 0;
  toolsRewrites = 0;
  lastResponse: Usage | null = null;
  /** Model, context limit and prices, once the turn knows its settings. */
  priced: Pick<TurnFigures, 'model' | 'contextLimit' | 'prices'> | null = null;

  /** `key`: the tools key of the conversation's last request before this turn. */
  constructor(private key: string | undefined) {}

  /** One request answered (or failed after it was sent). */
  add(usage: Usage, key: string | undefined): void {
    this.requests++;
    Object.assign(this.usage, plus(this.usage, usage));
    if (key !== undefined) {
      if (this.key !== undefined && key !== this.key) this.toolsRewrites++;
      this.key = key;
    }
    if (contextTokensOf(usage) > 0) this.lastResponse = { ...usage };
  }

  /** The tools key of the newest request (for the next turn's count). */
  get lastKey(): string | undefined {
    return this.key;
  }

  /**
   * The turn priced and added to the stored meter; undefined when no request went out. A
   * conversation deleted meanwhile keeps nothing, but the turn's figures are still returned.
   */
  record(store: ConversationStore, conversationId: string): TurnMeter | undefined {
    if (!this.priced || this.requests === 0) return undefined;
    const figures: TurnFigures = {
      ...this.priced,
      usage: this.usage,
      lastResponse: this.lastResponse,
      requests: this.requests,
      toolsRewrites: this.toolsRewrites,
    };
    const meter = turnMeter(figures);
    try {
      store.setMeter(conversationId, addTurn(store.summary(conversationId).meter, meter, figures));
    } catch {
      // deleted meanwhile
    }
    return meter;
  }
}
