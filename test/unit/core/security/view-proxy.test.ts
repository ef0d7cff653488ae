// The MCP Apps sandbox proxy's responses (issue 23): only its page and script exist, the page only
// for a view that exists now, each with that view's policy; the relay talks to the app's origin only.
import { describe, expect, it } from 'vitest';
import {
  parseProxyUrl,
  proxyPage,
  proxyScript,
  viewProxyResponse,
} from '../../../../electron/core/security/view-proxy';

const KEY = '0123456789abcdef';
const VIEW = 'a'.repeat(64);
const csp = {
  connectDomains: ['https://api.example.com'],
  resourceDomains: [],
  frameDomains: [],
  baseUriDomains: [],
};
const lookup = (key: string, view: string) => (key === KEY && view === VIEW ? csp : undefined);

describe('viewProxyResponse', () => {
  it('serves the page of an existing view with its policy, framed by the app only', () => {
    const r = viewProxyResponse(
      { serverKey: KEY, path: '/proxy.html', viewKey: VIEW },
      lookup,
      'app://lena',
    );
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toContain('connect-src https://api.example.com;');
    expect(r.headers['content-security-policy']).toContain('frame-ancestors app://lena;');
    expect(r.headers['content-security-policy']).toMatch(/require-trusted-types-for 'script'$/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.body).toBe(proxyPage());
  });

  it.each([
    ['an unknown view', { serverKey: KEY, path: '/proxy.html', viewKey: 'b'.repeat(64) }],
    ['no view key', { serverKey: KEY, path: '/proxy.html', viewKey: null }],
    ['a malformed server key', { serverKey: 'EVIL.example', path: '/proxy.html', viewKey: VIEW }],
    ['another path', { serverKey: KEY, path: '/../index.html', viewKey: VIEW }],
  ])('answers 404 for %s', (_what, request) => {
    expect(viewProxyResponse(request, lookup, 'app://lena').status).toBe(404);
  });

  it('serves the relay script, which posts only to the app origin and frames the view with allow-scripts only', () => {
    const r = viewProxyResponse(
      { serverKey: KEY, path: '/proxy.js', viewKey: null },
      lookup,
      'http://127.0.0.1:4000',
    );
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.body).toBe(proxyScript('http://127.0.0.1:4000'));
    expect(r.body).toContain('window.parent.postMessage(event.data, APP)');
    expect(r.body).toContain('if (event.origin !== APP) return;');
    expect(r.body).not.toContain('allow-same-origin');
  });
});

describe('parseProxyUrl', () => {
  it('reads both layouts', () => {
    expect(parseProxyUrl(`lena-view://${KEY}/proxy.html?view=${VIEW}`, 'host')).toEqual({
      serverKey: KEY,
      path: '/proxy.html',
      viewKey: VIEW,
    });
    expect(parseProxyUrl(`http://127.0.0.1:5/${KEY}/proxy.js`, 'path')).toEqual({
      serverKey: KEY,
      path: '/proxy.js',
      viewKey: null,
    });
    expect(parseProxyUrl('http://127.0.0.1:5/', 'path')).toBeNull();
    expect(parseProxyUrl('not a url', 'host')).toBeNull();
  });
});
