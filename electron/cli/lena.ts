// The `lena` command line over core. Subcommands are added by the issues that build their parts.
import { APP_NAME, APP_VERSION } from '../core/version';
import { lenaPaths } from '../core/home';

const USAGE = `Usage: lena <command> [options]

Commands:
  --version          print the version
  home               print Lena's home directory (~/.lena or LENA_HOME)
  help               this text
`;

export async function main(argv: string[]): Promise<number> {
  const [command] = argv;
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
  process.stderr.write(`lena: unknown command "${command}". Run "lena help" for the list.\n`);
  return 2;
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
