// Where the window may go: nowhere off its own origin, no new windows; an external link opens in
// the system browser, never inside the app, only when shared/open-url.ts's rule allows it.

/** The origin the packaged renderer is served from (a privileged custom protocol). */
export const APP_ORIGIN = 'app://lena';

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True when `url` is on one of the app's own origins (app://lena, or the dev server's). */
export function isAppUrl(url: string, appOrigins: readonly string[]): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  const origin = parsed.protocol === 'app:' ? `app://${parsed.host}` : parsed.origin;
  return appOrigins.includes(origin);
}

/** `will-navigate` / `will-redirect`: allow only in-app navigation. */
export function navigationDecision(url: string, appOrigins: readonly string[]): 'allow' | 'deny' {
  return isAppUrl(url, appOrigins) ? 'allow' : 'deny';
}

/** `setWindowOpenHandler`: never open a window; the caller may still open a validated link outside. */
export function windowOpenDecision(): { action: 'deny' } {
  return { action: 'deny' };
}

/** Permissions the window never uses are denied (camera, geolocation, notifications…). */
const GRANTED_PERMISSIONS = new Set<string>(['clipboard-sanitized-write']);

export function permissionDecision(
  permission: string,
  requestingUrl: string,
  appOrigins: readonly string[],
): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, appOrigins);
}

/** The IPC sender check: only the app's own main frame, on the app's origin, may call core. */
export interface SenderInfo {
  /** URL of the frame that sent the message (null when it is gone). */
  frameUrl: string | null;
  /** Whether that frame is the top-level frame of its page. */
  isMainFrame: boolean;
  /** webContents id of the sender, compared with the window's own. */
  webContentsId: number;
}

export function isTrustedSender(
  sender: SenderInfo,
  expected: { webContentsId: number; appOrigins: readonly string[] },
): boolean {
  return (
    sender.webContentsId === expected.webContentsId &&
    sender.isMainFrame &&
    sender.frameUrl !== null &&
    isAppUrl(sender.frameUrl, expected.appOrigins)
  );
}

/** The log line for a refused IPC call: the channel, the frame's origin and why it was refused. */
export function refusedSenderMessage(
  channel: string,
  sender: SenderInfo,
  windowId: number,
): string {
  const why =
    sender.webContentsId !== windowId
      ? 'another window'
      : !sender.isMainFrame
        ? 'a subframe'
        : 'a page outside the app';
  let from = 'an unknown frame';
  if (sender.frameUrl) {
    try {
      const url = new URL(sender.frameUrl);
      // Origin and path only: a query string may carry anything.
      from = `${url.protocol}//${url.host}${url.pathname}`;
    } catch {
      from = 'a frame with an unreadable address';
    }
  }
  return `Refused IPC ${channel} from ${why} (${from})`;
}
