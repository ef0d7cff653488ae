// A conversation's own tool switches (issue 16), one rule for both sides: core filters the
// request's tools with it and the composer's menu shows the same state. The global switches on
// the servers page stay the defaults; a conversation keeps only where it differs from them.
import type { ConversationTools } from './chat/conversations';

/** What the rule needs of a tool: its names and its global switch. */
export interface SwitchableTool {
  server: string;
  qualifiedName: string;
  enabled: boolean;
}

/** One switch flipped in the menu: a whole server (no `tool`) or one tool (its qualified name). */
export interface ToolSwitchChange {
  server: string;
  tool?: string;
  on: boolean;
}

export const NO_CONVERSATION_TOOLS: ConversationTools = { offServers: [], tools: {} };

/** Whether the skill `name` is offered in this conversation (enabled skills are, unless switched off here). */
export const skillOn = (name: string, choice: ConversationTools | null | undefined): boolean =>
  !(choice?.offSkills ?? []).includes(name);

/** Whether `server` is switched on in this conversation. */
export const serverOn = (server: string, choice: ConversationTools | null | undefined): boolean =>
  !(choice?.offServers ?? []).includes(server);

/** Whether the tool is sent in this conversation: its server on, then its own entry, else the global switch. */
export function toolOn(
  tool: SwitchableTool,
  choice: ConversationTools | null | undefined,
): boolean {
  if (!choice) return tool.enabled;
  if (!serverOn(tool.server, choice)) return false;
  return choice.tools[tool.qualifiedName] ?? tool.enabled;
}

/**
 * The switches after one change. A tool switched back to its global state forgets its entry (so it
 * follows the servers page again); null when nothing differs from the defaults any more.
 */
export function applyToolSwitch(
  choice: ConversationTools | null | undefined,
  change: ToolSwitchChange,
  globalEnabled: boolean | undefined,
): ConversationTools | null {
  const offServers = new Set(choice?.offServers ?? []);
  const tools = { ...(choice?.tools ?? {}) };
  if (change.tool === undefined) {
    if (change.on) offServers.delete(change.server);
    else offServers.add(change.server);
  } else {
    if (globalEnabled === change.on) delete tools[change.tool];
    else tools[change.tool] = change.on;
  }
  return switchesOf([...offServers], tools, choice?.offSkills ?? []);
}

/** The switches after a skill is switched on or off in this conversation; null when none differ. */
export function applySkillSwitch(
  choice: ConversationTools | null | undefined,
  name: string,
  on: boolean,
): ConversationTools | null {
  const off = new Set(choice?.offSkills ?? []);
  if (on) off.delete(name);
  else off.add(name);
  return switchesOf(choice?.offServers ?? [], choice?.tools ?? {}, [...off]);
}

function switchesOf(
  offServers: string[],
  tools: Record<string, boolean>,
  offSkills: string[],
): ConversationTools | null {
  if (offServers.length === 0 && Object.keys(tools).length === 0 && offSkills.length === 0)
    return null;
  return {
    offServers: [...offServers].sort(),
    tools,
    ...(offSkills.length > 0 ? { offSkills: [...offSkills].sort() } : {}),
  };
}
