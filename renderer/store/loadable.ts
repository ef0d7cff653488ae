// Something loaded from core, with its state and last error in one value instead of three fields
// kept in step by hand. A reload keeps the value it had (the view does not blank while refreshing).
import type { LoadState, UiError } from './result';

export interface Loadable<T> {
  status: LoadState;
  value: T | null;
  error: UiError | null;
}

export const idle = <T>(): Loadable<T> => ({ status: 'idle', value: null, error: null });
/** A first load under way: nothing to show yet. */
export const loading = <T>(): Loadable<T> => ({ status: 'loading', value: null, error: null });
export const ready = <T>(value: T): Loadable<T> => ({ status: 'ready', value, error: null });
/** Loading again, keeping the value shown so far. */
export const reloading = <T>(l: Loadable<T>): Loadable<T> => ({ ...l, status: 'loading' });
/** Failed, keeping the last value (pass `null` to drop it). */
export const failed = <T>(
  l: Loadable<T>,
  error: UiError,
  value: T | null = l.value,
): Loadable<T> => ({ status: 'error', value, error });
/** The same load with a new value (an event or an action changed what was loaded). */
export const withValue = <T>(l: Loadable<T>, value: T): Loadable<T> => ({ ...l, value });

/** The values of a record of loadables that have one. */
export function valuesOf<T>(record: Record<string, Loadable<T>>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, l] of Object.entries(record)) if (l.value !== null) out[k] = l.value;
  return out;
}

/** The errors of a record of loadables that failed. */
export function errorsOf<T>(record: Record<string, Loadable<T>>): Record<string, UiError> {
  const out: Record<string, UiError> = {};
  for (const [k, l] of Object.entries(record)) if (l.error) out[k] = l.error;
  return out;
}
