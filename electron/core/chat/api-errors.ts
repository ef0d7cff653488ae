// Turns what the Messages API or the network threw into a message with the next step for the user.
import { ERROR_CODE, errorInfo, type ErrorInfo } from '../../../shared/result';
import { contextError } from './stop-reasons';

interface ApiErrorLike {
  status?: number;
  message?: string;
  headers?: Headers | Record<string, string | null | undefined>;
  error?: { error?: { type?: string; message?: string }; type?: string; message?: string };
  name?: string;
}

function header(headers: ApiErrorLike['headers'], name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function')
    return (headers as Headers).get(name) ?? undefined;
  return (headers as Record<string, string | undefined>)[name] ?? undefined;
}

function apiMessage(err: ApiErrorLike): string {
  return err.error?.error?.message ?? err.error?.message ?? err.message ?? 'unknown error';
}

function apiType(err: ApiErrorLike): string | undefined {
  return err.error?.error?.type ?? err.error?.type;
}

/** True for failures worth retrying from the start of the request (no tool has run for it). */
export function isRetryableStreamError(err: unknown): boolean {
  const e = err as ApiErrorLike;
  const type = apiType(e);
  if (type === 'overloaded_error' || type === 'api_error') return true;
  if (e.status === 529 || (e.status !== undefined && e.status >= 500)) return true;
  return (
    e.name === 'APIConnectionError' ||
    /terminated|socket hang up|ECONNRESET|premature close|stream ended/i.test(e.message ?? '')
  );
}

/** `requestBytes`: the size of the request body, said when the API found it too large. */
export function toChatError(err: unknown, requestBytes?: number): ErrorInfo {
  const e = (err ?? {}) as ApiErrorLike;
  const type = apiType(e);
  const message = apiMessage(e);
  if (e.status === 401 || type === 'authentication_error') {
    return errorInfo(
      ERROR_CODE.apiKeyRefused,
      'Anthropic refused the API key (401). Check or replace the key in Settings.',
      { action: 'open-settings', data: { status: 401 } },
    );
  }
  if (e.status === 403 || type === 'permission_error') {
    return errorInfo(
      ERROR_CODE.apiKeyRefused,
      `Anthropic refused the request (403): ${message}. Check the key's permissions in Settings.`,
      { action: 'open-settings', data: { status: 403 } },
    );
  }
  if (e.status === 429 || type === 'rate_limit_error') {
    const retryAfter = Number(header(e.headers, 'retry-after'));
    const seconds =
      Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : undefined;
    return errorInfo(
      ERROR_CODE.rateLimited,
      `Rate limited by Anthropic (429) after retrying.${seconds ? ` Try again in ${seconds} s.` : ' Try again in a minute.'}`,
      {
        action: 'retry',
        data: { status: 429, ...(seconds ? { retryAfterSeconds: seconds } : {}) },
      },
    );
  }
  if (e.status === 529 || type === 'overloaded_error') {
    return errorInfo(
      ERROR_CODE.overloaded,
      'Anthropic is overloaded (529) and retries did not get through. Try again shortly.',
      { action: 'retry', data: { status: 529 } },
    );
  }
  if (e.status === 413 || type === 'request_too_large') {
    const size =
      requestBytes === undefined
        ? ''
        : ` (${requestBytes >= 1024 * 1024 ? `${(requestBytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(requestBytes / 1024)} KB`})`;
    return contextError(
      `The request${size} is larger than the Messages API accepts (32 MB), usually because of images and long tool results in the history.`,
    );
  }
  if (
    (e.status === 400 || type === 'invalid_request_error') &&
    /prompt is too long|context (window|length)|too many tokens/i.test(message)
  ) {
    const m = /(\d+) tokens > (\d+)/.exec(message);
    const tokens = m ? Number(m[1]) : undefined;
    const what = m
      ? `This conversation is too long for the model: ${Number(m[1]).toLocaleString('en-US')} tokens, more than its ${Number(m[2]).toLocaleString('en-US')}-token context.`
      : 'This conversation is now too long for the model’s context.';
    return contextError(what, tokens);
  }
  if (
    e.name === 'APIConnectionError' ||
    e.name === 'APIConnectionTimeoutError' ||
    /ECONNREFUSED|ENOTFOUND|fetch failed/i.test(e.message ?? '')
  )
    return errorInfo(
      ERROR_CODE.network,
      `Could not reach the Messages API: ${e.message ?? 'connection failed'}. Check the network or the base URL in Settings.`,
      { action: 'retry' },
    );
  if (e.status !== undefined)
    return errorInfo(ERROR_CODE.apiError, `The Messages API answered ${e.status}: ${message}`, {
      action: 'retry',
      data: { status: e.status },
    });
  return errorInfo(ERROR_CODE.apiError, `The request failed: ${message}`, { action: 'retry' });
}
