// Which lines of a server's stderr name what went wrong. One rule for core (the first such line is
// kept beside the stderr tail, so the cause survives pages of stack traces) and the window (the
// lines shown under a failure without a click). Words match inside others on purpose: TypeError,
// RuntimeException, panicked. Pure: no Node, no DOM.

const ERROR_WORDS =
  /error|exception|fatal|traceback|panic|cannot|could not|failed|not found|no such|denied|refused|ENOENT|EACCES|EADDRINUSE/i;

/** True when the line names an error (or a failure, a refusal, a missing file). */
export function isErrorLine(line: string): boolean {
  return ERROR_WORDS.test(line);
}

/**
 * The last few lines of `stderr` that name what went wrong; when none does, its last three lines
 * (the window then says "its last stderr lines").
 */
export function errorLines(stderr: string): string[] {
  const lines = stderr.split('\n').filter((l) => l.trim() !== '');
  const named = lines.filter(isErrorLine).slice(-5);
  return named.length > 0 ? named : lines.slice(-3);
}
