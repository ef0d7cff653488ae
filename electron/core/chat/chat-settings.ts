// What one turn needs from the settings: model, limits, prompt, endpoint.
import { DEFAULT_SETTINGS } from '../store/settings-schema';

export interface ChatSettings {
  model: string;
  maxTokens: number;
  temperature: number | null;
  systemPrompt: string;
  maxRounds: number;
  /** Anthropic-compatible endpoint (proxies, local servers); null for Anthropic's. */
  baseUrl: string | null;
  requestTimeoutMs: number;
  /** Retries of a request the SDK considers retryable (429, 5xx, 529, connection errors). */
  maxRetries: number;
}

/** The settings file's defaults, plus what only the loop itself decides. */
export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  model: DEFAULT_SETTINGS.model,
  maxTokens: DEFAULT_SETTINGS.maxTokens,
  temperature: DEFAULT_SETTINGS.temperature,
  systemPrompt: DEFAULT_SETTINGS.systemPrompt,
  maxRounds: DEFAULT_SETTINGS.maxRounds,
  baseUrl: DEFAULT_SETTINGS.baseUrl,
  requestTimeoutMs: DEFAULT_SETTINGS.requestTimeoutMs,
  maxRetries: 2,
};
