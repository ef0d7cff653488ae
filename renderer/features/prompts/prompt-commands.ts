// Prompts as composer commands (issue 22): `/server:prompt`, matched and completed from what was
// typed. Kept apart from `/mcp` (lib/slash-commands.ts), which it never shadows.
import type { PromptCommand } from '../../../shared/resource-types';

export const commandName = (c: PromptCommand) => `/${c.server}:${c.prompt.name}`;

/** Whether the text names a server prompt (and is not an `/mcp` command). */
export function findPromptCommand(
  text: string,
  commands: readonly PromptCommand[],
): PromptCommand | undefined {
  const head = text.trim().split(/\s/)[0];
  return commands.find((c) => commandName(c) === head);
}

/** Commands whose name starts with what was typed (or contains it after the server), best first. */
export function completePromptCommand(
  text: string,
  commands: readonly PromptCommand[],
): PromptCommand[] {
  if (!text.startsWith('/') || /\s/.test(text) || text.startsWith('/mcp')) return [];
  const typed = text.toLowerCase();
  const starts = commands.filter(
    (c) => commandName(c).toLowerCase().startsWith(typed) && commandName(c).toLowerCase() !== typed,
  );
  const inside = commands.filter(
    (c) => !starts.includes(c) && commandName(c).toLowerCase().includes(typed.slice(1)),
  );
  return [...starts, ...inside].slice(0, 12);
}
