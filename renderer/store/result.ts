// How the store reports a failed core call to the components: the very ErrorInfo core sent
// (code, message, detail, action, data), in the very envelope shape (shared/result.ts). One error
// model end to end: nothing here re-shapes it.
import { ERROR_CODE, LenaError, type Envelope, type ErrorInfo } from '../../shared/result';

/** The error a component shows: core's ErrorInfo as it arrived. */
export type UiError = ErrorInfo;

/** What a store action returns instead of throwing: the envelope core answered with. */
export type Outcome<T> = Envelope<T>;

/** Turns anything thrown by a core call into the ErrorInfo core sent (or an internal one). */
export function toUiError(err: unknown): ErrorInfo {
  if (err instanceof LenaError) return err.info;
  return { code: ERROR_CODE.internal, message: err instanceof Error ? err.message : String(err) };
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
