// What the small `lena` executable (entry.ts) answers by itself: `--version` and every help
// request, from the help table built into it. No imports beyond types: it must stay tiny.
import type { HelpTable } from './help-table';

/** True when `--help` or `-h` appears (the caller passes only what precedes any `--`). */
const asksHelp = (args: readonly string[]) => args.some((a) => a === '--help' || a === '-h');

/**
 * What `lena ARGV…` prints when it is a version or help request the table answers, else
 * undefined (the bundle decides: a command to run, or an error to explain). Mirrors the order of
 * lena.ts's main(): version, top help, `help WORDS`, a group alone, `COMMAND … --help`.
 */
export function quickAnswer(
  argv: readonly string[],
  table: HelpTable,
  version: string,
): string | undefined {
  const end = argv.indexOf('--');
  const before = end < 0 ? argv : argv.slice(0, end);
  const json = before.includes('--json');
  const help = (text: string) => (json ? `${JSON.stringify({ help: text }, null, 2)}\n` : text);
  const helpFor = (words: readonly string[]) => {
    if (words.length === 0) return help(table.top);
    const text =
      table.commands[words.join(' ')] ?? (words.length === 1 ? table.groups[words[0]] : undefined);
    return text === undefined ? undefined : help(text);
  };
  const [command, sub] = argv;
  if (command === '--version' || command === '-v' || command === 'version')
    return json ? `${JSON.stringify({ name: 'Lena', version })}\n` : `Lena ${version}\n`;
  if (
    command === undefined ||
    command === '--help' ||
    command === '-h' ||
    (command === '--json' && argv.length === 1)
  )
    return help(table.top);
  const words = before.filter((a) => !a.startsWith('-'));
  if (command === 'help') return helpFor(words.slice(1));
  // `lena mcp help [COMMAND]` is `lena help mcp [COMMAND]`.
  if (table.groups[command] !== undefined && sub === 'help')
    return helpFor([command, ...words.slice(2)]);
  for (let n = Math.min(argv.length, 3); n > 0; n--) {
    const text = table.commands[argv.slice(0, n).join(' ')];
    if (text !== undefined) return asksHelp(before.slice(n)) ? help(text) : undefined;
  }
  const group = table.groups[command];
  if (group === undefined) return undefined;
  if (sub === undefined) return help(group);
  if (!sub.startsWith('-')) return undefined;
  return (sub === '--json' && argv.length === 2) || asksHelp(before.slice(1))
    ? help(group)
    : undefined;
}
