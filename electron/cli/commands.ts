// Every `lena` command declares itself here: its words, a one-line summary, usage lines, flags,
// positionals and examples. Parsing, help and `--json` errors all come from these declarations, so
// a new command (say `lena mcp login`) is one registerCommand call in its own file.
import type { ArgsSpec, FlagSpec, ParsedArgs } from './args';
import type { CliContext } from './context';

export interface CommandSpec extends Omit<ArgsSpec, 'command'> {
  /** The words after `lena`, e.g. ['mcp', 'call']. */
  path: readonly string[];
  summary: string;
  /** Usage lines without the leading "lena ". */
  usage: readonly string[];
  /** Paragraphs shown under the usage (what it does, what it touches). */
  description?: string;
  examples: readonly string[];
  /** Takes --project and --config (it reads the server configuration). */
  configFlags?: boolean;
  run(ctx: CliContext, args: ParsedArgs): Promise<number>;
}

/** Flags every command takes. */
export const JSON_FLAG: FlagSpec = {
  name: '--json',
  help: 'print one JSON object on stdout (everything else goes to stderr)',
};
export const CONFIG_FLAGS: readonly FlagSpec[] = [
  {
    name: '--project',
    value: 'DIR',
    help: "also use DIR's .mcp.json (project servers start only once approved)",
  },
  { name: '--config', value: 'FILE', help: 'use FILE as the only server configuration' },
];

/** Commands that start one server print its line on stderr only when asked. */
export const VERBOSE_FLAG: FlagSpec = {
  name: '--verbose',
  help: "also print the server's line on stderr once it has connected",
};

const registry = new Map<string, CommandSpec>();

/** Adds a command; a second registration of the same words is a programming error. */
export function registerCommand(spec: CommandSpec): void {
  const key = spec.path.join(' ');
  if (registry.has(key)) throw new Error(`lena ${key} is registered twice`);
  registry.set(key, spec);
}

/** The flags a command accepts, its own first. */
export function flagsOf(spec: CommandSpec): FlagSpec[] {
  return [...spec.flags, ...(spec.configFlags ? CONFIG_FLAGS : []), JSON_FLAG];
}

/** The longest registered command that `words` start with, and how many words it took. */
export function findCommand(
  words: readonly string[],
): { spec: CommandSpec; used: number } | undefined {
  for (let n = Math.min(words.length, 3); n > 0; n--) {
    const spec = registry.get(words.slice(0, n).join(' '));
    if (spec) return { spec, used: n };
  }
  return undefined;
}

/** The commands under a group (`mcp`), in registration order. */
export function commandsUnder(group: string): CommandSpec[] {
  return [...registry.values()].filter((c) => c.path.length > 1 && c.path[0] === group);
}

/** Groups of subcommands (`mcp`), for "lena mcp" alone. */
export function isGroup(word: string | undefined): boolean {
  return word !== undefined && commandsUnder(word).length > 0;
}

export function allCommands(): CommandSpec[] {
  return [...registry.values()];
}
