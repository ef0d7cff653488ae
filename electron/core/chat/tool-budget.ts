// What each server's tool definitions cost in every request. Counted by the Messages API's
// count_tokens endpoint where it answers (exact, per model), estimated otherwise (characters / 4).
// Counts are cached per model and definition set, so the budget costs one request per change.
import type Anthropic from '@anthropic-ai/sdk';
import { createHash } from 'node:crypto';
import type { ConversationTools } from '../../../shared/chat/conversations';
import type { Usage } from '../../../shared/chat/messages';
import type { TokenBudget } from '../../../shared/chat/models';
import { toolOn } from '../../../shared/conversation-tools';
import type { ToolRegistry } from '../mcp/registry/registry';
import { estimateTokens } from '../mcp/registry/schemas';
import { SKILL_TOOL_DEFINITIONS } from '../skills/catalog';
import { anthropicClient, type ChatSettings } from './chat-settings';

export interface BudgetDeps {
  registry: ToolRegistry;
  settings: () => ChatSettings;
  apiKey: () => Promise<string | undefined>;
  /** The skills catalog the requests carry, less a conversation's skills switched off (empty: no skills, no skill tools). */
  skillCatalog?: (off?: readonly string[]) => Promise<string>;
}

/** The row the skills catalog and its two tools take in the budget. */
export const SKILLS_BUDGET_ROW = 'Skills (Lena)';

export class ToolBudget {
  private readonly counted = new Map<string, number>();
  private readonly baseline = new Map<string, number>();

  constructor(private readonly deps: BudgetDeps) {}

  /** `conversationTools`: one conversation's own switches (issue 16), so its composer shows its cost. */
  async compute(
    lastTurn: Usage | null = null,
    conversationTools?: ConversationTools | null,
  ): Promise<TokenBudget> {
    const settings = this.deps.settings();
    const client = await this.client(settings);
    let exact = client !== null;
    const perServer = await Promise.all(
      this.deps.registry.servers().map(async (server) => {
        const tools = this.deps.registry
          .tools(server)
          .filter((t) => toolOn(t, conversationTools))
          .map((t) => t.definition);
        let tokens = estimateTokens(tools);
        if (client && tools.length > 0) {
          const counted = await this.count(client, settings.model, tools).catch(() => undefined);
          if (counted === undefined) exact = false;
          else tokens = counted;
        }
        return { server, tokens, toolCount: tools.length };
      }),
    );
    const catalog = (await this.deps.skillCatalog?.(conversationTools?.offSkills)) ?? '';
    if (catalog)
      // Estimated: the catalog sits in the system prompt, which count_tokens does not split out.
      perServer.push({
        server: SKILLS_BUDGET_ROW,
        tokens: Math.ceil(catalog.length / 4) + estimateTokens([...SKILL_TOOL_DEFINITIONS]),
        toolCount: SKILL_TOOL_DEFINITIONS.length,
      });
    perServer.sort((a, b) => b.tokens - a.tokens);
    return {
      model: settings.model,
      totalToolTokens: perServer.reduce((n, s) => n + s.tokens, 0),
      perServer,
      lastTurn,
      exact,
    };
  }

  private async client(settings: ChatSettings): Promise<Anthropic | null> {
    const apiKey = await this.deps.apiKey();
    if (!apiKey) return null;
    return await anthropicClient(settings, apiKey, { maxRetries: 0, timeout: 10_000 });
  }

  /** Tokens of `tools` alone: the count with them minus the count of the same request without. */
  private async count(
    client: Anthropic,
    model: string,
    tools: Anthropic.Messages.Tool[],
  ): Promise<number> {
    const key = `${model}\u0000${createHash('sha256').update(JSON.stringify(tools)).digest('hex')}`;
    const cached = this.counted.get(key);
    if (cached !== undefined) return cached;
    const messages: Anthropic.Messages.MessageParam[] = [{ role: 'user', content: 'hi' }];
    let base = this.baseline.get(model);
    if (base === undefined) {
      base = (await client.messages.countTokens({ model, messages })).input_tokens;
      this.baseline.set(model, base);
    }
    const withTools = (await client.messages.countTokens({ model, messages, tools })).input_tokens;
    const tokens = Math.max(0, withTools - base);
    this.counted.set(key, tokens);
    return tokens;
  }
}
