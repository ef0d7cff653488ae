// A tool's MCP Apps view for its card (apps:view), and the sandbox proxy's answers. Only a view
// whose tool the user accepted as it is now renders; a changed or new one is held like the tool.
import { createHash } from 'node:crypto';
import type { AppView } from '../../../../shared/app-view-types';
import { VIEW_HASH_KEY, viewUri } from '../../mcp/apps/ui-meta';
import type { CachedView } from '../../mcp/apps/view-cache';
import { checkViewCsp } from '../../security/view-csp';
import {
  PROXY_PAGE,
  parseProxyUrl,
  viewProxyResponse,
  type ProxyResponse,
} from '../../security/view-proxy';
import type { Runtime } from '../runtime';
import { serverIdentity } from '../wiring';

/** Where the window frames views from: Electron's lena-view:// scheme, or the harness's second loopback origin. */
export interface ViewBinding {
  /** The window's origin: the only page that may frame a proxy and the only one it talks to. */
  appOrigin: string;
  /** `host`: lena-view://<key>/proxy.html; `path`: http://127.0.0.1:<port>/<key>/proxy.html. */
  layout: 'host' | 'path';
  /** The proxy origin (no trailing slash), for a server's key: `lena-view://<key>`, or the harness's. */
  origin(serverKey: string): string;
}

/** The default Electron binding (main registers the scheme). */
export const electronViewBinding = (appOrigin: string): ViewBinding => ({
  appOrigin,
  layout: 'host',
  origin: (key) => `lena-view://${key}`,
});

/**
 * A server's key in the proxy's address: stable for the same server entry, different for another
 * entry under the same name (so a replaced server never shares its predecessor's origin).
 */
export function serverKey(rt: Runtime, server: string): string {
  return createHash('sha256')
    .update(`${server}\0${serverIdentity(rt.manager, server).hash}`)
    .digest('hex')
    .slice(0, 16);
}

const hexOf = (hash: string) => hash.replace(/^sha256:/, '');

function proxyUrl(binding: ViewBinding, key: string, view: CachedView): string {
  const base = binding.layout === 'host' ? binding.origin(key) : `${binding.origin(key)}/${key}`;
  return `${base}${PROXY_PAGE}?view=${hexOf(view.hash ?? '')}`;
}

/** The view of `server`'s tool `tool`, or null when the tool has none. */
export function appView(
  rt: Runtime,
  binding: ViewBinding | undefined,
  server: string,
  tool: string,
): AppView | null {
  const registered = rt.registry.tools(server).find((t) => t.tool.name === tool);
  const uri = registered ? viewUri(registered.tool) : null;
  if (!registered || !uri) return null;
  const cached = rt.manager.session(server)?.views.get(uri);
  const checked = checkViewCsp(cached?.ui.csp);
  const key = serverKey(rt, server);
  const base: AppView = {
    server,
    tool,
    uri,
    status: 'unavailable',
    note: null,
    html: null,
    csp: checked.kept,
    rejected: checked.rejected,
    permissions: Object.keys((cached?.ui.permissions as object | undefined) ?? {}),
    prefersBorder: typeof cached?.ui.prefersBorder === 'boolean' ? cached.ui.prefersBorder : null,
    proxyUrl: '',
    proxyOrigin: binding?.origin(key) ?? '',
  };
  if (!binding)
    return { ...base, note: 'Views are not shown here (no view sandbox in this front end).' };
  if (!cached || cached.html === null || cached.hash === null)
    return { ...base, note: cached?.error ?? `The view ${uri} has not been read yet.` };
  if (registered.tool._meta?.[VIEW_HASH_KEY] !== cached.hash)
    return { ...base, note: 'The view is being read again; try once more in a moment.' };
  const standing = rt.permissions.standing(server, registered.tool);
  const changed = rt.permissions.acceptance?.check(server, registered.tool).status === 'changed';
  if (standing !== 'offered' || changed) {
    const why =
      standing === 'new'
        ? 'is new'
        : standing === 'rejected'
          ? 'was rejected'
          : 'changed since you accepted it';
    return {
      ...base,
      status: 'held',
      note: `The ${tool} tool or its view ${why}; review it on the server's Tools tab before the view is shown.`,
    };
  }
  return { ...base, status: 'ready', html: cached.html, proxyUrl: proxyUrl(binding, key, cached) };
}

/** Answers a request to the proxy origin (Electron's protocol handler, the harness's second server). */
export function viewProxy(rt: Runtime, binding: ViewBinding, url: string): ProxyResponse {
  const parts = parseProxyUrl(url, binding.layout) ?? { serverKey: '', path: '', viewKey: null };
  return viewProxyResponse(
    parts,
    (key, viewKey) => {
      const server = rt.manager.statuses().find((s) => serverKey(rt, s.name) === key)?.name;
      const view = server
        ? rt.manager
            .session(server)
            ?.views.all()
            .find((v) => v.hash !== null && hexOf(v.hash) === viewKey)
        : undefined;
      return view ? checkViewCsp(view.ui.csp).kept : undefined;
    },
    binding.appOrigin,
  );
}
