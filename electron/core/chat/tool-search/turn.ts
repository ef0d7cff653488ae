// What one turn of the engine keeps about tool search: the deferral input for each request (the
// budget from settings or the model's context window, native or client mode, the tools found by
// Lena's own search so far in this turn), the switch to client mode when the endpoint refuses
// tool search, and the answers to `lena_tool_search` calls. The engine calls it; no state outlives
// the turn except the per-base-URL refusal in ToolSearchSupport.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatEvent } from '../../../../shared/chat/events';
import type { RegisteredTool, ToolRegistry } from '../../mcp/registry/registry';
import type { ConversationStore } from '../../store/conversations';
import type { ChatSettings } from '../chat-settings';
import type { ModelLimits } from '../models';
import type { DeferralInput, WithheldFilter } from '../request-tools';
import type { ToolUse } from '../stream-round';
import type { ToolExecutor } from '../tool-runner';
import { CLIENT_SEARCH_TOOL, runClientSearch, searchablesOf } from './client-search';
import { budgetFor, type DeferralSummary } from './deferral';
import { isToolSearchRefusal, type ToolSearchSupport } from './support';

type ToolResultBlock = Anthropic.Messages.ToolResultBlockParam;

export class TurnToolSearch {
  private readonly found = new Set<string>();

  constructor(
    private readonly support: ToolSearchSupport,
    private readonly settings: ChatSettings,
    private readonly limits: ModelLimits,
  ) {}

  deferral(): DeferralInput {
    const s = this.settings.toolSearch;
    return {
      budgetTokens: budgetFor(this.limits.maxInputTokens, s?.budgetTokens),
      mode: this.support.mode(this.settings.model, this.settings.baseUrl),
      alwaysLoaded: new Set(s?.alwaysLoaded ?? []),
      foundThisTurn: this.found,
    };
  }

  /**
   * True when `error` is the endpoint refusing a request that used Anthropic's tool search: the
   * base URL is remembered and the same request is built again with Lena's own search.
   */
  refusedNative(error: unknown, sent: DeferralSummary): boolean {
    if (sent.mode !== 'native' || !isToolSearchRefusal(error)) return false;
    this.support.markRefused(this.settings.baseUrl, this.settings.model);
    return true;
  }

  /** The uses Lena answers itself (its search tool); the others go to the MCP servers. */
  static isSearch(use: ToolUse): boolean {
    return use.name === CLIENT_SEARCH_TOOL;
  }

  /** Answers `lena_tool_search` calls: the best tools are loaded for the rest of the turn. */
  answer(
    uses: readonly ToolUse[],
    ctx: {
      registry: ToolRegistry;
      tools?: ToolExecutor;
      isWithheld?: WithheldFilter;
      isOn?: (t: RegisteredTool) => boolean;
      store: ConversationStore;
      emit: (e: ChatEvent) => void;
      conversationId: string;
      messageId: string;
    },
  ): Map<string, ToolResultBlock> {
    const offered = ctx.registry
      .tools()
      .filter(
        (t) =>
          (ctx.isOn ? ctx.isOn(t) : t.enabled) &&
          !ctx.isWithheld?.(t.qualifiedName, t.server) &&
          !this.found.has(t.qualifiedName),
      );
    const answers = new Map<string, ToolResultBlock>();
    for (const use of uses) {
      const { found, result } = runClientSearch(
        use.id,
        use.input,
        searchablesOf(offered, (server) => ctx.tools?.about?.(server)),
      );
      for (const name of found) this.found.add(name);
      answers.set(use.id, result);
      const now = Date.now();
      const call = ctx.store.upsertToolCall({
        id: use.id,
        conversationId: ctx.conversationId,
        messageId: ctx.messageId,
        server: 'lena',
        tool: CLIENT_SEARCH_TOOL,
        qualifiedName: CLIENT_SEARCH_TOOL,
        title: 'Tool search (Lena)',
        input: use.input,
        status: result.is_error ? 'error' : 'done',
        isError: result.is_error === true,
        result: { content: [{ type: 'text', text: String(result.content) }] },
        startedAt: now,
        endedAt: now,
      });
      ctx.emit({ type: 'tool-call-updated', conversationId: ctx.conversationId, call });
    }
    return answers;
  }
}
