// Secrets never reach logs, exports or the window: every text that leaves core through those paths
// goes through redact() with the secret values Lena knows.

export const REDACTED = '[redacted]';

// Values shorter than this are not replaced by value: "a" or "1" would shred every log line.
const MIN_SECRET_LENGTH = 6;

// Header names whose values are credentials or session capabilities, as `Name: value`,
// `"name": "value"` or `name=value`.
const HEADER_VALUE =
  /((?:proxy-)?authorization|x-api-key|mcp-session-id|api[-_]?key|cookie|set-cookie)(["']?\s*[:=]\s*["']?)([^"'\r\n,}&]+)/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/g;
const ANTHROPIC_KEY = /\bsk-ant-[A-Za-z0-9_-]{8,}/g;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces with `[redacted]`: each known secret value (and its URL-encoded form), the values of
 * credential headers (Authorization, x-api-key, Mcp-Session-Id, cookies), Bearer/Basic tokens and
 * `sk-ant-…` keys.
 */
export function redact(text: string, secrets: readonly (string | undefined | null)[] = []): string {
  let out = text;
  const values = new Set<string>();
  for (const s of secrets) {
    if (typeof s !== 'string' || s.length < MIN_SECRET_LENGTH) continue;
    values.add(s);
    const encoded = encodeURIComponent(s);
    if (encoded !== s) values.add(encoded);
  }
  // Longest first, so a secret that contains another is replaced whole.
  for (const value of [...values].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(escapeRegExp(value), 'g'), REDACTED);
  }
  return out
    .replace(HEADER_VALUE, (_m, name: string, sep: string, value: string) =>
      value.trim() === REDACTED ? `${name}${sep}${value}` : `${name}${sep}${REDACTED}`,
    )
    .replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(ANTHROPIC_KEY, REDACTED);
}
