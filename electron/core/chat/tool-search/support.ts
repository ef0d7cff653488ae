// Where Anthropic's tool search tool can be used. The API documentation (tool search tool page,
// "supportedModels", status stable: no beta header) lists the models below; both variants
// (tool_search_tool_regex_20251119, tool_search_tool_bm25_20251119) exist on all of them. Lena sends
// the BM25 variant: the model then writes natural-language queries, as it does for Lena's own
// fallback search, so the two modes behave alike. An endpoint that refuses tool search (a proxy,
// another base URL) is detected from its 400 answer and remembered per base URL.
import type Anthropic from '@anthropic-ai/sdk';

export const TOOL_SEARCH_MODELS: readonly string[] = [
  'claude-fable-5-2', 'claude-mythos-5-2', 'claude-fable-5-1', 'claude-mythos-5-1', 'claude-fable-5', 'claude-mythos-5',
  'claude-mythos-preview', 'claude-opus-5-5', 'claude-opus-5', 'claude-sonnet-5-5', 'claude-sonnet-5', 'claude-haiku-5-5',
  'claude-haiku-4-5', 'claude-opus-4-8', 'claude-opus-4-7', 'claude-opus-4-6', 'claude-sonnet-4-6', 'claude-opus-4-5',
  'claude-sonnet-4-5',
];

/** The server-side search tool Lena adds when it defers definitions. */
export const SERVER_SEARCH_TOOL: Anthropic.Messages.ToolSearchToolBm25_20251119 = {
  type: 'tool_search_tool_bm25_20251119',
  name: 'tool_search_tool_bm25',
};

/** Model ids may carry a date (claude-sonnet-4-5-20250929) or an alias suffix; match the family. */
export function modelSupportsToolSearch(model: string): boolean {
  return TOOL_SEARCH_MODELS.some((id) => model === id || model.startsWith(`${id}-`));
}

interface ApiErrorLike {
  status?: number;
  message?: string;
  error?: { error?: { type?: string; message?: string }; message?: string };
}

/**
 * True when a 400 says the endpoint does not know tool search: an unknown tool `type` tag, or
 * `defer_loading` / `tool_reference` refused as extra inputs. A refusal of something else (an
 * image, a parameter) is not one, so it never switches Lena to the fallback by mistake.
 */
export function isToolSearchRefusal(err: unknown): boolean {
  const e = (err ?? {}) as ApiErrorLike;
  if (e.status !== 400) return false;
  const message = e.error?.error?.message ?? e.error?.message ?? e.message ?? '';
  return /tool_search_tool_(bm25|regex)|defer_loading|tool_reference/.test(message);
}

/** Base URLs that refused tool search, for the life of the app (one per endpoint, not per model). */
export class ToolSearchSupport {
  private readonly refusedUrls = new Set<string>();

  constructor(refused: Iterable<string> = []) {
    for (const url of refused) this.refusedUrls.add(url);
  }

  /** 'native' where the model and endpoint support it, 'client' (Lena's own search) elsewhere. */
  mode(model: string, baseUrl: string | null | undefined): 'native' | 'client' {
    if (this.refusedUrls.has(baseUrl ?? 'default')) return 'client';
    return modelSupportsToolSearch(model) ? 'native' : 'client';
  }

  markRefused(baseUrl: string | null | undefined): void {
    this.refusedUrls.add(baseUrl ?? 'default');
  }

  refused(): string[] {
    return [...this.refusedUrls];
  }
}
