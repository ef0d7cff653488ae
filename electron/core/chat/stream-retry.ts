// A request of a turn streamed with its retries: a stream that broke after it started is asked
// again from the stored history, and its partial answer is kept (with a note) until the new answer
// replaces it; it is never sent again.
import type Anthropic from '@anthropic-ai/sdk';
import { ERROR_CODE, errorInfo } from '../../../shared/result';
import { withheldTools } from '../permissions/offered';
import { isRetryableStreamError, toChatError } from './api-errors';
import type { ChatSettings } from './chat-settings';
import type { ChatEngineDeps } from './engine-deps';
import type { HistoryCache } from './history-cache';
import type { ModelLimits } from './models';
import { toolsKey } from './meter';
import { buildRequest } from './request';
import { skillCatalogOf } from './skill-catalog';
import { streamRound } from './stream-round';
import type { TurnToolSearch } from './tool-search/turn';
import { conversationBoundary } from './conversation-boundary';

export interface StreamRetryContext {
  deps: ChatEngineDeps;
  /** The engine's cache of stored histories (what each request is built from). */
  history: HistoryCache;
}

/**
 * One request of a turn, streamed, and asked again when the stream broke after it started (at most
 * `deps.streamRetries` times). The partial answer stays stored and shown until the retry's answer
 * replaces it; an endpoint that refused Anthropic's tool search is asked again with Lena's own.
 */
// A function over 80 lines: the retry, the partial answers' notes and the tool-search fallback share
// the attempt's state (the answers a retry replaces), so they read as one loop.
export async function streamWithRetry(
  { deps, history }: StreamRetryContext,
  client: Anthropic,
  settings: ChatSettings,
  limits: ModelLimits,
  conversationId: string,
  signal: AbortSignal,
  search: TurnToolSearch,
) {
  const retries = deps.streamRetries ?? 2;
  let replaced: string[] = [];
  for (let attempt = 0; ; attempt++) {
    // The conversation's one boundary; every stored result is wrapped with it (untrusted.ts).
    const { params, notices, deferral } = await buildRequest({
      settings,
      stored: history.messages(conversationId),
      registry: deps.registry,
      boundary: conversationBoundary(deps.store, conversationId),
      limits,
      // Step 2 of the tools builder: tools the user has not accepted (issue 12 item 3) stay out.
      isWithheld: deps.isWithheld ?? withheldTools(deps.registry, deps.permissions),
      // Step 1: this conversation's own switches over the global ones (issue 16).
      conversationTools: deps.store.summary(conversationId).tools,
      deferral: search.deferral(),
      // The conversation's own skill switches leave skills out of its catalog.
      ...(deps.skills
        ? {
            skillCatalog: await skillCatalogOf(
              deps.skills,
              deps.store.summary(conversationId).tools?.offSkills,
            ),
          }
        : {}),
      ...(deps.agents ? { agentTools: await deps.agents.tools() } : {}),
      ...(deps.viewContexts
        ? { viewContext: { contexts: deps.viewContexts, conversationId } }
        : {}),
    });
    if (attempt === 0)
      for (const message of notices) deps.emit({ type: 'notice', conversationId, message });
    deps.emit({ type: 'request-tools', conversationId, ...deferral });
    const result = await streamRound({
      client,
      params,
      conversationId,
      store: deps.store,
      emit: deps.emit,
      signal,
    });
    // An endpoint without tool search refused the request: built again with Lena's own search.
    if (result.error && !result.message && search.refusedNative(result.error, deferral)) {
      deps.emit({
        type: 'notice',
        conversationId,
        message:
          "This endpoint does not offer Anthropic's tool search; Lena uses its own tool search here from now on.",
      });
      attempt--;
      continue;
    }
    // An answer that arrived (whole or cut again) replaces the partial ones before it: they go
    // out of view and out of history (superseded), so their notes go too.
    if (result.message) {
      supersede(deps, replaced);
      replaced = [];
    }
    // A stream that broke after it started is retried from the stored history. The partial answer
    // stays stored and shown (its text so far, with a note) until the retry's answer arrives; it
    // is never sent again: the retry ends with the user's turn (a prefill would be refused), and
    // none of its tool_use blocks ran.
    if (
      result.error &&
      result.message &&
      !signal.aborted &&
      attempt < retries &&
      isRetryableStreamError(result.error)
    ) {
      const partial = deps.store.update(result.message.id, {
        error: errorInfo(
          ERROR_CODE.interrupted,
          'The connection broke while Claude was answering; Lena is asking again. The text so far stays until the new answer arrives.',
          { data: { retried: true } },
        ),
      });
      deps.emit({ type: 'message-saved', conversationId, message: partial });
      replaced = [partial.id];
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      continue;
    }
    // Given up with a partial answer: its text stays, with one note that says why and offers Retry
    // (the turn ends with the same note, so the window shows it once).
    // A retry that failed before it streamed anything leaves the earlier partial answer as the one.
    const partialId = result.message?.id ?? replaced.at(-1);
    if (result.error && partialId && !signal.aborted) {
      const why = !result.message
        ? `The connection broke while Claude was answering, and asking again failed: ${toChatError(result.error).message.replace(/\.$/, '')}`
        : isRetryableStreamError(result.error)
          ? `The connection broke while Claude was answering (${(result.error as Error).message ?? 'no reason given'})${attempt > 0 ? ', and asking again did not help' : ''}`
          : `The answer stopped with an error: ${toChatError(result.error).message.replace(/\.$/, '')}`;
      const note = errorInfo(
        ERROR_CODE.interrupted,
        `${why}. The text so far is kept; Retry asks again.`,
        { action: 'retry' },
      );
      const kept = deps.store.update(partialId, { error: note });
      deps.emit({ type: 'message-saved', conversationId, message: kept });
      return { ...result, note, requestBytes: undefined, toolsKey: toolsKey(params.tools) };
    }
    // Stopped while Lena was asking again: the partial answer is kept, no longer "asking again".
    for (const id of replaced) {
      const kept = deps.store.update(id, {
        error: errorInfo(ERROR_CODE.interrupted, 'Stopped.'),
      });
      deps.emit({ type: 'message-saved', conversationId, message: kept });
    }
    // The size is said when the API found the request too large (measured only then).
    return {
      ...result,
      note: undefined,
      requestBytes: result.error ? Buffer.byteLength(JSON.stringify(params)) : undefined,
      toolsKey: toolsKey(params.tools),
    };
  }
}

/** Partial answers a retry replaced: superseded, so neither the window nor history keeps them. */
function supersede(deps: ChatEngineDeps, ids: readonly string[]): void {
  for (const id of ids) {
    const message = deps.store.update(id, { status: 'superseded' });
    deps.emit({ type: 'message-saved', conversationId: message.conversationId, message });
  }
}
