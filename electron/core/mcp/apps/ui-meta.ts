// What a tool's `_meta` says about its MCP Apps view (SEP-1865): the `ui://` resource of its view
// (`_meta.ui.resourceUri`, or the older flat `_meta["ui/resourceUri"]` the SDK still writes) and who
// may see it (`_meta.ui.visibility`, default both). Read in one place so the registry, the pins and
// the view calls agree on what a server declared.
import type { AppToolInfo, AppToolVisibility } from '../../../../shared/app-view-types';
import type { Tool } from '../../../../shared/mcp-types';

/** The older flat key (ext-apps still writes both). */
export const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';
/**
 * Where Lena records the hash of the view it fetched, on its own copy of the tool: the pin covers
 * it, so a changed view holds the tool like a changed description. A server's own value is dropped.
 */
export const VIEW_HASH_KEY = 'dev.lena/viewHash';

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The `ui://` URI of the tool's view, or null (none, or not a ui:// URI). */
export function viewUri(tool: Pick<Tool, '_meta'>): string | null {
  const meta = record(tool._meta);
  const ui = record(meta?.ui);
  const uri =
    typeof ui?.resourceUri === 'string' ? ui.resourceUri : meta?.[LEGACY_RESOURCE_URI_KEY];
  return typeof uri === 'string' && uri.startsWith('ui://') && uri.length <= 2000 ? uri : null;
}

/** Who may see and call the tool. An empty or unreadable list means the default, both. */
export function visibility(tool: Pick<Tool, '_meta'>): AppToolVisibility[] {
  const list = record(record(tool._meta)?.ui)?.visibility;
  if (!Array.isArray(list)) return ['model', 'app'];
  const known = (['model', 'app'] as const).filter((v) => list.includes(v));
  return known.length > 0 ? known : ['model', 'app'];
}

/** False for an app-only tool: it never reaches the model (not sent, and a call by name is refused). */
export const modelVisible = (tool: Pick<Tool, '_meta'>): boolean =>
  visibility(tool).includes('model');
/** False for a model-only tool: a view may not call it. */
export const appVisible = (tool: Pick<Tool, '_meta'>): boolean => visibility(tool).includes('app');

/** ToolInfo.app: absent for a tool that declares nothing of the extension. */
export function appToolInfo(tool: Pick<Tool, '_meta'>): AppToolInfo | undefined {
  const uri = viewUri(tool);
  const declared = uri !== null || record(record(tool._meta)?.ui)?.visibility !== undefined;
  return declared ? { resourceUri: uri, visibility: visibility(tool) } : undefined;
}

/** What the pin keeps of the view: its URI, the visibility and the hash of the HTML fetched. */
export function pinnedView(
  tool: Pick<Tool, '_meta'>,
):
  | { resourceUri: string | null; visibility: AppToolVisibility[]; viewHash: string | null }
  | undefined {
  const info = appToolInfo(tool);
  if (!info) return undefined;
  const hash = record(tool._meta)?.[VIEW_HASH_KEY];
  return { ...info, viewHash: typeof hash === 'string' ? hash : null };
}
