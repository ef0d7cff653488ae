// Output for the command line: with --json, stdout carries only the one JSON object and every
// other word goes to stderr; without it, readable text on stdout. Proxy credentials
// (http://user:pass@proxy) never reach either.

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
  const line = (text: string) => redactUrlCredentials(text.endsWith('\n') ? text : `${text}\n`);
  return {
    json,
    info: (text) => (json ? io.stderr : io.stdout).write(line(text)),
    warn: (text) => io.stderr.write(line(text)),
    result: (value) => io.stdout.write(`${redactUrlCredentials(JSON.stringify(value, null, 2))}\n`),
  };
}

/** `scheme://user:password@host` → `scheme://user:•••@host` (a proxy URL shown in an error, say). */
export function redactUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)([^\s:/@"'<>]+):([^\s/@"'<>]+)@/gi, '$1$2:•••@');
}

/** "1 tool", "3 tools". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
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
