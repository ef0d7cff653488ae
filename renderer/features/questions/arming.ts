// How long a new question ignores input (its "arming delay"), read from a window setting kept in
// the page's storage. Production uses the default; the end-to-end harness sets 0 or a long delay
// explicitly, so a test never races the clock. A change applies at once to the open question.

const KEY = 'lena:question-arming-ms';
const CHANGED = 'lena:question-arming-changed';
/** Long enough to stop a keystroke or click meant for something else, short enough not to annoy. */
export const DEFAULT_ARMING_MS = 700;
const MAX_ARMING_MS = 3_600_000;

type Reader = Pick<Storage, 'getItem'> | undefined;

/** The arming delay in milliseconds: the stored setting when valid, else the default. */
export function armingDelayMs(storage: Reader = globalThis.localStorage): number {
  try {
    const raw = storage?.getItem(KEY);
    if (raw === null || raw === undefined || raw.trim() === '') return DEFAULT_ARMING_MS;
    const value = Number(raw);
    return Number.isFinite(value) && value >= 0
      ? Math.min(value, MAX_ARMING_MS)
      : DEFAULT_ARMING_MS;
  } catch {
    return DEFAULT_ARMING_MS;
  }
}

/** Stores a new delay and tells open questions (null restores the default). */
export function setArmingDelayMs(
  ms: number | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): void {
  if (ms === null) storage?.removeItem(KEY);
  else storage?.setItem(KEY, String(ms));
  globalThis.dispatchEvent?.(new Event(CHANGED));
}

/** Calls `listener` whenever the delay setting changes; returns the unsubscribe function. */
export function onArmingDelayChanged(listener: () => void): () => void {
  globalThis.addEventListener?.(CHANGED, listener);
  return () => globalThis.removeEventListener?.(CHANGED, listener);
}

export const ARMING_STORAGE_KEY = KEY;
export const ARMING_CHANGED_EVENT = CHANGED;
