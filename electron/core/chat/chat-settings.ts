// What one turn needs from the settings: model, limits, prompt, endpoint.

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

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  model: 'claude-sonnet-4-6',
  maxTokens: 8192,
  temperature: null,
  systemPrompt: '',
  maxRounds: 25,
  baseUrl: null,
  requestTimeoutMs: 600_000,
  maxRetries: 2,
};
