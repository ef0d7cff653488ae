// The Content-Security-Policy of an MCP Apps view (SEP-1865 `_meta.ui.csp`): no network unless the
// resource names origins, and never more than it named. The sandbox proxy sends this policy as a
// header; the view's srcdoc frame inside the proxy inherits it. Pure, so tests pin every rule.
import type { AppViewCsp } from '../../../shared/app-view-types';

/** Entries kept per list; a resource asking for more is cut (and told). */
export const MAX_CSP_ENTRIES = 50;

const LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

export type SourceCheck = { ok: true; source: string } | { ok: false; reason: string };

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^(\\*\\.)?(${LABEL}(?:\\.${LABEL})+)$`);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * One origin a resource asked for, as a CSP source: `https://` or `wss://` plus a host (a leading
 * `*.` for subdomains of a domain of two labels or more) and an optional port; `http://` and
 * `ws://` only for loopback (a developer's local server). Anything that would widen the policy
 * (a bare `*`, a scheme alone, a keyword, a path, a wildcard over a top-level domain) is refused.
 */
export function checkCspSource(value: unknown): SourceCheck {
  if (typeof value !== 'string') return { ok: false, reason: 'not a string' };
  const raw = value.trim();
  if (raw === '' || raw.length > 300)
    return { ok: false, reason: 'empty or longer than 300 characters' };
  if (/[\s;,'"]/.test(raw))
    return {
      ok: false,
      reason: 'contains a space, quote, comma or semicolon (one origin per entry)',
    };
  if (raw === '*' || /^[a-z][a-z0-9+.-]*:$/i.test(raw))
    return { ok: false, reason: 'a bare "*" or scheme would allow every site' };
  const match = /^([a-z]+):\/\/([^/:]+|\[::1\])(?::(\d{1,5}))?\/?$/i.exec(raw);
  if (!match)
    return {
      ok: false,
      reason: 'not an origin like https://api.example.com (no path, query or user)',
    };
  const scheme = match[1].toLowerCase();
  const host = match[2].toLowerCase();
  const port = match[3];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
    return { ok: false, reason: `port ${port} is out of range` };
  const suffix = port === undefined ? '' : `:${port}`;
  if (scheme === 'http' || scheme === 'ws') {
    if (LOOPBACK.has(host)) return { ok: true, source: `${scheme}://${host}${suffix}` };
    return {
      ok: false,
      reason: `${scheme}:// is allowed only for this computer (localhost); use https:// or wss://`,
    };
  }
  if (scheme !== 'https' && scheme !== 'wss')
    return { ok: false, reason: `the ${scheme}: scheme is not allowed (https:// or wss:// only)` };
  const parts = HOST.exec(host);
  if (!parts)
    return {
      ok: false,
      reason: `"${host}" is not a domain name (a wildcard may only lead: *.example.com)`,
    };
  if (parts[1] && parts[2].split('.').length < 2)
    return { ok: false, reason: 'a wildcard over a whole top-level domain is too wide' };
  return { ok: true, source: `${scheme}://${host}${suffix}` };
}

export interface CheckedViewCsp {
  kept: AppViewCsp;
  rejected: { value: string; reason: string }[];
}

/** Reads `_meta.ui.csp` (anything) into the lists Lena will grant and the entries it refused. */
export function checkViewCsp(csp: unknown): CheckedViewCsp {
  const kept: AppViewCsp = {
    connectDomains: [],
    resourceDomains: [],
    frameDomains: [],
    baseUriDomains: [],
  };
  const rejected: CheckedViewCsp['rejected'] = [];
  const given =
    csp !== null && typeof csp === 'object' && !Array.isArray(csp)
      ? (csp as Record<string, unknown>)
      : {};
  for (const list of LISTS) {
    const entries = given[list];
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) {
      rejected.push({
        value: `${list}: ${JSON.stringify(entries).slice(0, 100)}`,
        reason: 'not a list of origins',
      });
      continue;
    }
    for (const entry of entries) {
      const checked = checkCspSource(entry);
      const shown =
        typeof entry === 'string'
          ? entry.slice(0, 300)
          : (JSON.stringify(entry)?.slice(0, 100) ?? String(entry));
      if (!checked.ok) rejected.push({ value: shown, reason: checked.reason });
      else if (kept[list].length >= MAX_CSP_ENTRIES)
        rejected.push({ value: shown, reason: `more than ${MAX_CSP_ENTRIES} entries in ${list}` });
      else if (!kept[list].includes(checked.source)) kept[list].push(checked.source);
    }
  }
  return { kept, rejected };
}

/**
 * The view's policy. `proxyOrigin` is 'self' (the proxy's own script); `appOrigin` is the only
 * page that may frame the proxy. Inline script and style are the view's own (single-file views);
 * they run in an opaque-origin sandbox, so they reach nothing of Lena's.
 */
export function viewContentSecurityPolicy(csp: AppViewCsp, appOrigin: string): string {
  const or = (list: string[], fallback: string) => (list.length > 0 ? list : [fallback]);
  const resources = csp.resourceDomains;
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", "'unsafe-inline'", ...resources]],
    ['style-src', ["'self'", "'unsafe-inline'", ...resources]],
    ['img-src', ["'self'", 'data:', 'blob:', ...resources]],
    ['font-src', ["'self'", 'data:', ...resources]],
    ['media-src', ["'self'", 'data:', 'blob:', ...resources]],
    ['connect-src', or(csp.connectDomains, "'none'")],
    ['frame-src', or(csp.frameDomains, "'none'")],
    ['base-uri', or(csp.baseUriDomains, "'none'")],
    ['object-src', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', [appOrigin]],
    // Every string that becomes HTML or script passes the guard's default policy (view-guard.ts).
    ['require-trusted-types-for', ["'script'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}
