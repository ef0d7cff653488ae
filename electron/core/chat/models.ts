// What Lena knows about each model: output and context limits and capabilities, from the Models
// API (`client.models.list()`), cached for a day, with a built-in table for offline use and for
// endpoints (proxies) that do not serve the Models API. The engine clamps max_tokens with it; the
// model picker and the thinking/effort controls read it.
import type Anthropic from '@anthropic-ai/sdk';
import type { ModelOption } from '../../../shared/chat/models';

/** Limits and capabilities of one model (the shared shape the model picker shows). */
export type ModelLimits = ModelOption;

const K = 1_000;
const M = 1_000_000;
const ADAPTIVE = { thinking: ['adaptive', 'disabled'], effort: ['low', 'medium', 'high', 'max'] };
const CLASSIC = { thinking: ['enabled', 'disabled'], effort: [] as string[] };

/** Offline fallback, from the model overview pages of the API documentation. */
export const BUILT_IN_MODELS: readonly ModelLimits[] = [
  {
    id: 'claude-opus-5-5',
    displayName: 'Claude Opus 5.5',
    maxOutputTokens: 128 * K,
    maxInputTokens: M,
    ...ADAPTIVE,
    effort: [...ADAPTIVE.effort, 'xhigh'],
    source: 'built-in',
  },
  {
    id: 'claude-sonnet-5-5',
    displayName: 'Claude Sonnet 5.5',
    maxOutputTokens: 128 * K,
    maxInputTokens: M,
    ...ADAPTIVE,
    source: 'built-in',
  },
  {
    id: 'claude-haiku-5-5',
    displayName: 'Claude Haiku 5.5',
    maxOutputTokens: 64 * K,
    maxInputTokens: 400 * K,
    ...ADAPTIVE,
    source: 'built-in',
  },
  {
    id: 'claude-opus-5',
    displayName: 'Claude Opus 5',
    maxOutputTokens: 128 * K,
    maxInputTokens: M,
    ...ADAPTIVE,
    source: 'built-in',
  },
  {
    id: 'claude-sonnet-5',
    displayName: 'Claude Sonnet 5',
    maxOutputTokens: 128 * K,
    maxInputTokens: M,
    ...ADAPTIVE,
    source: 'built-in',
  },
  {
    id: 'claude-opus-4-7',
    displayName: 'Claude Opus 4.7',
    maxOutputTokens: 128 * K,
    maxInputTokens: M,
    ...ADAPTIVE,
    effort: [...ADAPTIVE.effort, 'xhigh'],
    source: 'built-in',
  },
  {
    id: 'claude-opus-4-6',
    displayName: 'Claude Opus 4.6',
    maxOutputTokens: 128 * K,
    maxInputTokens: M,
    ...ADAPTIVE,
    source: 'built-in',
  },
  {
    id: 'claude-sonnet-4-6',
    displayName: 'Claude Sonnet 4.6',
    maxOutputTokens: 128 * K,
    maxInputTokens: M,
    ...ADAPTIVE,
    source: 'built-in',
  },
  {
    id: 'claude-opus-4-5',
    displayName: 'Claude Opus 4.5',
    maxOutputTokens: 64 * K,
    maxInputTokens: 200 * K,
    ...CLASSIC,
    source: 'built-in',
  },
  {
    id: 'claude-haiku-4-5',
    displayName: 'Claude Haiku 4.5',
    maxOutputTokens: 64 * K,
    maxInputTokens: 200 * K,
    ...CLASSIC,
    source: 'built-in',
  },
  {
    id: 'claude-sonnet-4-5',
    displayName: 'Claude Sonnet 4.5',
    maxOutputTokens: 64 * K,
    maxInputTokens: 200 * K,
    ...CLASSIC,
    source: 'built-in',
  },
];

/** A model no table knows (a proxy's own name): the most conservative current limits. */
const UNKNOWN: Omit<ModelLimits, 'id' | 'displayName'> = {
  maxOutputTokens: 32 * K,
  maxInputTokens: 200 * K,
  thinking: [],
  effort: [],
  source: 'built-in',
};

const supported = (flags: Record<string, { supported: boolean } | null> | undefined): string[] =>
  Object.entries(flags ?? {})
    .filter(([k, v]) => k !== 'supported' && v?.supported === true)
    .map(([k]) => k);

export function fromModelInfo(info: Anthropic.Models.ModelInfo): ModelLimits {
  const builtIn = BUILT_IN_MODELS.find((m) => m.id === info.id);
  const caps = info.capabilities;
  return {
    id: info.id,
    displayName: info.display_name || info.id,
    maxOutputTokens: info.max_tokens ?? builtIn?.maxOutputTokens ?? UNKNOWN.maxOutputTokens,
    maxInputTokens: info.max_input_tokens ?? builtIn?.maxInputTokens ?? UNKNOWN.maxInputTokens,
    thinking: caps
      ? supported(caps.thinking.types as unknown as Record<string, { supported: boolean }>)
      : (builtIn?.thinking ?? []),
    effort: caps
      ? caps.effort.supported
        ? supported(caps.effort as unknown as Record<string, { supported: boolean } | null>)
        : []
      : (builtIn?.effort ?? []),
    ...(caps?.pdf_input?.supported === false ? { pdf: false } : {}),
    source: 'models-api',
  };
}

const DAY = 24 * 60 * 60 * 1000;

/** The model list of one endpoint, fetched once a day; failures fall back to the built-in table. */
export class ModelCatalog {
  private cache: { key: string; at: number; models: ModelLimits[] } | null = null;
  private pending: Promise<ModelLimits[]> | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** Every model the endpoint lists (display names, limits, capabilities), or the built-in list. */
  async list(client: Anthropic, endpointKey: string): Promise<ModelLimits[]> {
    if (this.cache && this.cache.key === endpointKey && this.now() - this.cache.at < DAY)
      return this.cache.models;
    this.pending ??= (async () => {
      try {
        const models: ModelLimits[] = [];
        for await (const info of client.models.list({ limit: 100 }))
          models.push(fromModelInfo(info));
        this.cache = { key: endpointKey, at: this.now(), models };
        return models;
      } catch {
        // Offline, a proxy without /v1/models, or a key without access: the table is the fallback,
        // remembered for a while so every turn does not wait on a failing request.
        this.cache = {
          key: endpointKey,
          at: this.now() - DAY + 10 * 60 * 1000,
          models: [...BUILT_IN_MODELS],
        };
        return this.cache.models;
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }

  /** The limits of one model: listed, else the built-in table, else conservative defaults. */
  async limits(client: Anthropic, endpointKey: string, model: string): Promise<ModelLimits> {
    const listed = (await this.list(client, endpointKey)).find((m) => m.id === model);
    return (
      listed ??
      BUILT_IN_MODELS.find((m) => m.id === model) ?? { id: model, displayName: model, ...UNKNOWN }
    );
  }
}

/** max_tokens within the model's output limit, with the notice to show when it had to be lowered. */
export function clampMaxTokens(
  requested: number,
  limits: ModelLimits,
): { maxTokens: number; notice: string | null } {
  if (requested <= limits.maxOutputTokens) return { maxTokens: requested, notice: null };
  return {
    maxTokens: limits.maxOutputTokens,
    notice: `Max tokens per answer is ${requested.toLocaleString('en-US')} in Settings, above the ${limits.maxOutputTokens.toLocaleString('en-US')} that ${limits.displayName} allows; this answer uses ${limits.maxOutputTokens.toLocaleString('en-US')}. Lower the setting to stop this notice.`,
  };
}
