// Turns a failure into a sentence a user can act on: the hint shown under a failed server.

export function hintFor(message: string, stderrTail: string): string | undefined {
  if (/was not found on PATH|ENOENT/i.test(message)) {
    return 'Check the command name, install it, or use an absolute path in the server entry.';
  }
  if (/EACCES|permission denied/i.test(message)) return 'The command is not executable: check its file permissions.';
  if (/protocol version/i.test(message)) return 'Update the server (or Lena): they share no protocol version.';
  if (/crash loop/i.test(message)) return 'The server keeps exiting at start; read its stderr below, fix it, then press Retry.';
  if (/timed out|no answer within|got no answer/i.test(message)) {
    return 'The server did not answer in time; raise "startupTimeout" if its first start downloads packages.';
  }
  if (/HTTP 401|HTTP 403|unauthori[sz]ed|forbidden/i.test(message)) return 'The server refused the credentials: check the headers or token.';
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH/i.test(message)) return 'Nothing answers at that URL: is the server running and the address right?';
  if (/exited|exit code/i.test(message) && stderrTail.trim()) return 'The server exited; its last stderr lines are below.';
  return undefined;
}
