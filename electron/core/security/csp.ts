// The Content-Security-Policy of the window: only our own scripts, no eval, no inline script, no
// remote connections; images also from data: and blob: (tool results, thumbnails). Served as a
// header by the app:// protocol, the dev server and the end-to-end harness. Frames only from the
// MCP Apps sandbox proxy's origin (view-proxy.ts): a view never runs on the app's own origin.
import { VIEW_SCHEME } from './view-proxy';

export interface CspOptions {
  /** Vite's dev server needs its HMR websocket and React refresh preamble. */
  dev?: boolean;
  /** Where MCP Apps views are framed from: lena-view: in Electron, the harness's second loopback origin. */
  viewOrigin?: string;
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': [options.viewOrigin ?? `${VIEW_SCHEME}:`],
    'worker-src': ["'self'", 'blob:'],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  if (options.dev) {
    // HMR over a local websocket only; still no eval and no remote origins.
    directives['connect-src'].push('ws://localhost:*', 'ws://127.0.0.1:*');
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Parses a policy string into directive → sources, for checks and tests. */
export function parseCsp(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}
