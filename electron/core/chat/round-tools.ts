// The tool uses of one round answered: Lena's own tool search answers its uses (tools at scale),
// the skill tools theirs (skill-tools.ts), delegations to A2A agents theirs (agent-tools.ts),
// the others run on their servers through the permission gate; every result is stored as the user
// turn that follows, in the order Claude asked, even when the turn was stopped (so the
// conversation stays valid for the next turn).
import type { ContentBlock } from '../../../shared/chat/messages';
import type { RegisteredTool } from '../mcp/registry/registry';
import { withheldTools } from '../permissions/offered';
import { answerAgentUses, isAgentUse } from './agent-tools';
import type { ChatEngineDeps } from './engine-deps';
import type { ToolUse } from './stream-round';
import { answerSkillUses, isSkillUse } from './skill-tools';
import { runToolUses } from './tool-runner';
import { TurnToolSearch } from './tool-search/turn';

export interface RoundToolsContext {
  deps: ChatEngineDeps;
  conversationId: string;
  /** Whether a tool is on in this conversation (its own switches over the global ones). */
  isOn: (tool: RegisteredTool) => boolean;
  signal: AbortSignal;
  /** Lets the card's Cancel reach a running call. */
  registerCall: (id: string, controller: AbortController) => () => void;
}

export async function answerToolUses(
  { deps, conversationId, isOn, signal, registerCall }: RoundToolsContext,
  search: TurnToolSearch,
  messageId: string,
  toolUses: readonly ToolUse[],
): Promise<void> {
  const isWithheld = deps.isWithheld ?? withheldTools(deps.registry, deps.permissions);
  const searched = search.answer(toolUses.filter(TurnToolSearch.isSearch), {
    ...deps,
    isWithheld,
    isOn,
    conversationId,
    messageId,
  });
  const skilled = deps.skills
    ? await answerSkillUses(toolUses.filter(isSkillUse), {
        skills: deps.skills,
        store: deps.store,
        emit: deps.emit,
        conversationId,
        messageId,
        ...(deps.resultLimits?.maxTextChars ? { maxChars: deps.resultLimits.maxTextChars } : {}),
      })
    : new Map();
  for (const [id, block] of skilled) searched.set(id, block);
  const delegated = deps.agents
    ? await answerAgentUses(toolUses.filter(isAgentUse), {
        agents: deps.agents,
        gate: deps.gate,
        store: deps.store,
        emit: deps.emit,
        conversationId,
        messageId,
        signal,
        registerCall,
      })
    : new Map();
  for (const [id, block] of delegated) searched.set(id, block);
  const serverUses = toolUses.filter((u) => !searched.has(u.id));
  const ran =
    serverUses.length === 0
      ? []
      : await runToolUses(
          {
            conversationId,
            messageId,
            store: deps.store,
            registry: deps.registry,
            tools: deps.tools,
            gate: deps.gate,
            emit: deps.emit,
            signal,
            limits: deps.resultLimits,
            isOn,
            registerCall,
          },
          serverUses,
        );
  const toolResults = toolUses.map((u) => searched.get(u.id) ?? ran[serverUses.indexOf(u)]);
  const message = deps.store.append(conversationId, {
    role: 'user',
    content: toolResults as unknown as ContentBlock[],
  });
  deps.emit({ type: 'message-saved', conversationId, message });
}
