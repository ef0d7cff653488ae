// Field names of a server entry that are probably typos (`comand`, `Args`, `startup_timeout`,
// `enviroment`): unknown fields are kept and ignored, so without a warning the
// mistake would go unnoticed. The known fields are the project-entry table's, which a test keeps
// equal to the entry schema's, so a field added there (`protocol`, `oauth`, `sandbox`, …) is known
// here too.
import type { ConfigIssue } from '../../../../shared/server-config';
import type { EntryLocator } from '../../../../shared/config/server-entry-schema';
import { editDistance as distance } from '../../base/edit-distance';
import { ENTRY_FIELD_NAMES } from './project-entry-policy';

/** The entry's fields, from the project-entry table (one list of what an entry may set). */
const KNOWN = ENTRY_FIELD_NAMES;
const squash = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
/** The same letters in another order (`evn`, `agrs`): a swap is one slip of the fingers. */
const anagram = (a: string, b: string) =>
  [...a.toLowerCase()].sort().join('') === [...b.toLowerCase()].sort().join('');

/** Warnings for the unknown fields of `raw` that are close to a known one. */
export function misspeltFields(
  file: string,
  server: string,
  raw: unknown,
  locate: EntryLocator,
): ConfigIssue[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
  const present = new Set(Object.keys(raw));
  const issues: ConfigIssue[] = [];
  for (const field of present) {
    if (KNOWN.includes(field)) continue;
    const near = KNOWN.find(
      (k) =>
        !present.has(k) &&
        (squash(k) === squash(field) ||
          anagram(k, field) ||
          (k.length >= 3 && squash(field).startsWith(squash(k))) ||
          distance(k.toLowerCase(), field.toLowerCase()) <= (k.length > 4 ? 2 : 1)),
    );
    if (!near) continue; // a field of another app, or of a later Lena: kept, not flagged
    const at = locate(field);
    issues.push({
      file,
      server,
      field,
      ...(at ?? {}),
      message: `${file}${at ? `:${at.line}:${at.column}` : ''}: server "${server}" has a field "${field}", which Lena ignores; did you mean "${near}"?`,
    });
  }
  return issues;
}
