// The pure parts of the client's resource and completion requests (issue 22), kept out of
// client.ts: completion/complete's params and answer, and which updates a subscription covers.
import type { Completion, CompletionRef } from '../../../shared/mcp-types';

export function completionParams(
  ref: CompletionRef,
  argument: { name: string; value: string },
  context?: Record<string, string>,
): Record<string, unknown> {
  return {
    ref,
    argument,
    ...(context && Object.keys(context).length > 0 ? { context: { arguments: context } } : {}),
  };
}

/** A completion answer as Lena uses it: strings only, at most the 100 the spec allows. */
export function readCompletion(r: Record<string, unknown>): Completion {
  const c = r.completion as Partial<Completion> | undefined;
  const values = Array.isArray(c?.values)
    ? c.values.filter((v): v is string => typeof v === 'string').slice(0, 100)
    : [];
  return {
    values,
    ...(typeof c?.total === 'number' ? { total: c.total } : {}),
    ...(c?.hasMore === true ? { hasMore: true } : {}),
  };
}

/** Whether an update of `uri` is for a subscribed resource (or a sub-resource of one, as the spec allows). */
export function coversUpdate(watched: ReadonlySet<string>, uri: string): boolean {
  for (const w of watched)
    if (uri === w || uri.startsWith(w.endsWith('/') ? w : `${w}/`)) return true;
  return false;
}
