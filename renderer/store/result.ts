// How the store reports a failed core call to the components: the envelope's code and message,
// and the detail (stderr tail, validation issues) the UI puts one click away.
import type { ErrorAction } from '../../shared/result';
import { HostError } from '../host';

export interface UiError {
  code: string;
  message: string;
  detail?: string;
  action?: ErrorAction;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: UiError };

/** Turns anything thrown by a core call into a UiError. */
export function toUiError(err: unknown): UiError {
  if (err instanceof HostError) return { code: err.info.code, message: err.info.message, ...(err.info.detail ? { detail: err.info.detail } : {}), ...(err.info.action ? { action: err.info.action } : {}) };
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
}

/** Runs a core call and returns its outcome instead of throwing. */
export async function attempt<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    return { ok: false, error: toUiError(err) };
  }
}

/** State of something loaded from core. */
export type LoadState = 'idle' | 'loading' | 'ready' | 'error';
