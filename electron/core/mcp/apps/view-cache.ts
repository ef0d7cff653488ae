// One server's MCP Apps views: for each tool with a `ui://` view, the resource read once per
// listing (resources/read, `text/html;profile=mcp-app`), kept here, and hashed onto Lena's copy
// of the tool (VIEW_HASH_KEY) so the tool's pin covers the view: a server that swaps the HTML or
// widens its CSP gets the tool held like a changed description.
import { APP_HTML_MIME } from '../../../../shared/app-view-types';
import type { Resource, Tool } from '../../../../shared/mcp-types';
import { stableHash } from '../../base/stable-json';
import { VIEW_HASH_KEY, viewUri } from './ui-meta';

/** A view larger than this is refused (a bundled single-file view is usually well under 1 MB). */
export const MAX_VIEW_BYTES = 5_000_000;

export interface CachedView {
  uri: string;
  /** The HTML, or null when it could not be read (`error` says why). */
  html: string | null;
  /** `_meta.ui` of the content item (csp, permissions, domain, prefersBorder), else of the listed resource. */
  ui: Record<string, unknown>;
  /** sha256 over the HTML and `ui`; null when unreadable. */
  hash: string | null;
  error: string | null;
}

/** What the cache needs of the client: resources/read. */
export type ResourceReader = (uri: string) => Promise<{ contents: unknown[] }>;

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The content item's `_meta.ui`, else the resources/list entry's (the spec's fallback). */
function uiMeta(
  item: Record<string, unknown>,
  listed: Resource | undefined,
): Record<string, unknown> {
  return (
    record(record(item._meta)?.ui) ??
    record(record((listed as { _meta?: unknown } | undefined)?._meta)?.ui) ??
    {}
  );
}

const hashView = (html: string, ui: Record<string, unknown>): string => stableHash({ html, ui });

/** Reads one view; never throws (an unreadable view is a CachedView with `error`). */
export async function readView(
  read: ResourceReader,
  uri: string,
  listed?: Resource,
): Promise<CachedView> {
  const failed = (error: string): CachedView => ({ uri, html: null, ui: {}, hash: null, error });
  let contents: unknown[];
  try {
    contents = (await read(uri)).contents;
  } catch (e) {
    return failed(`resources/read ${uri} failed: ${(e as Error).message}`);
  }
  const item = contents.map(record).find((c) => c && c.uri === uri) ?? record(contents[0]);
  if (!item) return failed(`resources/read ${uri} returned no content`);
  const mime =
    typeof item.mimeType === 'string' ? item.mimeType.replace(/\s+/g, '').toLowerCase() : '';
  if (mime !== APP_HTML_MIME)
    return failed(
      `${uri} is "${String(item.mimeType ?? 'no type')}", not ${APP_HTML_MIME}; Lena renders only MCP App HTML`,
    );
  let html: string;
  if (typeof item.text === 'string') html = item.text;
  else if (typeof item.blob === 'string') html = Buffer.from(item.blob, 'base64').toString('utf8');
  else return failed(`${uri} has neither text nor blob`);
  if (Buffer.byteLength(html) > MAX_VIEW_BYTES)
    return failed(`${uri} is larger than ${MAX_VIEW_BYTES / 1_000_000} MB`);
  const ui = uiMeta(item, listed);
  return { uri, html, ui, hash: hashView(html, ui), error: null };
}

export class ViewCache {
  private views = new Map<string, CachedView>();

  get(uri: string): CachedView | undefined {
    return this.views.get(uri);
  }

  all(): CachedView[] {
    return [...this.views.values()];
  }

  /**
   * Reads the views of `tools` (each URI once) and returns Lena's copies of the tools with the
   * view hash in `_meta`. A view that cannot be read now keeps the copy read before, if any.
   */
  async annotate(
    read: ResourceReader,
    tools: readonly Tool[],
    resources: readonly Resource[] = [],
  ): Promise<Tool[]> {
    const uris = [...new Set(tools.map(viewUri).filter((u): u is string => u !== null))];
    const next = new Map<string, CachedView>();
    await Promise.all(
      uris.map(async (uri) => {
        const view = await readView(
          read,
          uri,
          resources.find((r) => r.uri === uri),
        );
        const before = this.views.get(uri);
        next.set(uri, view.html === null && before?.html ? before : view);
      }),
    );
    this.views = next;
    return tools.map((tool) => withViewHash(tool, next));
  }
}

function withViewHash(tool: Tool, views: Map<string, CachedView>): Tool {
  const meta = record(tool._meta);
  const uri = viewUri(tool);
  if (!meta || (uri === null && !(VIEW_HASH_KEY in meta))) return tool;
  const rest = { ...meta };
  delete rest[VIEW_HASH_KEY];
  const hash = uri ? views.get(uri)?.hash : undefined;
  return { ...tool, _meta: hash ? { ...rest, [VIEW_HASH_KEY]: hash } : rest };
}
