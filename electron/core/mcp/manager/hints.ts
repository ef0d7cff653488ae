// Turns a failure into a sentence a user can act on: the hint shown under a failed server. Each
// piece of advice is given once: the message says what failed, the hint what to do. Decided by the
// failure's code and HTTP status (failure.ts), never by its words.
import type { ErrorInfo } from '../../../../shared/result';

/** What the hint may mention about the server: the command it runs, if local. */
export interface HintContext {
  /** The command line as configured (`npx -y server`), for "run it by hand". */
  commandLine?: string;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH']);

export function hintFor(
  error: Pick<ErrorInfo, 'code' | 'data'>,
  stderrTail: string,
  context: HintContext = {},
): string | undefined {
  switch (error.code) {
    case 'bad-command':
      return 'Fix "command" in the server entry: give the path of the program to run.';
    case 'command-not-found':
      return 'Check the command name, install it, or use an absolute path in the server entry.';
    case 'sandbox-unavailable':
      return 'Install what the sandbox needs (above), or set "sandbox": false on this entry to run it unsandboxed.';
    case 'not-executable':
      return 'The command is not executable: check its file permissions.';
    case 'protocol-version':
      return 'Update the server (or Lena): they share no protocol version.';
    case 'crash-loop':
      return 'The server keeps exiting at start; read its stderr below, fix it, then press Retry.';
    case 'start-timeout':
    case 'timeout': {
      const raise = 'raise "startupTimeout" if its first start downloads packages (npx, uvx)';
      if (stderrTail.trim() !== '')
        return `The server did not answer in time; read its stderr below, or ${raise}.`;
      const byHand = context.commandLine
        ? `Run it by hand (${context.commandLine}) to see what it does`
        : 'Run its command by hand to see what it does';
      return `The server printed nothing on stderr. ${byHand}; behind a proxy or a corporate CA check HTTPS_PROXY and NODE_EXTRA_CA_CERTS; or ${raise}.`;
    }
    case 'http-status':
      return error.data?.status === 401 || error.data?.status === 403
        ? 'The server refused the credentials: check the headers or token.'
        : undefined;
    case 'network':
      return error.data?.errno && UNREACHABLE.has(error.data.errno)
        ? 'Nothing answers at that URL: is the server running and the address right?'
        : undefined;
    case 'server-exited':
      return stderrTail.trim() ? 'The server exited; its last stderr lines are below.' : undefined;
    default:
      // bad-cwd: the message says which "cwd" to fix.
      return undefined;
  }
}
