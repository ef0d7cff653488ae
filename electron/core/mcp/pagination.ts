// Follows nextCursor through a paginated list. A server that hands back a cursor it already gave
// (a loop) or never stops would hang the client: both end the walk with what was collected.
import { McpProtocolError } from './errors';

const MAX_PAGES = 10_000;

/** Collects `key` from every page of `method`; `warn` hears about a cursor loop. */
export async function listAllPages<T>(
  fetchPage: (params: { cursor: string } | undefined) => Promise<Record<string, unknown>>,
  method: string,
  key: string,
  warn: (message: string) => void,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const r = await fetchPage(cursor === undefined ? undefined : { cursor });
    const list = r[key];
    if (!Array.isArray(list))
      throw new McpProtocolError(`${method}: the server's answer has no "${key}" array`);
    for (const item of list) items.push(item as T);
    const next = r.nextCursor;
    if (typeof next !== 'string' || next === '') return items;
    if (seen.has(next) || page >= MAX_PAGES) {
      warn(
        `${method}: the server repeated a cursor (or sent ${MAX_PAGES} pages); stopped after page ${page} with ${items.length} items`,
      );
      return items;
    }
    seen.add(next);
    cursor = next;
  }
}
