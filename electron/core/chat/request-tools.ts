// The ONE function that builds a request's `tools`. Every rule about which tool definitions the
// model sees is a step here, in this order, so no other code path can re-add a definition:
//   1. tools the user enabled, globally (settings) and in this conversation;
//   2. minus tools that are held or not yet accepted (changed definitions, tools new since the
//      server's baseline): `isWithheld`, the permissions module's filter, is called here;
//   3. deferral above the token budget (tool-search/deferral.ts): defer_loading plus a search tool;
//   4. Anthropic's server tools the user switched on (web search, web fetch);
//   5. Lena's own tools (the skill tools) lead the list;
//   6. if nothing is left but the history holds tool blocks, one inert placeholder, because the
//      API refuses tool_use/tool_result blocks in a request without tools.
import type Anthropic from '@anthropic-ai/sdk';
import type { ConversationTools } from '../../../shared/chat/conversations';
import { toolOn } from '../../../shared/conversation-tools';
import type { ToolRegistry } from '../mcp/registry/registry';
import { planDeferral, type DeferralMode, type DeferralSummary } from './tool-search/deferral';
import { ensureSearchTool } from './tool-search/history';
import { toolsNamedIn, toolsUsedUnreferenced } from './tool-search/used';

type ToolUnion = Anthropic.Messages.ToolUnion;
type MessageParam = Anthropic.Messages.MessageParam;

/** The name of the placeholder; a call to it is answered with an error result, never run. */
export const PLACEHOLDER_TOOL = 'lena_tool_unavailable';

export const PLACEHOLDER_DEFINITION: Anthropic.Messages.Tool = {
  name: PLACEHOLDER_TOOL,
  description:
    'Not a real tool. It exists because earlier messages used tools that are not available now (their server is disconnected or the user switched them off). Calling it always fails. Do not call it; answer without tools or tell the user which tool is missing.',
  input_schema: { type: 'object', properties: {} },
};

/** Held or not-yet-accepted tools (step 2); the permissions module provides it. */
export type WithheldFilter = (qualifiedName: string, server: string) => boolean;

export interface ServerToolSettings {
  webSearch: boolean;
  webFetch: boolean;
  /** Domains web fetch may reach (the API also lets it fetch URLs the user typed). */
  webFetchDomains: string[];
}

export const NO_SERVER_TOOLS: ServerToolSettings = {
  webSearch: false,
  webFetch: false,
  webFetchDomains: [],
};

export interface RequestToolsInput {
  registry: ToolRegistry;
  /** The request's messages, to see whether tool blocks are present. */
  messages: readonly MessageParam[];
  /** This conversation's own switches over the global ones (step 1); absent = the global switches. */
  conversationTools?: ConversationTools | null;
  /** Step 2; absent = nothing held. */
  isWithheld?: WithheldFilter;
  serverTools?: ServerToolSettings;
  /** Step 3; absent = never defer. */
  deferral?: DeferralInput;
  /** Lena's own tools (the skill tools), sent first and never deferred. */
  ownTools?: readonly Anthropic.Messages.Tool[];
}

export interface DeferralInput {
  /** Above this many (estimated) tokens of definitions, deferral engages. */
  budgetTokens: number;
  /** 'native': Anthropic's tool search; 'client': Lena's own (the endpoint refused tool search). */
  mode: DeferralMode;
  /** Qualified names the user marked "always loaded". */
  alwaysLoaded?: ReadonlySet<string>;
  /** Found by Lena's own search earlier in this turn (client mode). */
  foundThisTurn?: ReadonlySet<string>;
}

export interface RequestTools {
  tools: ToolUnion[];
  /** True when only the placeholder was sent. */
  placeholder: boolean;
  /** What step 3 did: loaded and deferred counts, estimated tokens (for the composer). */
  deferral: DeferralSummary;
}

export function buildRequestTools(input: RequestToolsInput): RequestTools {
  const { registry, conversationTools, isWithheld } = input;
  const offered = registry
    .tools()
    .filter((t) => toolOn(t, conversationTools))
    .filter((t) => !isWithheld?.(t.qualifiedName, t.server));
  // Step 3: above the budget, only always-loaded, used and found tools are loaded (tool-search/);
  // with Anthropic's search a referenced tool stays deferred, so the cached tools prefix holds.
  const d = input.deferral;
  const keep = new Set([
    ...(d?.alwaysLoaded ?? []),
    ...(d?.foundThisTurn ?? []),
    ...(!d
      ? []
      : d.mode === 'native'
        ? toolsUsedUnreferenced(input.messages)
        : toolsNamedIn(input.messages)),
  ]);
  const plan = planDeferral(
    offered.map((t) => ({
      name: t.qualifiedName,
      definition: t.definition,
      tokens: t.tokens,
      server: t.server,
    })),
    { budgetTokens: d?.budgetTokens ?? Infinity, mode: d?.mode ?? 'native', keep },
  );
  const tools = [...(input.ownTools ?? []).map((t) => ({ ...t })), ...plan.tools];
  ensureSearchTool(tools, input.messages);
  const server = input.serverTools ?? NO_SERVER_TOOLS;
  if (server.webSearch)
    tools.push({ type: 'web_search_20250305', name: 'web_search', max_uses: 5 });
  if (server.webFetch)
    tools.push({
      type: 'web_fetch_20250910',
      name: 'web_fetch',
      max_uses: 5,
      ...(server.webFetchDomains.length > 0 ? { allowed_domains: server.webFetchDomains } : {}),
    });
  let placeholder = false;
  if (tools.length === 0 && hasToolBlocks(input.messages)) {
    tools.push({ ...PLACEHOLDER_DEFINITION });
    placeholder = true;
  }
  // One cache breakpoint after the last loaded tool: the tool list is paid for once, then read
  // from cache (a deferred definition is not part of the prompt, so it cannot end the prefix).
  const last = tools.findLastIndex((t) => !(t as { defer_loading?: boolean }).defer_loading);
  if (last >= 0)
    tools[last] = { ...tools[last], cache_control: { type: 'ephemeral' } } as ToolUnion;
  return { tools, placeholder, deferral: plan.summary };
}

function hasToolBlocks(messages: readonly MessageParam[]): boolean {
  return messages.some(
    (m) =>
      Array.isArray(m.content) &&
      m.content.some((b) => b.type === 'tool_use' || b.type === 'tool_result'),
  );
}
