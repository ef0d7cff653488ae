// The `lena` command line over core: `lena mcp …` and `lena chat -p …`. It shares Lena's home
// with the window (~/.lena or LENA_HOME) and never imports electron.
import { APP_NAME, APP_VERSION } from '../core/version';
import { lenaPaths } from '../core/home';
import { parseArgs, UsageError } from './args';
import { cliContext } from './context';
import { MCP_COMMANDS } from './mcp-commands';

const USAGE = `Usage: lena <command> [options]

  lena mcp list                          configured servers (nothing is started)
  lena mcp doctor                        connect every server; status, tools, errors, stderr
  lena mcp tools [SERVER]                the tools Claude sees (qualified names)
  lena mcp call SERVER TOOL [JSON]       call a tool (or: lena mcp call mcp__SERVER__TOOL [JSON])
  lena mcp add NAME [-e KEY=VALUE]… -- COMMAND [ARGS…]
  lena mcp add --transport http|sse NAME URL [-H "Header: value"]…
  lena mcp remove NAME
  lena mcp import-claude-desktop         copy Claude Desktop's servers into Lena's mcp.json
  lena mcp approve NAME --project DIR    approve a project server (prints what it approves)
  lena mcp reset-approvals [--project DIR]
  lena mcp login NAME [--no-browser]     sign in to a remote server (OAuth; prints the URL to open)
  lena mcp logout NAME                   sign out (revokes the tokens where the server allows)
  lena chat -p "PROMPT" [--conversation ID] [--allow RULE]… [--deny RULE]… [--model M]
  lena home | --version | help

Global options: --project DIR (its .mcp.json applies), --config FILE (the only server
configuration), --json (stdout carries one JSON object; everything else goes to stderr).
`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v' || command === 'version') {
    process.stdout.write(`${APP_NAME} ${APP_VERSION}\n`);
    return 0;
  }
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command === 'home') {
    process.stdout.write(`${lenaPaths().home}\n`);
    return 0;
  }
  try {
    if (command === 'mcp') {
      const [sub, ...subArgs] = rest;
      const run = sub ? MCP_COMMANDS[sub] : undefined;
      if (!run) throw new UsageError(`unknown "lena mcp ${sub ?? ''}". Commands: ${Object.keys(MCP_COMMANDS).join(', ')}`);
      const args = parseArgs(subArgs);
      return await run(cliContext(args), args);
    }
    if (command === 'chat') {
      const args = parseArgs(rest);
      const { chatCommand } = await import('./chat-command');
      return await chatCommand(cliContext(args), args);
    }
    throw new UsageError(`unknown command "${command}". Run "lena help" for the list.`);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`lena: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`lena: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
