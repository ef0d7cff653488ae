// MCP Apps (io.modelcontextprotocol/ui, SEP-1865): what the window learns of a tool's view and
// what a view may ask of Lena. Core fetches, caches and pins the `ui://` resource; the window
// renders it in the sandbox proxy (an origin of its own) and forwards the view's requests over
// the `apps:*` channels, each tied to the tool call whose card shows the view.

/** The extension's identifier in `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The only view format Lena renders. */
export const APP_HTML_MIME = 'text/html;profile=mcp-app';

/** Who may see and call a tool (`_meta.ui.visibility`); absent means both. */
export type AppToolVisibility = 'model' | 'app';

/** A tool's view as the tool list says it (ToolInfo.app). */
export interface AppToolInfo {
  /** The `ui://` resource of its view; null for an app-only tool without one. */
  resourceUri: string | null;
  visibility: AppToolVisibility[];
}

/** The resource's `_meta.ui.csp`, as Lena kept it (bad entries dropped, see `rejected`). */
export interface AppViewCsp {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
}

/**
 * One tool's view, ready for the card (`apps:view`). `status` says whether it may render:
 * `held` when the view (or the tool) changed since the user accepted it or is new; the card
 * shows the tool's text and points at the review (`permissions:accept-definition` accepts it).
 */
export interface AppView {
  server: string;
  tool: string;
  uri: string;
  status: 'ready' | 'held' | 'unavailable';
  /** Why it is held or unavailable, in words for the card. */
  note: string | null;
  /** The view's HTML (null unless ready). Sent to the proxy in ui/notifications/sandbox-resource-ready. */
  html: string | null;
  csp: AppViewCsp;
  /** CSP entries Lena refused, with why ("https://* is a wildcard over every site"). */
  rejected: { value: string; reason: string }[];
  /** `_meta.ui.permissions` as the server asked (camera, microphone, geolocation, clipboardWrite); Lena grants none yet. */
  permissions: string[];
  prefersBorder: boolean | null;
  /**
   * The sandbox proxy page for this view: `lena-view://<server key>/proxy.html?view=<key>` in
   * Electron, a second loopback origin in the end-to-end harness. Its response carries the CSP
   * built from `csp`; load it as the outer iframe's src, wait for
   * ui/notifications/sandbox-proxy-ready, then send the HTML.
   */
  proxyUrl: string;
  /** The proxy's origin: the only origin the window accepts view messages from. */
  proxyOrigin: string;
}

/** Identifies the view a request comes from: the tool call whose card shows it. Core finds the server from it. */
export interface AppViewRef {
  conversationId: string;
  toolUseId: string;
}

/** What a view last put into the model's context (ui/update-model-context), shown on its card. */
export interface AppModelContext extends AppViewRef {
  server: string;
  /** The text the model will read (inside the untrusted-data markers), null once cleared. */
  text: string | null;
  updatedAt: number;
}
