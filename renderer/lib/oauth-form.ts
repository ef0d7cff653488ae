// The server form's "Sign-in (OAuth)" fields and their round trip to an entry's `oauth` object:
// a pre-registered client, and (issue 21) the machine and enterprise grants and DPoP. Empty
// fields are left out; an all-empty section removes `oauth` (sign-in still works without it:
// Lena registers itself where the server allows). Secrets are `${secret:NAME}` references: the
// entry schema refuses a secret in clear, so the form cannot write one to mcp.json.
import type { OAuthEntry, ServerEntry } from '../../shared/server-config';

export interface OAuthForm {
  /** '' (sign in in the browser, the default), or one of the entry's grants. */
  grant: string;
  clientId: string;
  /** A "${secret:NAME}" reference; the schema refuses a literal secret. */
  clientSecret: string;
  /** private_key_jwt: a "${secret:NAME}" reference to a PEM key, or a key file's path. */
  privateKey: string;
  privateKeyFile: string;
  signingAlgorithm: string;
  /** Workload identity and enterprise: where the platform (or company) token is. */
  assertionFile: string;
  assertionEnv: string;
  idpTokenEndpoint: string;
  idpClientId: string;
  /** Space- or comma-separated. */
  scopes: string;
  callbackPort: string;
  /** '' (where the server offers it), 'on' or 'off'. */
  dpop: string;
}

/** The string fields that map one to one onto the entry's `oauth`. */
const TEXT_KEYS = [
  'grant',
  'clientId',
  'clientSecret',
  'privateKey',
  'privateKeyFile',
  'signingAlgorithm',
  'assertionFile',
  'assertionEnv',
  'idpTokenEndpoint',
  'idpClientId',
] as const;

export function oauthFormFrom(entry: ServerEntry | null | undefined): OAuthForm {
  const o = entry?.oauth ?? {};
  const text = Object.fromEntries(
    TEXT_KEYS.map((k) => [k, typeof o[k] === 'string' ? o[k] : '']),
  ) as Pick<OAuthForm, (typeof TEXT_KEYS)[number]>;
  return {
    ...text,
    scopes: (o.scopes ?? []).join(' '),
    callbackPort: o.callbackPort === undefined ? '' : String(o.callbackPort),
    dpop: o.dpop === undefined ? '' : o.dpop ? 'on' : 'off',
  };
}

/** The `oauth` object the fields describe, kept on top of the base's unknown keys; undefined when empty. */
export function oauthEntryFrom(
  form: OAuthForm,
  base: OAuthEntry | undefined,
): OAuthEntry | undefined {
  const out: Record<string, unknown> = { ...(base ?? {}) };
  const put = (key: keyof OAuthEntry, value: unknown) => {
    if (value === undefined || value === '') delete out[key];
    else out[key] = value;
  };
  for (const k of TEXT_KEYS) put(k, form[k].trim());
  const scopes = form.scopes.split(/[\s,]+/).filter(Boolean);
  put('scopes', scopes.length ? scopes : undefined);
  const port = form.callbackPort.trim();
  put(
    'callbackPort',
    port === '' ? undefined : Number.isInteger(Number(port)) ? Number(port) : port,
  );
  put('dpop', form.dpop === 'on' ? true : form.dpop === 'off' ? false : undefined);
  return Object.keys(out).length ? (out as OAuthEntry) : undefined;
}
