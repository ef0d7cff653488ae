// The sandbox session's notices, read back from a sandboxed server's stderr log: the library's warnings
// and the connections its proxy refused. Each is one `lena-sandbox: {json}` line (session.ts).
export const NOTICE_PREFIX = 'lena-sandbox: ';

export type SandboxNotice =
  | { kind: 'warning'; text: string }
  | { kind: 'violation'; line: string }
  | { kind: 'unavailable'; errors: string[] }
  | { kind: 'failed'; text: string };

/** The notice on one stderr line, or undefined for the server's own output. */
export function parseNotice(line: string): SandboxNotice | undefined {
  if (!line.startsWith(NOTICE_PREFIX)) return undefined;
  try {
    const value = JSON.parse(line.slice(NOTICE_PREFIX.length)) as SandboxNotice;
    return typeof value === 'object' && value !== null && 'kind' in value ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The host a refused connection went to (`deny network-outbound HOST:PORT (…)`). */
export function refusedHost(notice: SandboxNotice): string | undefined {
  if (notice.kind !== 'violation') return undefined;
  return /network-outbound (\S+?)(?::\d+)?(?:\s|$)/.exec(notice.line)?.[1];
}

/** Every notice in a stderr text (a tail or a log). */
export function noticesIn(text: string): SandboxNotice[] {
  return text
    .split('\n')
    .map((l) => parseNotice(l.replace(/\r$/, '')))
    .filter((n): n is SandboxNotice => n !== undefined);
}
