// Step 3 of the request's tools (request-tools.ts): deferral above the token budget. Below the
// budget nothing changes. Above it, only a small set is loaded — the tools the user marked
// "always loaded", the ones this conversation has used or had found by search — and the rest is
// reachable through a search tool:
//   native: every definition is sent, the rest with `defer_loading: true`, plus Anthropic's tool
//           search tool (the API expands its tool_reference results into the definitions);
//   client: for endpoints that refuse tool search, the rest is not sent at all; Lena's own
//           `lena_tool_search` finds definitions and Lena loads them for the rest of the turn.
import type Anthropic from '@anthropic-ai/sdk';
import type { RequestToolsInfo } from '../../../../shared/chat/events';
import { estimateTokens } from '../../mcp/registry/schemas';
import { clientSearchDefinition } from './client-search';
import { SERVER_SEARCH_TOOL } from './support';

type Tool = Anthropic.Messages.Tool;
type ToolUnion = Anthropic.Messages.ToolUnion;

export type DeferralMode = 'native' | 'client';

export interface DeferralCandidate {
  name: string;
  definition: Tool;
  /** Lena's estimate of this definition's cost (registry `tokens`). */
  tokens: number;
  /** Its server, for the names Lena's own search lists by server. */
  server?: string;
}

export interface DeferralOptions {
  /** Deferral engages when the candidates together cost more than this. */
  budgetTokens: number;
  mode: DeferralMode;
  /** Never deferred: always-loaded tools, tools used in the conversation or found this turn. */
  keep: ReadonlySet<string>;
}

/** What the composer shows for one request (loaded, deferred, estimated tokens). */
export type DeferralSummary = RequestToolsInfo;

export interface DeferralPlan {
  tools: ToolUnion[];
  summary: DeferralSummary;
}

export const SERVER_SEARCH_TOKENS = estimateTokens([SERVER_SEARCH_TOOL as unknown as Tool]);

export function planDeferral(
  candidates: readonly DeferralCandidate[],
  options: DeferralOptions,
): DeferralPlan {
  const allTokens = candidates.reduce((n, c) => n + c.tokens, 0);
  if (allTokens <= options.budgetTokens || candidates.length === 0) {
    return {
      tools: candidates.map((c) => ({ ...c.definition })),
      summary: {
        engaged: false,
        mode: null,
        loaded: candidates.length,
        deferred: 0,
        tokens: allTokens,
        allTokens,
      },
    };
  }
  const loaded = candidates.filter((c) => options.keep.has(c.name));
  const loadedTokens = loaded.reduce((n, c) => n + c.tokens, 0);
  const deferred = candidates.length - loaded.length;
  if (options.mode === 'native') {
    // Listing order stays the registry's, so the cached prefix only changes when the set does.
    const tools: ToolUnion[] = [
      { ...SERVER_SEARCH_TOOL },
      ...candidates.map((c) =>
        options.keep.has(c.name) ? { ...c.definition } : { ...c.definition, defer_loading: true },
      ),
    ];
    return {
      tools,
      summary: {
        engaged: true,
        mode: 'native',
        loaded: loaded.length,
        deferred,
        tokens: loadedTokens + SERVER_SEARCH_TOKENS,
        allTokens,
      },
    };
  }
  const search = clientSearchDefinition(candidates.filter((c) => !options.keep.has(c.name)));
  const tools: ToolUnion[] = [search, ...loaded.map((c) => ({ ...c.definition }))];
  return {
    tools,
    summary: {
      engaged: true,
      mode: 'client',
      loaded: loaded.length,
      deferred,
      tokens: loadedTokens + estimateTokens([search]),
      allTokens,
    },
  };
}

/** The default budget: a tenth of the model's context window for tool definitions. */
export const DEFAULT_BUDGET_SHARE = 0.1;

export function budgetFor(contextWindow: number, setting: number | null | undefined): number {
  return setting ?? Math.floor(contextWindow * DEFAULT_BUDGET_SHARE);
}
