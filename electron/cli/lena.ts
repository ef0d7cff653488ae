// The `lena` command line over core: `lena mcp …` and `lena chat -p …`. It shares Lena's home
// with the window (~/.lena or LENA_HOME) and never imports electron. Every command is declared
// in commands.ts; this file finds it, shows help instead of running it when asked, turns every
// error into one line (or one JSON object), and ends what the command started on Ctrl-C.
// Bundled as out/cli/lena-main.js: the `lena` executable (entry.ts) answers --version and help
// itself and loads this only for a command that runs.
import { APP_NAME, APP_VERSION } from '../core/version';
import { lenaPaths } from '../core/home';
import { parseArgs, wantsHelp } from './args';
import { allCommands, findCommand, flagsOf, isGroup } from './commands';
import { cliContext, type CliContext } from './context';
import { EXIT, toCliError, UsageError } from './errors';
import { commandHelp, groupHelp, topHelp } from './help';
import { HOME_HELP } from './help-table';
import { createOutput, jsonText, terminalText } from './output';
import { loadAllCommands, loadCommandFor } from './command-modules';

/** Prints help text (inside `{"help": …}` with --json). */
function printHelp(text: string, json: boolean): number {
  if (json) process.stdout.write(`${jsonText({ help: text })}\n`);
  else process.stdout.write(text);
  return EXIT.ok;
}

/** `lena help mcp call` and friends: help for the words given, or an error naming them. */
function helpFor(words: string[], json: boolean): number {
  if (words.length === 0) return printHelp(topHelp(), json);
  if (words.length === 1 && words[0] === 'home') return printHelp(HOME_HELP, json);
  const found = findCommand(words);
  if (found && found.used === words.length) return printHelp(commandHelp(found.spec), json);
  if (words.length === 1 && isGroup(words[0])) return printHelp(groupHelp(words[0]), json);
  throw new UsageError(
    `no help for "lena ${words.join(' ')}": there is no such command. Run "lena help" for the list.`,
    'unknown-command',
  );
}

let active: CliContext | undefined;

// Long: global flags, dispatch, and every outcome's exit code and output in one place.
export async function main(argv: string[]): Promise<number> {
  const before = argv.indexOf('--') < 0 ? argv : argv.slice(0, argv.indexOf('--'));
  const json = before.includes('--json');
  try {
    const words = before.filter((a) => !a.startsWith('-'));
    const [command] = argv;
    if (command === '--version' || command === '-v' || command === 'version') {
      if (json) process.stdout.write(`${jsonText({ name: APP_NAME, version: APP_VERSION }, 0)}\n`);
      else process.stdout.write(`${APP_NAME} ${APP_VERSION}\n`);
      return EXIT.ok;
    }
    // Only the named command's module loads; help and unknown words need every declaration.
    if (!(await loadCommandFor(argv))) await loadAllCommands();
    if (
      command === undefined ||
      command === '--help' ||
      command === '-h' ||
      (command === '--json' && argv.length === 1)
    )
      return printHelp(topHelp(), json);
    if (command === 'help') return helpFor(words.slice(1), json);
    if (command === 'home') {
      if (wantsHelp(argv)) return printHelp(HOME_HELP, json);
      if (argv.length > 1 && !(argv.length === 2 && json))
        throw new UsageError('"lena home" takes no arguments');
      if (json) process.stdout.write(`${jsonText({ home: lenaPaths().home }, 0)}\n`);
      else process.stdout.write(`${terminalText(lenaPaths().home)}\n`);
      return EXIT.ok;
    }
    // `lena mcp help [COMMAND]` is `lena help mcp [COMMAND]`.
    if (isGroup(command) && argv[1] === 'help') return helpFor([command, ...words.slice(2)], json);
    const found = findCommand(argv);
    if (!found) {
      if (isGroup(command)) {
        const sub = argv[1];
        if (sub === undefined || sub.startsWith('-')) {
          if (
            sub !== undefined &&
            !wantsHelp(argv.slice(1)) &&
            !(sub === '--json' && argv.length === 2)
          )
            throw new UsageError(
              `unknown flag "${sub}" for "lena ${command}"; give a command first. Run "lena ${command}" for the list.`,
              'unknown-flag',
            );
          return printHelp(groupHelp(command), json);
        }
        throw new UsageError(
          `unknown command "lena ${command} ${sub}". Commands: ${allCommands()
            .filter((c) => c.path[0] === command && c.path.length > 1)
            .map((c) => c.path[1])
            .join(', ')}. Run "lena ${command} --help".`,
          'unknown-command',
        );
      }
      throw new UsageError(
        `unknown command "${command}". Run "lena help" for the list.`,
        'unknown-command',
      );
    }
    const { spec, used } = found;
    const name = `lena ${spec.path.join(' ')}`;
    const args = parseArgs(
      { command: name, flags: flagsOf(spec), positionals: spec.positionals, rest: spec.rest },
      argv.slice(used),
    );
    // Help never runs anything: no file is read or written, no server starts.
    if (args.help) return printHelp(commandHelp(spec), json);
    const ctx = cliContext(args, spec.path.join(' '));
    active = ctx;
    try {
      return await spec.run(ctx, args);
    } catch (err) {
      ctx.log('error', toCliError(err).message);
      throw err;
    } finally {
      await ctx.close();
      active = undefined;
    }
  } catch (err) {
    const error = toCliError(err);
    if (json)
      process.stdout.write(
        `${jsonText({ error: { code: error.code, message: error.message, ...error.data } })}\n`,
      );
    else createOutput(false).warn(`lena: ${error.message}`);
    return error.exit;
  }
}

/** Ctrl-C: end the servers this command started (they run in their own process groups), then exit. */
function onSignal(signal: NodeJS.Signals): void {
  if (!active) process.exit(EXIT.interrupted);
  process.stderr.write(
    `\nlena: ${signal === 'SIGINT' ? 'interrupted' : signal}; ending the servers this command started…\n`,
  );
  const ctx = active;
  active = undefined;
  process.on(signal, () => process.exit(EXIT.interrupted)); // a second Ctrl-C does not wait
  void ctx.close().finally(() => process.exit(EXIT.interrupted));
}
/** Runs `lena ARGV…` in this process: signal handling, the command, then its exit status. */
export function run(argv: string[]): void {
  // `lena mcp tools | head`: a closed pipe ends the command quietly (and its servers with it).
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    const ctx = active;
    active = undefined;
    void (ctx ? ctx.close() : Promise.resolve()).finally(() => process.exit(EXIT.ok));
  });
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(
        terminalText(`lena: ${err instanceof Error ? err.message : String(err)}\n`),
      );
      process.exitCode = EXIT.failed;
    },
  );
}

export { helpTable } from './help-table';
export { loadAllCommands } from './command-modules';
export { jsonText } from './output';
