// The only module that reads `window.lena`. Everything else goes through the store, made over
// `windowHost` (store/store-host.ts), which calls `call()` here: it unwraps the result envelope
// into a value or a thrown LenaError, the same error class core throws, carrying core's ErrorInfo
// unchanged (data included).
import type { LenaApi } from '../shared/bridge';
import type {
  CallArgs,
  EventChannel,
  InvokeChannel,
  PayloadOf,
  ResultOf,
} from '../shared/contract';
import { ERROR_CODE, LenaError, type ErrorInfo } from '../shared/result';

declare global {
  interface Window {
    lena?: LenaApi;
  }
}

function api(): LenaApi {
  const lena = window.lena;
  if (!lena)
    throw new LenaError(
      ERROR_CODE.unavailable,
      'Lena’s core is not connected to this window.',
      undefined,
      'restart-lena',
    );
  return lena;
}

export function hostAvailable(): boolean {
  return typeof window !== 'undefined' && window.lena !== undefined;
}

export async function call<C extends InvokeChannel>(
  channel: C,
  ...args: CallArgs<C>
): Promise<ResultOf<C>> {
  const fn = api()[channel] as (
    ...a: CallArgs<C>
  ) => Promise<{ ok: true; value: ResultOf<C> } | { ok: false; error: ErrorInfo }>;
  const envelope = await fn(...args);
  if (!envelope.ok) throw LenaError.from(envelope.error);
  return envelope.value;
}

export function subscribe<E extends EventChannel>(
  event: E,
  listener: (payload: PayloadOf<E>) => void,
): () => void {
  return api().on(event, listener);
}
