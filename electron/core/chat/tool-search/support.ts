// Where Anthropic's tool search tool can be used. The API documentation (tool search tool page,
// "supportedModels", status stable: no beta header) lists the models below; both variants
// (tool_search_tool_regex_20251119, tool_search_tool_bm25_20251119) exist on all of them. Lena sends
// the BM25 variant: the model then writes natural-language queries, as it does for Lena's own
// fallback search, so the two modes behave alike. An endpoint that refuses tool search (a proxy,
// another base URL) is detected from its 400 answer and remembered per base URL, across starts.
import type Anthropic from '@anthropic-ai/sdk';
import { readFileSync } from 'node:fs';
import { writeJsonFile } from '../../base/json-file';

export const TOOL_SEARCH_MODELS: readonly string[] = [
  'claude-fable-5-2',
  'claude-mythos-5-2',
  'claude-fable-5-1',
  'claude-mythos-5-1',
  'claude-fable-5',
  'claude-mythos-5',
  'claude-mythos-preview',
  'claude-opus-5-5',
  'claude-opus-5',
  'claude-sonnet-5-5',
  'claude-sonnet-5',
  'claude-haiku-5-5',
  'claude-haiku-4-5',
  'claude-opus-4-8',
  'claude-opus-4-7',
  'claude-opus-4-6',
  'claude-sonnet-4-6',
  'claude-opus-4-5',
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

/** How long a refusal is believed: after it, one request tries Anthropic's tool search again. */
export const REFUSAL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** One endpoint's refusal: for which model, and when (ms since the epoch). */
export interface Refusal {
  baseUrl: string;
  model: string;
  at: number;
}

export interface ToolSearchSupportOptions {
  /** Where refusals are kept across starts (Lena's home: tool-search.json); in memory without. */
  file?: string;
  now?: () => number;
  /** Called when the file could not be written (the refusal still holds for this run). */
  onWriteError?: (error: Error) => void;
}

/**
 * Base URLs that refused tool search, kept in a small JSON file so the next start does not send a
 * refused request again. A refusal is forgotten when the model changes (another model may be
 * served differently) or after REFUSAL_TTL_MS (the endpoint may have been upgraded), so Lena
 * tries again then; a refusal seen again is simply recorded again.
 */
export class ToolSearchSupport {
  private readonly refusals = new Map<string, Refusal>();
  private readonly now: () => number;

  constructor(private readonly options: ToolSearchSupportOptions = {}) {
    this.now = options.now ?? Date.now;
    for (const r of readRefusals(options.file)) this.refusals.set(r.baseUrl, r);
  }

  /** 'native' where the model and endpoint support it, 'client' (Lena's own search) elsewhere. */
  mode(model: string, baseUrl: string | null | undefined): 'native' | 'client' {
    if (this.refusedNow(model, baseUrl ?? 'default')) return 'client';
    return modelSupportsToolSearch(model) ? 'native' : 'client';
  }

  markRefused(baseUrl: string | null | undefined, model: string): void {
    const url = baseUrl ?? 'default';
    this.refusals.set(url, { baseUrl: url, model, at: this.now() });
    this.save();
  }

  /** Base URLs whose refusal still holds for some model. */
  refused(): string[] {
    return [...this.refusals.values()]
      .filter((r) => this.now() - r.at < REFUSAL_TTL_MS)
      .map((r) => r.baseUrl);
  }

  private refusedNow(model: string, baseUrl: string): boolean {
    const r = this.refusals.get(baseUrl);
    return r !== undefined && r.model === model && this.now() - r.at < REFUSAL_TTL_MS;
  }

  /** Resolves once every refusal recorded so far is written (Lena awaits it when quitting). */
  saved(): Promise<void> {
    return this.writing;
  }

  private writing: Promise<void> = Promise.resolve();

  private save(): void {
    const file = this.options.file;
    if (!file) return;
    const kept = [...this.refusals.values()].filter((r) => this.now() - r.at < REFUSAL_TTL_MS);
    this.writing = this.writing
      .then(() => writeJsonFile(file, { version: 1, refused: kept }))
      .catch((error: Error) => this.options.onWriteError?.(error));
  }
}

/** The refusals in `file`; a missing or unreadable file is no refusal (Lena just tries again). */
function readRefusals(file: string | undefined): Refusal[] {
  if (!file) return [];
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { refused?: unknown };
    if (!Array.isArray(doc.refused)) return [];
    return doc.refused.filter(
      (r): r is Refusal =>
        typeof r === 'object' &&
        r !== null &&
        typeof (r as Refusal).baseUrl === 'string' &&
        typeof (r as Refusal).model === 'string' &&
        typeof (r as Refusal).at === 'number',
    );
  } catch {
    return [];
  }
}
