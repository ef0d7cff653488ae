// The server form's "Sign-in (OAuth)" fields and their round trip to an entry's `oauth` object.
// Empty fields are left out; an all-empty section removes `oauth` (sign-in still works without it:
// Lena registers itself where the server allows).
import type { OAuthEntry, ServerEntry } from '../../shared/server-config';

export interface OAuthForm {
  clientId: string;
  /** A "${secret:NAME}" reference; the schema refuses a literal secret. */
  clientSecret: string;
  /** Space- or comma-separated. */
  scopes: string;
  callbackPort: string;
}

export function oauthFormFrom(entry: ServerEntry | null | undefined): OAuthForm {
  const o = entry?.oauth ?? {};
  return { clientId: o.clientId ?? '', clientSecret: o.clientSecret ?? '', scopes: (o.scopes ?? []).join(' '), callbackPort: o.callbackPort === undefined ? '' : String(o.callbackPort) };
}

/** The `oauth` object the fields describe, kept on top of the base's unknown keys; undefined when empty. */
export function oauthEntryFrom(form: OAuthForm, base: OAuthEntry | undefined): OAuthEntry | undefined {
  const out: Record<string, unknown> = { ...(base ?? {}) };
  const put = (key: keyof OAuthEntry, value: unknown) => {
    if (value === undefined || value === '') delete out[key];
    else out[key] = value;
  };
  put('clientId', form.clientId.trim());
  put('clientSecret', form.clientSecret.trim());
  const scopes = form.scopes.split(/[\s,]+/).filter(Boolean);
  put('scopes', scopes.length ? scopes : undefined);
  const port = form.callbackPort.trim();
  put('callbackPort', port === '' ? undefined : Number.isInteger(Number(port)) ? Number(port) : port);
  return Object.keys(out).length ? (out as OAuthEntry) : undefined;
}
