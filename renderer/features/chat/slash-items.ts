// What "/" offers in the composer, as one list: the servers' prompts (`/server:prompt`), the enabled
// skills (`/skill-name`) and Lena's `/mcp` commands, each with a line saying what it does.
import type { PromptCommand } from '../../../shared/resource-types';
import type { SkillInfo } from '../../../shared/skill-types';
import { completeSlashCommand, isSlashCommand, parseSlashCommand } from '../../lib/slash-commands';
import { commandName, completePromptCommand } from '../prompts/prompt-commands';

export type SlashItem =
  | { kind: 'prompt'; text: string; note: string; command: PromptCommand }
  | { kind: 'skill'; text: string; note: string }
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

/** The enabled skills whose `/name` the draft is a start of (then those containing it), by name. */
function completeSkill(draft: string, skills: readonly SkillInfo[]): SlashItem[] {
  if (!draft.startsWith('/') || /\s/.test(draft) || draft.startsWith('/mcp')) return [];
  const typed = draft.slice(1).toLowerCase();
  const enabled = skills.filter((s) => s.state === 'enabled' && s.name !== typed);
  const starts = enabled.filter((s) => s.name.startsWith(typed));
  const inside = enabled.filter((s) => !starts.includes(s) && s.name.includes(typed));
  return [...starts, ...inside].slice(0, 12).map((s) => ({
    kind: 'skill',
    text: `/${s.name}`,
    note: s.description ?? '',
  }));
}

/**
 * Prompts first (what the servers offer), then skills, then Lena's own commands; empty when "/" is
 * not typed.
 */
export function slashItems(
  draft: string,
  serverNames: readonly string[],
  prompts: readonly PromptCommand[],
  skills: readonly SkillInfo[] = [],
): SlashItem[] {
  return [
    ...completePromptCommand(draft, prompts).map((c): SlashItem => ({
      kind: 'prompt',
      text: commandName(c),
      note: c.prompt.description ?? c.prompt.title ?? '',
      command: c,
    })),
    ...completeSkill(draft, skills),
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

/** The draft once an item other than a prompt is accepted: a skill is followed by the message. */
export const acceptedDraft = (item: SlashItem): string =>
  item.kind === 'skill' ? `${item.text} ` : completedDraft(item.text);

/** Whether Enter on a highlighted command runs the draft as typed (it is already a whole command). */
export const runsAsTyped = (draft: string): boolean =>
  isSlashCommand(draft) && parseSlashCommand(draft).kind !== 'error';
