// May this address be opened? The one rule for every link Lena hands to the system browser: a
// Markdown link in model or tool text, a window.open or navigation main turns away, a view's
// ui/open-link, a server's URL elicitation. https only (http only where the caller allows an
// address on this computer), no user name or password (they hide where a link goes), nothing
// hidden in it, a bounded length. Pure: no Node, no DOM.
import { isLoopbackHost } from './base-url';
import { isInvisibleCodePoint } from './invisible';

/** Longer addresses are refused: nobody can check one by eye, and browsers cut them differently. */
export const MAX_URL_CHARS = 2048;

export interface OpenRule {
  /** Also http to this computer (a local server's own sign-in page); the answer says `loopback`. */
  localHttp?: boolean;
}

/** The address as the browser gets it, and whether it points at this computer; or why not. */
export type OpenableUrl = { url: URL; loopback: boolean } | { refused: string };

/** A host name that reaches this computer: loopback, or an unspecified address (0.0.0.0, [::]). */
export function isThisComputer(hostname: string): boolean {
  return isLoopbackHost(hostname) || hostname === '0.0.0.0' || hostname === '[::]';
}

const hasHidden = (text: string): boolean =>
  [...text].some((c) => {
    const cp = c.codePointAt(0)!;
    return cp === 0x09 || cp === 0x0a || cp === 0x0d || isInvisibleCodePoint(cp);
  });

/** Checks `raw` against the rule; `refused` is a phrase the caller puts in its own sentence. */
export function openableUrl(raw: unknown, rule: OpenRule = {}): OpenableUrl {
  if (typeof raw !== 'string' || raw.trim() === '') return { refused: 'there is no address' };
  const text = raw.trim();
  if (text.length > MAX_URL_CHARS)
    return { refused: `the address is longer than ${MAX_URL_CHARS} characters` };
  if (hasHidden(text)) return { refused: 'the address has hidden or control characters in it' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refused: `"${text.slice(0, 200)}" is not a valid address` };
  }
  const loopback = isThisComputer(url.hostname);
  const allowed =
    url.protocol === 'https:' || (rule.localHttp && url.protocol === 'http:' && loopback);
  if (!allowed) {
    const what = rule.localHttp ? 'https addresses (or http on this computer)' : 'https addresses';
    return { refused: `Lena opens only ${what}, not ${url.protocol}//${url.host}` };
  }
  if (url.username || url.password)
    return { refused: 'the address carries a user name or password' };
  if (!url.hostname) return { refused: 'the address names no host' };
  return { url, loopback };
}

/** The address to open or to make clickable, or null when the rule refuses it. */
export function openableHref(raw: unknown): string | null {
  const checked = openableUrl(raw);
  return 'url' in checked ? checked.url.href : null;
}
