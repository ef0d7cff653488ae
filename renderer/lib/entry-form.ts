// The server form's model and its round trip to a `.mcp.json` entry: fields the form does not
// know (and key order of known ones) survive, so editing through the form never loses data.
import type { ServerEntry, ServerType } from '../../shared/server-config';
import { oauthEntryFrom, oauthFormFrom, type OAuthForm } from './oauth-form';

export interface KeyValue {
  key: string;
  value: string;
}

export interface EntryForm {
  transport: ServerType;
  command: string;
  args: string[];
  cwd: string;
  env: KeyValue[];
  url: string;
  headers: KeyValue[];
  timeout: string;
  startupTimeout: string;
  enabled: boolean;
  /** Remote servers' sign-in options (the entry's `oauth`). */
  oauth: OAuthForm;
}

const pairs = (map: Record<string, string> | undefined): KeyValue[] =>
  Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));

/** The form fields of an entry (an empty stdio form for none). */
export function formFromEntry(entry: ServerEntry | null | undefined): EntryForm {
  const e = entry ?? {};
  const transport: ServerType =
    e.type ?? (e.url !== undefined && e.command === undefined ? 'http' : 'stdio');
  return {
    transport,
    command: e.command ?? '',
    args: [...(e.args ?? [])],
    cwd: e.cwd ?? '',
    env: pairs(e.env),
    url: e.url ?? '',
    headers: pairs(e.headers),
    timeout: e.timeout === undefined ? '' : String(e.timeout),
    startupTimeout: e.startupTimeout === undefined ? '' : String(e.startupTimeout),
    enabled: e.disabled !== true,
    oauth: oauthFormFrom(e),
  };
}

const toMap = (list: KeyValue[]): Record<string, string> | undefined => {
  const rows = list.filter((p) => p.key.trim() !== '');
  return rows.length === 0
    ? undefined
    : Object.fromEntries(rows.map((p) => [p.key.trim(), p.value]));
};

const num = (s: string): number | string | undefined =>
  s.trim() === '' ? undefined : Number.isFinite(Number(s)) ? Number(s) : s;

/**
 * The entry the form describes, built on `base` so unknown fields are kept. Fields of the other
 * transport are dropped (a stdio server has no url), and an explicit `type` is written only when
 * the base had one or the transport is not the default for its fields.
 */
export function entryFromForm(
  form: EntryForm,
  base: ServerEntry | null | undefined = {},
): ServerEntry {
  const out: ServerEntry = { ...(base ?? {}) };
  const set = (key: string, value: unknown) => {
    if (value === undefined) delete out[key];
    else out[key] = value;
  };
  const stdio = form.transport === 'stdio';
  set('type', base?.type !== undefined || form.transport === 'sse' ? form.transport : undefined);
  set('command', stdio ? form.command.trim() || undefined : undefined);
  set('args', stdio && form.args.length > 0 ? form.args : undefined);
  set('cwd', stdio ? form.cwd.trim() || undefined : undefined);
  set('env', stdio ? toMap(form.env) : undefined);
  set('url', stdio ? undefined : form.url.trim() || undefined);
  set('headers', stdio ? undefined : toMap(form.headers));
  set('timeout', num(form.timeout));
  set('startupTimeout', num(form.startupTimeout));
  set('disabled', form.enabled ? undefined : true);
  set('oauth', stdio ? undefined : oauthEntryFrom(form.oauth, base?.oauth));
  if (form.transport === 'http' && base?.type === undefined) delete out.type;
  return out;
}

/** A secret-store name for an env value or header: SERVER_KEY in upper case. */
export function secretNameFor(server: string, key: string): string {
  const name = `${server}_${key}`.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  return /^[A-Z_]/.test(name) ? name : `_${name}`;
}

/** Whether a value is already a `${secret:NAME}` or `${VAR}` reference. */
export const isReference = (value: string): boolean => /^\$\{[^}]+\}$/.test(value.trim());
