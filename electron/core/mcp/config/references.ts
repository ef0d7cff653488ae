// The `${…}` references of a server entry, and where each appears. The approval lists them so the
// user grants a project server its secrets and variables one by one; expansion refuses the rest.
import type { ServerEntry } from '../../../../shared/server-config';
import { referenceFields } from './project-entry-policy';

export const TOKEN = /\$\{([^}]*)\}/g;
export const VARIABLE = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;
export const SECRET = /^secret:([A-Za-z_][A-Za-z0-9_.-]*)$/;

/** One referenced secret or variable. */
export interface EntryReference {
  /** What a grant names: `secret:NAME` for a secret, `NAME` for an environment variable. */
  key: string;
  /** As written, e.g. `${secret:gh-token}` or `${PORT:-8080}` (the first occurrence). */
  token: string;
  kind: 'secret' | 'variable';
  name: string;
  /** The `:-` default of a variable, when one is written. */
  fallback?: string;
  /** Fields it appears in: `command`, `args[1]`, `env.NAME`, `cwd`, `url`, `headers.NAME`. */
  where: string[];
}

/** The fields of an entry that may hold `${…}` (the table's `references` rows). */
export type TemplateFields = Pick<
  ServerEntry,
  'command' | 'args' | 'env' | 'cwd' | 'url' | 'headers' | 'oauth'
>;

/** The entry's text fields with where each is, in the project-entry table's order. */
export function entryFields(entry: TemplateFields): [string, string][] {
  return referenceFields(entry);
}

/** The grant key of one `${…}` body, or undefined when it is not our syntax (a shell's `${1}`). */
export function referenceKey(inner: string): string | undefined {
  const secret = SECRET.exec(inner)?.[1];
  if (secret !== undefined) return `secret:${secret}`;
  return VARIABLE.exec(inner)?.[1];
}

/** Every secret and variable the entry references, once each, in order of first appearance. */
export function entryReferences(entry: TemplateFields): EntryReference[] {
  const found = new Map<string, EntryReference>();
  for (const [where, text] of entryFields(entry)) {
    for (const [token, inner] of text.matchAll(TOKEN)) {
      const key = referenceKey(inner);
      if (key === undefined) continue;
      const known = found.get(key);
      if (known) {
        if (!known.where.includes(where)) known.where.push(where);
        continue;
      }
      const secret = key.startsWith('secret:');
      const fallback = secret ? undefined : VARIABLE.exec(inner)?.[2];
      found.set(key, {
        key,
        token,
        kind: secret ? 'secret' : 'variable',
        name: secret ? key.slice('secret:'.length) : key,
        ...(fallback !== undefined ? { fallback } : {}),
        where: [where],
      });
    }
  }
  return [...found.values()];
}
