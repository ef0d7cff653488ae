// Checks an API key when it is saved, with one Models API request (GET /v1/models?limit=1): only
// the endpoint refusing the key (401, 403) stops the save. Anything else (a gateway without
// /v1/models, an offline machine, a slow proxy) says nothing about the key, so it is saved
// "not checked" with the reason, and the first message tells the rest.
import type { ApiKeyCheck } from '../../../shared/settings-types';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { anthropicClient, endpointProblem, type ChatSettings } from './chat-settings';

/** How long the check may take before the key is saved unchecked. */
export const KEY_CHECK_TIMEOUT_MS = 8000;

interface ApiErrorLike {
  status?: number;
  name?: string;
  message?: string;
  error?: { error?: { message?: string }; message?: string };
}

const where = (settings: Pick<ChatSettings, 'baseUrl'>): string => {
  if (!settings.baseUrl) return 'api.anthropic.com';
  try {
    return new URL(settings.baseUrl).host;
  } catch {
    return settings.baseUrl;
  }
};

/**
 * Verified, or not checked (with why); throws `api-key-refused` when the endpoint answers 401 or
 * 403, with the endpoint's own words.
 */
export async function checkApiKey(
  settings: Pick<ChatSettings, 'baseUrl'>,
  key: string,
  timeoutMs = KEY_CHECK_TIMEOUT_MS,
): Promise<ApiKeyCheck> {
  const host = where(settings);
  // The key never goes to an endpoint the base-URL rule refuses; the first message says why.
  if (endpointProblem(settings)) return { state: 'not-checked', reason: `${host} is not secure` };
  try {
    const client = await anthropicClient({ ...settings, maxRetries: 0 } as ChatSettings, key, {
      maxRetries: 0,
      timeout: timeoutMs,
    });
    await client.models.list({ limit: 1 });
    return { state: 'verified', endpoint: host };
  } catch (err) {
    const e = (err ?? {}) as ApiErrorLike;
    if (e.status === 401 || e.status === 403) {
      const said = e.error?.error?.message ?? e.error?.message;
      throw new LenaError(
        ERROR_CODE.apiKeyRefused,
        e.status === 401
          ? `${host} refused this key (401${said ? `: ${said}` : ''}). Check that it was copied whole.`
          : `${host} refused this key (403${said ? `: ${said}` : ''}). The key lacks permission.`,
        undefined,
        undefined,
        { data: { status: e.status } },
      );
    }
    if (typeof e.status === 'number')
      return { state: 'not-checked', reason: `${host} answered HTTP ${e.status} to the check` };
    if (e.name === 'APIConnectionTimeoutError')
      return { state: 'not-checked', reason: `${host} did not answer in time` };
    return { state: 'not-checked', reason: `${host} could not be reached` };
  }
}
