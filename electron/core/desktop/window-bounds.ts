// Where the window reopens: where the user left it, unless that spot is no longer on any screen
// (a monitor unplugged, a resolution changed), in which case it comes back on the primary display.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is saved in `window-state.json`. */
export interface SavedWindowState {
  bounds?: Partial<Rect>;
  maximized?: boolean;
  fullScreen?: boolean;
}

export interface RestoredWindow {
  /** Size always; position only when it lands on a display (else the OS centres the window). */
  bounds: { width: number; height: number; x?: number; y?: number };
  maximized: boolean;
  fullScreen: boolean;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 } as const;
// The same minimum as mainWindowOptions (core/security/web-preferences).
export const MIN_SIZE = { width: 720, height: 480 } as const;
/** How much of the title bar must be visible on a display for the saved position to count. */
const MIN_VISIBLE = 64;

/**
 * Restores `saved` against the current displays' work areas (the first is the primary). The size
 * is clamped to the display it lands on; a position that is off every display, or a saved state
 * that is missing or malformed, falls back to the default size on the primary display.
 */
export function restoreBounds(saved: unknown, displays: readonly Rect[]): RestoredWindow {
  const state = isObject(saved) ? (saved as SavedWindowState) : {};
  const flags = { maximized: state.maximized === true, fullScreen: state.fullScreen === true };
  const primary = displays[0];
  const b = isObject(state.bounds) ? state.bounds : {};
  const width = finite(b.width) ? Math.max(MIN_SIZE.width, Math.round(b.width)) : undefined;
  const height = finite(b.height) ? Math.max(MIN_SIZE.height, Math.round(b.height)) : undefined;
  if (width === undefined || height === undefined) return { bounds: defaultOn(primary), ...flags };
  if (!finite(b.x) || !finite(b.y))
    return { bounds: clampSize({ width, height }, primary), ...flags };
  const rect = { x: Math.round(b.x), y: Math.round(b.y), width, height };
  const display = displays.find((d) => titleBarVisible(rect, d));
  if (!display) return { bounds: clampSize({ width, height }, primary), ...flags };
  const size = clampSize({ width, height }, display);
  // Pull the window fully inside the work area it mostly sits on, so no edge hides off-screen.
  const x = Math.min(Math.max(rect.x, display.x), display.x + display.width - size.width);
  const y = Math.min(Math.max(rect.y, display.y), display.y + display.height - size.height);
  return { bounds: { ...size, x, y }, ...flags };
}

function titleBarVisible(rect: Rect, display: Rect): boolean {
  const overlapX =
    Math.min(rect.x + rect.width, display.x + display.width) - Math.max(rect.x, display.x);
  const top = rect.y;
  return (
    overlapX >= MIN_VISIBLE &&
    top >= display.y &&
    top <= display.y + display.height - MIN_VISIBLE / 2
  );
}

function clampSize(size: { width: number; height: number }, display: Rect | undefined) {
  if (!display) return size;
  return {
    width: Math.min(size.width, display.width),
    height: Math.min(size.height, display.height),
  };
}

function defaultOn(display: Rect | undefined) {
  return clampSize({ ...DEFAULT_SIZE }, display);
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
