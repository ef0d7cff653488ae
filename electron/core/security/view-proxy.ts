// The MCP Apps sandbox proxy (the ext-apps double-iframe pattern): a tiny page on an origin of its
// own (lena-view://<server key>/ in Electron, a second loopback port in the end-to-end harness)
// that the window frames. It announces itself (ui/notifications/sandbox-proxy-ready), takes the
// view's HTML once (ui/notifications/sandbox-resource-ready), puts it in an inner frame sandboxed
// with allow-scripts only (an opaque origin: no storage, no window.lena, no parent DOM), and
// relays every other message both ways. Its response carries the view's CSP, which the inner
// srcdoc frame inherits. The view's HTML goes in behind the guard of view-guard.ts (no WebRTC, no
// nested documents). One module builds the response for both Electron and the harness.
import type { AppViewCsp } from '../../../shared/app-view-types';
import { viewContentSecurityPolicy } from './view-csp';
import { viewDocumentSource } from './view-guard';

export const VIEW_SCHEME = 'lena-view';
export const PROXY_PAGE = '/proxy.html';
export const PROXY_SCRIPT = '/proxy.js';

/** A server's key in the proxy's address: 16 lowercase hex characters (a valid host name). */
export const SERVER_KEY = /^[0-9a-f]{16}$/;
/** A view's key: the hex of its content hash, so the CSP served is the one of the HTML the window holds. */
export const VIEW_KEY = /^[0-9a-f]{64}$/;

export interface ProxyResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The page: no inline script (the policy allows the view's inline script, not ours to rely on). */
export function proxyPage(): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><title>View</title>',
    '<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{display:block;border:0;width:100%;height:100%}</style>',
    `</head><body><script src="${PROXY_SCRIPT.slice(1)}"></script></body></html>`,
  ].join('');
}

/** The relay. `appOrigin` is the only parent it talks to. */
export function proxyScript(appOrigin: string): string {
  return `(() => {
  'use strict';
  const APP = ${JSON.stringify(appOrigin)};
  if (window.top === window.self) return;
  ${viewDocumentSource()}
  // The policy requires Trusted Types for script: the proxy's one HTML sink goes through its own policy.
  const trusted = window.trustedTypes ? window.trustedTypes.createPolicy('lena-view-proxy', { createHTML: viewDocument }) : { createHTML: viewDocument };
  const inner = document.createElement('iframe');
  inner.setAttribute('sandbox', 'allow-scripts');
  inner.setAttribute('title', 'MCP App view');
  document.body.appendChild(inner);
  let loaded = false;
  window.addEventListener('message', (event) => {
    if (event.source === window.parent) {
      if (event.origin !== APP) return;
      const data = event.data;
      if (data && data.method === 'ui/notifications/sandbox-resource-ready') {
        const html = data.params && data.params.html;
        if (loaded || typeof html !== 'string') return;
        loaded = true;
        inner.srcdoc = trusted.createHTML(html);
        return;
      }
      if (inner.contentWindow) inner.contentWindow.postMessage(data, '*');
    } else if (event.source === inner.contentWindow && event.source !== null) {
      window.parent.postMessage(event.data, APP);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, APP);
})();
`;
}

/** Finds the CSP of the view a proxy address names (undefined: no such view now). */
export type ViewCspLookup = (serverKey: string, viewKey: string) => AppViewCsp | undefined;

const COMMON = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

/**
 * Answers one request to the proxy origin. `path` is the URL's path below the server's key,
 * `viewKey` its `view` query parameter. Only the page and its script exist; both carry the view's
 * policy, so the page cannot be loaded with a policy other than its view's.
 */
export function viewProxyResponse(
  request: { serverKey: string; path: string; viewKey: string | null },
  lookup: ViewCspLookup,
  appOrigin: string,
): ProxyResponse {
  const text = (status: number, body: string): ProxyResponse => ({
    status,
    headers: { ...COMMON, 'content-type': 'text/plain; charset=utf-8' },
    body,
  });
  if (!SERVER_KEY.test(request.serverKey)) return text(404, 'No such view server.');
  if (request.path !== PROXY_PAGE && request.path !== PROXY_SCRIPT) return text(404, 'Not found.');
  // The script is the same for every view; the page needs its view for the policy.
  const csp =
    request.viewKey && VIEW_KEY.test(request.viewKey)
      ? lookup(request.serverKey, request.viewKey)
      : undefined;
  if (request.path === PROXY_PAGE && !csp)
    return text(
      404,
      'This view is not available (it changed, or its server stopped). Reopen the conversation.',
    );
  const policy = viewContentSecurityPolicy(
    csp ?? { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    appOrigin,
  );
  const page = request.path === PROXY_PAGE;
  return {
    status: 200,
    headers: {
      ...COMMON,
      'content-type': page ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8',
      'content-security-policy': policy,
    },
    body: page ? proxyPage() : proxyScript(appOrigin),
  };
}

/** Splits a proxy URL (either binding's) into the parts viewProxyResponse takes. */
export function parseProxyUrl(
  url: string,
  layout: 'host' | 'path',
): { serverKey: string; path: string; viewKey: string | null } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const viewKey = parsed.searchParams.get('view');
  if (layout === 'host') return { serverKey: parsed.hostname, path: parsed.pathname, viewKey };
  const match = /^\/([^/]+)(\/.*)$/.exec(parsed.pathname);
  return match ? { serverKey: match[1], path: match[2], viewKey } : null;
}
