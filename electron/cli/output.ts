// Output for the command line: with --json, stdout carries only the one JSON object and every
// other word goes to stderr; without it, readable text on stdout.

export interface Output {
  json: boolean;
  /** Human text (stdout without --json, stderr with it). */
  info(text: string): void;
  /** Warnings and progress, always on stderr. */
  warn(text: string): void;
  /** The one JSON result (only with --json). */
  result(value: unknown): void;
}

export function createOutput(json: boolean, io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process): Output {
  return {
    json,
    info: (text) => (json ? io.stderr : io.stdout).write(text.endsWith('\n') ? text : `${text}\n`),
    warn: (text) => io.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    result: (value) => io.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
  };
}

/** Pads columns for a small table. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n');
}

export function indent(text: string, prefix = '    '): string {
  return text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');
}
