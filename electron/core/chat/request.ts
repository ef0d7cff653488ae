// One Messages API request from the stored conversation: the history (history.ts), its content
// made valid (request-content.ts), the tools (request-tools.ts, the one builder), the model's
// output limit applied to max_tokens, and only parameters the pinned SDK's API version accepts
// (no temperature: API version 2026-10-21 refuses it). Cache breakpoints: cache-breakpoints.ts.
// No network here, so it is benchmarked.
import type Anthropic from '@anthropic-ai/sdk';
import type { ConversationTools } from '../../../shared/chat/conversations';
import type { ChatMessage } from '../../../shared/chat/messages';
import type { ToolRegistry } from '../mcp/registry/registry';
import type { ChatSettings } from './chat-settings';
import { cachedSystem, markTurns } from './cache-breakpoints';
import { toApiMessages } from './history';
import { clampMaxTokens, type ModelLimits } from './models';
import { prepareContent } from './request-content';
import { buildRequestTools, type DeferralInput, type WithheldFilter } from './request-tools';
import type { DeferralSummary } from './tool-search/deferral';
import { resolveReferences } from './tool-search/history';
import { SKILL_TOOL_DEFINITIONS } from '../skills/catalog';
import { systemPromptFor } from './untrusted';
import { appendViewContext, type ViewContexts } from './view-context';

export interface RequestInput {
  settings: ChatSettings;
  stored: readonly ChatMessage[];
  registry: ToolRegistry;
  boundary: string;
  limits: ModelLimits;
  /** The conversation's own tool switches (issue 16). */
  conversationTools?: ConversationTools | null;
  isWithheld?: WithheldFilter;
  /** Step 3 of the tools (tool-search/turn.ts); absent = never defer. */
  deferral?: DeferralInput;
  /** MCP Apps: what the conversation's views gave the model (ui/update-model-context). */
  viewContext?: { contexts: ViewContexts; conversationId: string };
  /** The skills catalog (skill-catalog.ts); empty or absent = no skills, no skill tools. */
  skillCatalog?: string;
  /** The tools of the ready A2A agents (`a2a__NAME`), sent with Lena's own tools. */
  agentTools?: readonly Anthropic.Messages.Tool[];
}

export interface BuiltRequest {
  params: Anthropic.Messages.MessageStreamParams;
  /** For the user: images left out, max_tokens lowered. */
  notices: string[];
  /** Only the inert placeholder tool was sent (history has tool blocks, no tool is available). */
  placeholder: boolean;
  /** Loaded and deferred tools, estimated tokens (tools at scale). */
  deferral: DeferralSummary;
}

/**
 * Thinking and effort, sent only where the model's capabilities (Models API) offer them: a model
 * that always thinks gets no thinking parameter, one without effort levels no effort.
 */
export function thinkingParams(
  settings: ChatSettings,
  limits: ModelLimits,
): Partial<Anthropic.Messages.MessageStreamParams> {
  const out: Partial<Anthropic.Messages.MessageStreamParams> = {};
  if (settings.thinking === 'adaptive' && limits.thinking.includes('adaptive'))
    out.thinking = { type: 'adaptive' };
  if (settings.effort && limits.effort.includes(settings.effort))
    out.output_config = { effort: settings.effort };
  return out;
}

export async function buildRequest(input: RequestInput): Promise<BuiltRequest> {
  const { settings } = input;
  const messages = toApiMessages(input.stored);
  const notices = await prepareContent(messages, input.boundary, {
    id: settings.model,
    ...(input.limits.pdf === false ? { pdf: false } : {}),
  });
  markTurns(messages);
  if (input.viewContext)
    appendViewContext(
      messages,
      input.viewContext.contexts.blocks(input.viewContext.conversationId, input.boundary),
    );
  const { tools, placeholder, deferral } = buildRequestTools({
    registry: input.registry,
    messages,
    conversationTools: input.conversationTools,
    isWithheld: input.isWithheld,
    serverTools: settings.serverTools,
    deferral: input.deferral,
    ownTools: [...(input.skillCatalog ? SKILL_TOOL_DEFINITIONS : []), ...(input.agentTools ?? [])],
  });
  // Tool references in the history must name a tool this request defines (tool-search/history.ts).
  resolveReferences(messages, tools);
  const { maxTokens, notice } = clampMaxTokens(settings.maxTokens, input.limits);
  if (notice) notices.push(notice);
  const params: Anthropic.Messages.MessageStreamParams = {
    model: settings.model,
    max_tokens: maxTokens,
    system: cachedSystem(
      systemPromptFor(settings.systemPrompt, input.boundary),
      input.skillCatalog,
    ),
    messages,
    ...(tools.length > 0 ? { tools } : {}),
    ...thinkingParams(settings, input.limits),
  };
  return { params, notices, placeholder, deferral };
}
