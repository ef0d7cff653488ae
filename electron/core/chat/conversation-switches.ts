// A conversation's own switches over the global ones (shared/conversation-tools.ts): a server, a
// tool or a skill flipped in the composer's menu, stored with the conversation and announced, so
// the next request follows (and so does a running turn's next round).
import type { ChatEvent } from '../../../shared/chat/events';
import {
  applySkillSwitch,
  applyToolSwitch,
  type ToolSwitchChange,
} from '../../../shared/conversation-tools';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import type { ToolRegistry } from '../mcp/registry/registry';
import type { ConversationStore } from '../store/conversations';

interface SwitchDeps {
  store: ConversationStore;
  registry: ToolRegistry;
  emit: (event: ChatEvent) => void;
}

/** Flips a server, or one tool by its qualified name (which must still be that server's). */
export function switchTool(deps: SwitchDeps, conversationId: string, change: ToolSwitchChange) {
  const current = deps.store.summary(conversationId).tools;
  const tool = change.tool === undefined ? undefined : deps.registry.resolve(change.tool);
  if (change.tool !== undefined && (!tool || tool.server !== change.server)) {
    throw new LenaError(
      ERROR_CODE.notFound,
      `${change.server} has no tool named ${change.tool} now; reopen the tools menu to see its current tools.`,
    );
  }
  const conversation = deps.store.setTools(
    conversationId,
    applyToolSwitch(current, change, tool?.enabled),
  );
  deps.emit({ type: 'conversation-updated', conversation });
}

/** Switches a skill on or off in this conversation only: its catalog and `lena_skill` follow. */
export function switchSkill(deps: SwitchDeps, conversationId: string, name: string, on: boolean) {
  const current = deps.store.summary(conversationId).tools;
  const conversation = deps.store.setTools(conversationId, applySkillSwitch(current, name, on));
  deps.emit({ type: 'conversation-updated', conversation });
}
