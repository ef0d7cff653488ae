// What "/" offers in the composer, as one list: the servers' prompts (`/server:prompt`) and Lena's
// `/mcp` commands, each with a line saying what it does.
import type { PromptCommand } from '../../../shared/resource-types';
import { completeSlashCommand, isSlashCommand, parseSlashCommand } from '../../lib/slash-commands';
import { commandName, completePromptCommand } from '../prompts/prompt-commands';

export type SlashItem =
  | { kind: 'prompt'; text: string; note: string; command: PromptCommand }
  | { kind: 'command'; text: string; note: string };

const NOTES: Record<string, string> = {
  '/mcp': 'The servers and their status',
  '/mcp reload': 'Read the configuration again (or one server)',
  '/mcp add': 'Add a server: NAME COMMAND [ARGS…]',
  '/mcp remove': 'Remove a server',
};

function commandNote(text: string): string {
  const named = /^\/mcp (reload|remove) (.+)$/.exec(text);
  if (named) return `${named[1] === 'reload' ? 'Reload' : 'Remove'} ${named[2]}`;
  return NOTES[text] ?? '';
}

/** Prompts first (what the servers offer), then Lena's own commands; empty when "/" is not typed. */
export function slashItems(
  draft: string,
  serverNames: readonly string[],
  prompts: readonly PromptCommand[],
): SlashItem[] {
  return [
    ...completePromptCommand(draft, prompts).map((c): SlashItem => ({
      kind: 'prompt',
      text: commandName(c),
      note: c.prompt.description ?? c.prompt.title ?? '',
      command: c,
    })),
    ...completeSlashCommand(draft, serverNames).map((t): SlashItem => ({
      kind: 'command',
      text: t,
      note: commandNote(t),
    })),
  ];
}

/** The draft once a command is accepted: completed (a space after one that takes words). */
export const completedDraft = (text: string): string =>
  text + (/ (reload|remove|add)$/.test(text) ? ' ' : '');

/** Whether Enter on a highlighted command runs the draft as typed (it is already a whole command). */
export const runsAsTyped = (draft: string): boolean =>
  isSlashCommand(draft) && parseSlashCommand(draft).kind !== 'error';
