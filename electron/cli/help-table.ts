// Every help text `lena` prints, in one table: built from the command declarations when the
// command line is bundled, and built into the small executable (entry.ts) so help loads nothing.
import { findCommand, allCommands, commandsUnder } from './commands';
import { commandHelp, groupHelp, topHelp } from './help';

export interface HelpTable {
  top: string;
  /** `lena mcp`: the group's subcommands, by group word. */
  groups: Record<string, string>;
  /** One command's help, by its words (`mcp call`), `home` included. */
  commands: Record<string, string>;
}

/** `lena home --help`. */
export const HOME_HELP =
  "Usage: lena home\n\nPrints Lena's home folder: LENA_HOME when set, else ~/.lena. Nothing is created.\n";

/** The table of every registered command (the commands must have registered themselves). */
export function helpTable(): HelpTable {
  const commands: Record<string, string> = { home: HOME_HELP };
  const groups: Record<string, string> = {};
  for (const spec of allCommands()) {
    const words = spec.path.join(' ');
    if (findCommand(spec.path)?.spec === spec) commands[words] = commandHelp(spec);
    const group = spec.path[0];
    if (spec.path.length > 1 && commandsUnder(group).length > 0) groups[group] = groupHelp(group);
  }
  return { top: topHelp(), groups, commands };
}
