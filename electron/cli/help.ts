// Help text, built from the command declarations: `lena help`, `lena mcp` (the subcommands),
// and `lena help mcp call` / `lena mcp call --help` (one command's usage, flags and examples).
import { APP_NAME, APP_VERSION } from '../core/version';
import { HELP_FLAG } from './args';
import { allCommands, commandsUnder, flagsOf, type CommandSpec } from './commands';
import { EXIT } from './errors';
import { describeBaseEnvironment } from '../core/mcp/transports/child-env';
import { indent, table } from './output';

/** Wraps a paragraph at `width` columns (on spaces). */
export function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

export function commandHelp(spec: CommandSpec): string {
  const flags = [...flagsOf(spec), HELP_FLAG].map((f) => [
    `  ${f.alias ? `${f.alias}, ` : ''}${f.name}${f.value ? ` ${f.value}` : ''}${f.repeat ? ' …' : ''}`,
    f.help,
  ]);
  return [
    `${spec.summary}`,
    '',
    'Usage:',
    ...spec.usage.map((u) => `  lena ${u}`),
    ...(spec.description ? ['', spec.description] : []),
    '',
    'Flags:',
    table(flags),
    '',
    'Examples:',
    ...spec.examples.map((e) => `  ${e}`),
    '',
  ].join('\n');
}

export function groupHelp(group: string): string {
  const rows = commandsUnder(group).map((c) => [`  lena ${c.path.join(' ')}`, c.summary]);
  return [
    `Usage: lena ${group} <command> [flags]`,
    '',
    'Commands:',
    table(rows),
    '',
    `Run "lena help ${group} <command>" (or "lena ${group} <command> --help") for one command's flags and examples.`,
    '',
  ].join('\n');
}

const EXIT_HELP: [number, string][] = [
  [EXIT.ok, 'success'],
  [
    EXIT.failed,
    'the command ran and something failed (a server did not start, a call or the tool failed)',
  ],
  [
    EXIT.usage,
    'wrong usage: unknown command or flag, missing or extra argument, arguments that are not valid JSON or do not match the tool’s schema',
  ],
  [EXIT.config, 'a configuration file cannot be used (its file, line and column are printed)'],
  [
    EXIT.locked,
    'another Lena process held a file of Lena’s home too long; nothing was written, try again',
  ],
  [EXIT.refused, '`lena chat`: Claude declined to answer (stop reason refusal)'],
  [
    EXIT.incomplete,
    '`lena chat`: the answer was cut off (max_tokens, the context window) or ended for an unknown reason',
  ],
  [
    EXIT.denied,
    '`lena mcp call`: a deny rule refused the call (the rule is named); nothing was sent to the server',
  ],
  [
    EXIT.roundLimit,
    '`lena chat`: stopped at the round limit (settings.json maxRounds); lena chat --continue goes on',
  ],
  [EXIT.interrupted, 'interrupted (Ctrl-C); the servers the command started were ended'],
];

export function topHelp(): string {
  const groups = [...new Set(allCommands().map((c) => c.path[0]))];
  const rows = allCommands()
    .filter((c) => c.path.length === 1 || groups.includes(c.path[0]))
    .map((c) => [`  lena ${c.path.join(' ')}`, c.summary]);
  return [
    `${APP_NAME} ${APP_VERSION}: the command line of the Lena desktop app (Claude + MCP servers).`,
    '',
    'Usage: lena <command> [flags]',
    '',
    'Commands:',
    table([
      ...rows,
      ['  lena home', "print Lena's home folder (LENA_HOME, or ~/.lena)"],
      ['  lena --version', 'print the version'],
      ['  lena help [COMMAND…]', 'this help, or one command’s'],
    ]),
    '',
    'Every command takes --help (nothing runs) and --json (one JSON object on stdout; errors too,',
    'as {"error": {"code", "message"}}). Lena’s home (mcp.json, settings.json, lena.db, logs/cli.log)',
    'is shared with the window; every change to its files holds a lock, so nothing is lost.',
    '',
    'Server environment:',
    indent(wrap(describeBaseEnvironment(), 94), '  '),
    '',
    'Exit status:',
    table(EXIT_HELP.map(([code, what]) => [`  ${code}`, what])),
    '',
  ].join('\n');
}
