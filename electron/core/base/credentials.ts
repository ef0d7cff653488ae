// What looks like a credential in a server entry, and the entry as Lena may show or log it:
// credential-looking arguments, URL query values, passwords in URLs and literal header and env
// values are replaced; `${…}` references stay visible, since they name a value without holding it.
import type { ServerEntry } from '../../../shared/server-config';

/** The secret name of the Anthropic API key. */
export const API_KEY_SECRET = 'anthropic-api-key';

const MASK = '[redacted]';

/** Option names whose value is a credential (`--token`, `--api-key`, `--password`, …), without dashes. */
export const CREDENTIAL_FLAG =
  /(?:token|access[-_]?token|auth[-_]?token|api[-_]?key|apikey|key|secret|client[-_]?secret|password|passwd|pass|pwd|auth|bearer|credentials?|cookie|session[-_]?id)/;
/** Query parameter names whose value is a credential. */
export const CREDENTIAL_QUERY =
  /(?:api[-_]?key|apikey|key|token|access[-_]?token|auth|password|passwd|secret|client[-_]?secret|sig|signature|code|session(?:[-_]?id)?)/;

const FLAG = new RegExp(`^--?${CREDENTIAL_FLAG.source}$`, 'i');
const FLAG_WITH_VALUE = new RegExp(`^(--?${CREDENTIAL_FLAG.source})=(.+)$`, 'i');
const NAME_SAYS_SECRET =
  /(?:token|secret|passw(?:or)?d|pwd|api[-_]?key|apikey|private[-_]?key|credential|auth|cookie|session)/i;
// Shapes of well-known credentials: Anthropic, OpenAI, GitHub, GitLab, Slack, AWS, Google, JWTs.
const KNOWN_SHAPES =
  /^(?:sk-[A-Za-z0-9_-]{16,}|sk_(?:live|test)_[A-Za-z0-9]{10,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{16,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*)$/;
const REFERENCE = /\$\{[^}]*\}/;

/** True for a variable or header name that says its value is a credential (`GITHUB_TOKEN`, `Authorization`). */
export const nameSaysSecret = (name: string): boolean => NAME_SAYS_SECRET.test(name);

/**
 * A long run of mixed-case letters and digits, or of hex digits, as API keys and tokens are; paths,
 * file names and package names (slashes, dots, one letter case) are not.
 */
function looksRandom(value: string): boolean {
  if (/^[a-f0-9]{32,}$/i.test(value)) return true;
  if (
    value.length < 20 ||
    !/^[A-Za-z0-9_\-+/=]+$/.test(value) ||
    /^[-/~]/.test(value) ||
    (value.match(/\//g) ?? []).length > 1
  )
    return false;
  return /[0-9]/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value);
}

/**
 * Whether a literal value (no `${…}` in it) looks like a credential: by its name (`GITHUB_TOKEN`,
 * `Authorization`) or by its shape (`sk-…`, `ghp_…`, a JWT, a long random string).
 */
export function looksLikeCredential(name: string | undefined, value: string): boolean {
  const text = value.trim();
  if (text === '' || REFERENCE.test(text)) return false;
  const bare = text.replace(/^(?:bearer|basic|token)(?:\s+|$)/i, '');
  if (
    name !== undefined &&
    NAME_SAYS_SECRET.test(name) &&
    bare.length >= 4 &&
    !/^(?:true|false|yes|no|on|off|none|null|\d{1,3})$/i.test(bare)
  )
    return true;
  return KNOWN_SHAPES.test(bare) || looksRandom(bare);
}

/** Arguments with credential values replaced: `--token X`, `--api-key=X`, and anything shaped like a key. */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((arg, i) => {
    if (REFERENCE.test(arg)) return arg;
    const inline = FLAG_WITH_VALUE.exec(arg);
    if (inline) return `${inline[1]}=${MASK}`;
    if (i > 0 && FLAG.test(args[i - 1]) && !arg.startsWith('-')) return MASK;
    return looksLikeCredential(undefined, arg) ? MASK : arg;
  });
}

/** A URL with every query value and any password replaced; `${…}` references are kept. */
export function redactUrl(url: string): string {
  const [beforeHash, ...hash] = url.split('#');
  const q = beforeHash.indexOf('?');
  let base = q < 0 ? beforeHash : beforeHash.slice(0, q);
  base = base.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*:)[^/@]+@/i, `$1${MASK}@`);
  const query =
    q < 0
      ? ''
      : `?${beforeHash
          .slice(q + 1)
          .split('&')
          .map((pair) => {
            const eq = pair.indexOf('=');
            if (eq < 0) return pair;
            const value = pair.slice(eq + 1);
            return REFERENCE.test(value) && value.replace(/\$\{[^}]*\}/g, '') === ''
              ? pair
              : `${pair.slice(0, eq)}=${MASK}`;
          })
          .join('&')}`;
  return base + query + (hash.length ? `#${hash.join('#')}` : '');
}

/** A header value: `${…}` references and an auth scheme word stay, literal credential text goes. */
export function redactHeaderValue(value: string): string {
  return value
    .split(/(\$\{[^}]*\})/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      const scheme = /^(\s*(?:Bearer|Basic|Token)\s+)(.*)$/i.exec(part);
      if (scheme) return scheme[2].trim() === '' ? part : `${scheme[1]}${MASK}`;
      return part.trim() === '' ? part : MASK;
    })
    .join('');
}

/** The entry as Lena shows or logs it (CLI output, statuses, logs): no literal credential is left in it. */
export function redactEntry(entry: ServerEntry): ServerEntry {
  const shown: ServerEntry = { ...entry };
  if (entry.args) shown.args = redactArgs(entry.args);
  if (entry.url !== undefined) shown.url = redactUrl(entry.url);
  if (entry.env)
    shown.env = Object.fromEntries(
      Object.entries(entry.env).map(([k, v]) => [
        k,
        REFERENCE.test(v) ? redactHeaderValue(v) : MASK,
      ]),
    );
  if (entry.headers)
    shown.headers = Object.fromEntries(
      Object.entries(entry.headers).map(([k, v]) => [k, redactHeaderValue(v)]),
    );
  return shown;
}

/** The command line or URL of an entry as one line, redacted, for lists. */
export function entryTarget(entry: ServerEntry): string | null {
  if (entry.command) return [entry.command, ...redactArgs(entry.args ?? [])].join(' ');
  return entry.url !== undefined ? redactUrl(entry.url) : null;
}
