// Hashes that bind trust and approvals to what a server entry actually runs (issue 6): when the
// launch entry changes, or a project entry shadows a user entry, the hash changes and earlier
// decisions no longer apply. They hash the unexpanded entry, so secrets never enter a hash.
// Identity v2 (issue 12 item 5) covers the whole launch entry, env and header templates included,
// and its scope: a project entry that copies a trusted command with another env is another server.
import { sha256Hex, stableStringify } from '../../base/stable-json';
import type { ServerEntry, ServerScope } from '../../../../shared/server-config';

/** Marks a v2 identity; a record without it was written by an earlier version. */
export const IDENTITY_PREFIX = 'id2:';

/** Where an entry comes from, as its identity sees it: the user's own files, or one project's `.mcp.json`. */
export interface IdentityScope {
  scope: ServerScope;
  /** The configuration file; it binds a project entry to that project. */
  file?: string;
}

/**
 * The identity trust and Lena-written allow rules are bound to: every launch field of the entry
 * (command, args, cwd, env, url, headers, type and any unknown field; not `disabled` or the
 * timeouts, which change nothing that runs) plus its scope. The user's own files (`user`, or
 * `--config FILE`) are one scope; each project's `.mcp.json` is its own.
 */
export function launchIdentity(
  entry: ServerEntry,
  where: IdentityScope = { scope: 'user' },
): string {
  const { disabled: _disabled, timeout: _timeout, startupTimeout: _startup, ...launch } = entry;
  const scope =
    where.scope === 'project' ? { scope: 'project', file: where.file ?? '' } : { scope: 'user' };
  return IDENTITY_PREFIX + sha256Hex(stableStringify({ launch, scope }));
}

/** The identity before v2 (command, arguments, cwd and URL only): used only to re-bind old records. */
export function legacyLaunchIdentity(entry: ServerEntry): string {
  const { command, args, cwd, url } = entry;
  return sha256Hex(stableStringify({ command, args, cwd, url }));
}

/**
 * The key of every record Lena keeps per server (settings, pins, baselines, usage): the name as a
 * label, then the scope and the first 16 hex digits of the launch identity. A project server named
 * like a user server, or an entry edited to run something else, is another key.
 */
export function serverKey(name: string, entry: ServerEntry, where: IdentityScope): string {
  const scope = where.scope === 'project' ? 'project' : 'user';
  const hash = launchIdentity(entry, where).slice(IDENTITY_PREFIX.length);
  return `${name}@${scope}:${hash.slice(0, 16)}`;
}

const SERVER_KEY = /@(user|project):[0-9a-f]{16}$/;

/** True for a key made by `serverKey`; a bare name (as earlier versions wrote) is not one. */
export const isServerKey = (key: string): boolean => SERVER_KEY.test(key);

/** True for an identity written before v2. */
export const isLegacyIdentity = (identity: string): boolean =>
  !identity.startsWith(IDENTITY_PREFIX);

/** Hash of the whole entry (every field, unknown ones included): any edit changes it. */
export function entryHash(entry: ServerEntry): string {
  return sha256Hex(stableStringify(entry));
}
