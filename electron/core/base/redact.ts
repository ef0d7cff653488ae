// The one redaction of Lena: every text that leaves core for a log, an export, the window or the
// terminal passes through redact() with the secret values Lena knows. A secret is found in the
// forms it travels in (plain, URL-encoded, hex, base64 at each byte alignment, so that
// `Basic base64(user:pass)` is caught), and text that merely looks like a credential (an
// Authorization header, `--token X`, `?api_key=…`, an `sk-ant-…` key) is cut even when unknown.
import { CREDENTIAL_FLAG, CREDENTIAL_QUERY } from './credentials';

export const REDACTED = '[redacted]';

/** Values shorter than this are replaced only when `short` says they came from a secret or a configured value. */
export const MIN_SECRET_LENGTH = 6;
/** Even a configured value this short is never redacted: it would shred every line. */
const MIN_SHORT_LENGTH = 3;

/**
 * A value to redact. A plain string is redacted when at least MIN_SECRET_LENGTH long; `short`
 * marks a value from `${secret:…}` or a configured env/header value, which is redacted however
 * short (from 3 characters), but then only as a whole token.
 */
export type SecretInput = string | { value: string; short?: boolean } | undefined | null;

/**
 * Values Lena was given to keep secret (secret-store values, configured header values, a session
 * id): each redacted however short, as a whole token.
 */
export function configuredSecrets(values: Iterable<string>): SecretInput[] {
  return [...values].map((value) => ({ value, short: true }));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The characters of `base64(k bytes + value + …)` that depend on the value alone, for k = 0, 1, 2:
 * wherever the value sits in a longer encoded string, one of the three appears in it.
 */
function base64Cores(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const cores: string[] = [];
  for (let k = 0; k < 3; k++) {
    const encoded = Buffer.concat([Buffer.alloc(k), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    const first = Math.ceil((8 * k) / 6);
    const last = Math.floor((8 * (k + bytes.length)) / 6);
    const core = encoded.slice(first, last);
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

/** Every form in which a secret may show up in text; forms too short to be telling are left out. */
export function secretForms(value: string): string[] {
  const forms = new Set<string>([value]);
  const token = /^(?:bearer|basic|token)\s+(.+)$/i.exec(value.trim())?.[1];
  if (token) forms.add(token);
  for (const v of [...forms]) {
    forms.add(encodeURIComponent(v));
    const hex = Buffer.from(v, 'utf8').toString('hex');
    forms.add(hex);
    forms.add(hex.toUpperCase());
    for (const core of base64Cores(v)) forms.add(core);
  }
  return [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH);
}

/** True when `text` holds `secret` in any of its forms (the Anthropic key check of project servers). */
export function containsSecret(text: string, secret: string): boolean {
  if (secret.length < MIN_SECRET_LENGTH) return false;
  return secretForms(secret).some((form) => text.includes(form));
}

// Header names whose values are credentials or session capabilities, as `Name: value`,
// `"name": "value"` or `name=value`.
const HEADER_VALUE =
  /((?:proxy-)?authorization|x-api-key|mcp-session-id|api[-_]?key|cookie|set-cookie)(["']?\s*[:=]\s*["']?)([^"'\r\n,}&]+)/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/g;
const ANTHROPIC_KEY = /\bsk-ant-[A-Za-z0-9_-]{8,}/g;
// `--token X`, `--api-key=X`, `-password X` in a command line as text.
const FLAG_VALUE = new RegExp(
  `(^|[\\s"'])(--?${CREDENTIAL_FLAG.source})(=|\\s+)(?!\\[redacted\\])([^\\s"']+)`,
  'gi',
);
const QUERY_VALUE = new RegExp(`([?&](?:${CREDENTIAL_QUERY.source})=)([^&#\\s"']+)`, 'gi');
// `scheme://user:password@host`
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:)([^@\s/]+)(@)/gi;

/** Replaces every known secret (in each of its forms) and every credential-looking value with `[redacted]`. */
export function redact(text: string, secrets: Iterable<SecretInput> = []): string {
  let out = text;
  const long = new Set<string>();
  const short = new Set<string>();
  for (const input of secrets) {
    const value = typeof input === 'string' ? input : input?.value;
    if (typeof value !== 'string' || value === '') continue;
    if (value.length >= MIN_SECRET_LENGTH) for (const form of secretForms(value)) long.add(form);
    else if (typeof input === 'object' && input?.short && value.length >= MIN_SHORT_LENGTH)
      short.add(value);
  }
  // Longest first, so a secret that contains another is replaced whole.
  for (const value of [...long].sort((a, b) => b.length - a.length))
    out = out.split(value).join(REDACTED);
  for (const value of short) {
    out = out.replace(
      new RegExp(`(?<![A-Za-z0-9_])${escapeRegExp(value)}(?![A-Za-z0-9_])`, 'g'),
      REDACTED,
    );
  }
  return out
    .replace(HEADER_VALUE, (_m, name: string, sep: string, value: string) =>
      value.trim() === REDACTED ? `${name}${sep}${value}` : `${name}${sep}${REDACTED}`,
    )
    .replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(ANTHROPIC_KEY, REDACTED)
    .replace(
      FLAG_VALUE,
      (_m, lead: string, flag: string, sep: string) => `${lead}${flag}${sep}${REDACTED}`,
    )
    .replace(QUERY_VALUE, (_m, key: string) => `${key}${REDACTED}`)
    .replace(
      URL_PASSWORD,
      (_m, head: string, _pw: string, at: string) => `${head}${REDACTED}${at}`,
    );
}
