// Errors of the command line, each with the code printed under --json and the exit status.
import { LenaError } from '../../shared/result';
import { FileLockBusyError } from '../core/base/file-lock';

/** Exit statuses, documented in `lena help`. */
export const EXIT = {
  ok: 0,
  /** The command ran and something failed: a server did not start, a call or the tool failed. */
  failed: 1,
  /** The command was called wrongly: unknown command or flag, missing or extra arguments, bad JSON. */
  usage: 2,
  /** A configuration file cannot be used (syntax error, wrong shape): fix it at the position shown. */
  config: 3,
  /** Another Lena process held a file's lock for too long; nothing was written: try again. */
  locked: 4,
  /** `lena chat`: the model declined to answer (stop reason `refusal`). */
  refused: 5,
  /** `lena chat`: the answer was cut off (max_tokens, the context window) or ended for an unknown reason. */
  incomplete: 6,
  /** `lena mcp call`: a deny rule (Lena's settings, the project's, a flag) refused the call; nothing was sent. */
  denied: 7,
  /** `lena chat`: the turn stopped at the round limit (settings.json maxRounds); `--continue` goes on. */
  roundLimit: 8,
  /** Interrupted (Ctrl-C); the servers this command started were ended. */
  interrupted: 130,
} as const;

/** An error the command line reports as `lena: MESSAGE` (or `{"error":{code,message}}`). */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exit: number = EXIT.failed,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The command was called wrongly; exit 2. */
export class UsageError extends CliError {
  constructor(message: string, code = 'usage') {
    super(code, message, EXIT.usage);
  }
}

/** Any thrown value as the CliError the user sees. */
export function toCliError(err: unknown): CliError {
  if (err instanceof CliError) return err;
  if (err instanceof FileLockBusyError) return new CliError('locked', err.message, EXIT.locked);
  if (err instanceof LenaError)
    return new CliError(
      err.code,
      err.message,
      err.code === 'invalid-arguments' ? EXIT.usage : EXIT.failed,
    );
  return new CliError('internal', err instanceof Error ? err.message : String(err), EXIT.failed);
}
