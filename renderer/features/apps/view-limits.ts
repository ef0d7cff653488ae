// How much a server's view may ask of the window: its height within bounds, a deadline to finish
// its handshake, and a message rate. A view past these is stopped; the window never waits on it.

/** The height a view gets in a card (inline) and when shown full width, in CSS pixels. */
export const HEIGHT_LIMITS = {
  inline: { min: 80, max: 640, initial: 240 },
  fullscreen: { min: 160, max: 1600, initial: 480 },
} as const;

export type ViewDisplayMode = keyof typeof HEIGHT_LIMITS;

/** A view's requested height, kept within the mode's bounds; non-numbers give the mode's initial height. */
export function clampHeight(
  requested: unknown,
  mode: ViewDisplayMode,
  viewportHeight?: number,
): number {
  const limits = HEIGHT_LIMITS[mode];
  // Full width may use most of the window but never push the composer off screen.
  const max =
    mode === 'fullscreen' && viewportHeight
      ? Math.max(limits.min, Math.min(limits.max, Math.round(viewportHeight * 0.8)))
      : limits.max;
  if (typeof requested !== 'number' || !Number.isFinite(requested))
    return Math.min(limits.initial, max);
  return Math.round(Math.min(max, Math.max(limits.min, requested)));
}

/** The window setting (localStorage) that changes the handshake deadline; tests of a hung view shorten it. */
export const VIEW_DEADLINE_STORAGE_KEY = 'lena:view-deadline-ms';

/** How long a view has from its page being handed over to its `ui/notifications/initialized`. */
export const DEFAULT_VIEW_DEADLINE_MS = 20_000;

export function viewDeadlineMs(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): number {
  const raw = storage?.getItem(VIEW_DEADLINE_STORAGE_KEY);
  const n = raw === null || raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_VIEW_DEADLINE_MS;
}

/** Messages a view may send in one second; more is a flood (a real view sends a few). */
export const MAX_MESSAGES_PER_SECOND = 200;

/**
 * Counts a view's messages in a sliding one-second window. `allow` says false from the first
 * message over the limit on; once tripped it stays tripped (the view is stopped, not throttled).
 */
export class MessageRate {
  private readonly times: number[] = [];
  private tripped = false;

  constructor(
    private readonly limit = MAX_MESSAGES_PER_SECOND,
    private readonly windowMs = 1000,
  ) {}

  allow(now: number): boolean {
    if (this.tripped) return false;
    while (this.times.length > 0 && now - this.times[0] >= this.windowMs) this.times.shift();
    this.times.push(now);
    if (this.times.length > this.limit) this.tripped = true;
    return !this.tripped;
  }

  get flooded(): boolean {
    return this.tripped;
  }
}
