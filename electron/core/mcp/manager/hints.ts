// Turns a failure into a sentence a user can act on: the hint shown under a failed server. Each
// piece of advice is given once: the message says what failed, the hint what to do.

/** What the hint may mention about the server: the command it runs, if local. */
export interface HintContext {
  /** The command line as configured (`npx -y server`), for "run it by hand". */
  commandLine?: string;
}

export function hintFor(message: string, stderrTail: string, context: HintContext = {}): string | undefined {
  if (/working directory .* does not exist/i.test(message)) return undefined; // the message says which "cwd" to fix
  if (/does not exist|is a directory/i.test(message)) return 'Fix "command" in the server entry: give the path of the program to run.';
  if (/was not found on PATH|ENOENT/i.test(message)) {
    return 'Check the command name, install it, or use an absolute path in the server entry.';
  }
  if (/EACCES|permission denied/i.test(message)) return 'The command is not executable: check its file permissions.';
  if (/protocol version/i.test(message)) return 'Update the server (or Lena): they share no protocol version.';
  if (/crash loop/i.test(message)) return 'The server keeps exiting at start; read its stderr below, fix it, then press Retry.';
  if (/timed out|no answer within|got no answer/i.test(message)) {
    const raise = 'raise "startupTimeout" if its first start downloads packages (npx, uvx)';
    if (stderrTail.trim() !== '') return `The server did not answer in time; read its stderr below, or ${raise}.`;
    const byHand = context.commandLine ? `Run it by hand (${context.commandLine}) to see what it does` : 'Run its command by hand to see what it does';
    return `The server printed nothing on stderr. ${byHand}; behind a proxy or a corporate CA check HTTPS_PROXY and NODE_EXTRA_CA_CERTS; or ${raise}.`;
  }
  if (/HTTP 401|HTTP 403|unauthori[sz]ed|forbidden/i.test(message)) return 'The server refused the credentials: check the headers or token.';
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH/i.test(message)) return 'Nothing answers at that URL: is the server running and the address right?';
  if (/exited|exit code/i.test(message) && stderrTail.trim()) return 'The server exited; its last stderr lines are below.';
  return undefined;
}
