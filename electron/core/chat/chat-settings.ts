// What one turn needs from the settings: model, limits, prompt, endpoint — the settings file's
// fields, plus what only the loop itself decides.
import type Anthropic from '@anthropic-ai/sdk';
import { baseUrlProblem } from '../../../shared/base-url';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { DEFAULT_SETTINGS, type Settings } from '../store/settings-schema';

const CHAT_KEYS = [
  'model',
  'maxTokens',
  'serverTools',
  'thinking',
  'effort',
  'systemPrompt',
  'maxRounds',
  'baseUrl',
  'requestTimeoutMs',
  'toolSearch',
  'prices',
] as const;

export type ChatSettings = Pick<Settings, Exclude<(typeof CHAT_KEYS)[number], 'prices'>> & {
  /** The meter's price overrides (settings.json `prices`); absent = the built-in table. */
  prices?: Settings['prices'];
  /** Retries of a request the SDK considers retryable (429, 5xx, 529, connection errors). */
  maxRetries: number;
  /** Set when the model was fixed for this run (`lena chat --model`): it wins over the conversation's. */
  modelFixed?: boolean;
};

/** The chat part of a settings object. */
export function chatSettingsOf(
  settings: Settings,
): Omit<ChatSettings, 'maxRetries' | 'modelFixed'> {
  return Object.fromEntries(CHAT_KEYS.map((k) => [k, settings[k]])) as Omit<
    ChatSettings,
    'maxRetries' | 'modelFixed'
  >;
}

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  ...chatSettingsOf(DEFAULT_SETTINGS),
  maxRetries: 2,
};

/**
 * Why the key may not go to the endpoint these settings name (plain http to another machine, from
 * ANTHROPIC_BASE_URL or a flag), or null. settings.json's own baseUrl passes the rule when read.
 */
export function endpointProblem(settings: Pick<ChatSettings, 'baseUrl'>): string | null {
  const problem = settings.baseUrl ? baseUrlProblem(settings.baseUrl) : null;
  return problem
    ? `The API key was not sent to ${settings.baseUrl}: ${problem}. Change ANTHROPIC_BASE_URL or the base URL in Settings.`
    : null;
}

/**
 * The SDK client for these settings (endpoint, retries, timeout), overridable for one-off uses.
 * Throws rather than build a client that would send the key in clear text (every use goes through here).
 * The SDK loads on the first client, so commands that never talk to Claude do not pay for it.
 */
export async function anthropicClient(
  settings: ChatSettings,
  apiKey: string,
  overrides: { maxRetries?: number; timeout?: number } = {},
): Promise<Anthropic> {
  const problem = endpointProblem(settings);
  if (problem)
    throw new LenaError(ERROR_CODE.invalidArguments, problem, undefined, 'open-settings');
  const { default: Sdk } = await import('@anthropic-ai/sdk');
  return new Sdk({
    apiKey,
    baseURL: settings.baseUrl ?? undefined,
    maxRetries: overrides.maxRetries ?? settings.maxRetries,
    timeout: overrides.timeout ?? settings.requestTimeoutMs,
  });
}
