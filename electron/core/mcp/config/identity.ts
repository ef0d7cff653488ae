// Hashes that bind trust and approvals to what a server entry actually runs (issue 6): when the
// launch fields change, or a project entry shadows a user entry, the hash changes and earlier
// decisions no longer apply. Both hash the unexpanded entry, so secrets never enter a hash.
import { createHash } from 'node:crypto';
import type { ServerEntry } from '../../../../shared/server-config';

/** JSON with object keys sorted at every depth, so equal entries always hash equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const keys = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Hash of what the entry launches: command, arguments, working directory and URL. */
export function launchIdentity(entry: ServerEntry): string {
  const { command, args, cwd, url } = entry;
  return sha256(canonicalJson({ command, args, cwd, url }));
}

/** Hash of the whole entry (every field, unknown ones included): any edit changes it. */
export function entryHash(entry: ServerEntry): string {
  return sha256(canonicalJson(entry));
}
