// The `oauth` fields that make Lena read something of the user's and send it (or sign with it) to
// a server's authorization server: a file, an environment variable, a secret. Which fields those
// are, and which a project entry may not set at all, is the project-entry table's (a project entry
// naming `~/.ssh/id_rsa` or `$ANTHROPIC_API_KEY` would post it on the first 401); secrets reach a
// project server only as `${…}` references the user granted one by one.
import type { OAuthEntry } from '../../../../shared/server-config';
import { entryReferences } from './references';
import { entryValues, PROJECT_ENTRY_FIELDS } from './project-entry-policy';

/** One thing an `oauth` block makes Lena read. */
export interface OAuthRead {
  /** `oauth.assertionFile`, `oauth.clientSecret`, … */
  where: string;
  kind: 'file' | 'variable' | 'reference';
  /** The path, the variable's name, or the `${…}` reference as written. */
  target: string;
  /** True when a project entry may not set it at all (files and variables named outright). */
  refusedInProject: boolean;
  /** In words, for the approval: what is read and where it goes. */
  message: string;
}

const useOf = new Map(PROJECT_ENTRY_FIELDS.map((r) => [r.path, r.use ?? '']));

/** What the `oauth` block reads: each file, variable and reference, in the block's order. */
export function oauthReads(oauth: OAuthEntry | undefined): OAuthRead[] {
  if (!oauth) return [];
  const reads: OAuthRead[] = [];
  const values = entryValues({ oauth }).filter((v) => v.rule.risks.includes('reads'));
  for (const { rule, where, value } of values) {
    if (rule.reads === undefined || typeof value !== 'string') continue;
    const what =
      rule.reads === 'file'
        ? `reads the file ${value}`
        : `reads your environment variable ${value}`;
    const refused = rule.treatment === 'refused';
    reads.push({
      where,
      kind: rule.reads,
      target: value,
      refusedInProject: refused,
      message: `${what} and ${rule.use ?? 'uses it for the sign-in'}${refused ? '; refused in a project entry' : ''}`,
    });
  }
  // Only the fields whose references are granted one by one: their `${…}` are what is read.
  const referenced = Object.fromEntries(
    values
      .filter((v) => v.rule.treatment === 'references')
      .map((v) => [v.where.slice('oauth.'.length), v.value]),
  ) as OAuthEntry;
  for (const ref of entryReferences({ oauth: referenced })) {
    const what =
      ref.kind === 'secret'
        ? `reads the secret ${ref.name}`
        : `reads your environment variable ${ref.name}`;
    for (const where of ref.where) {
      reads.push({
        where,
        kind: 'reference',
        target: ref.token,
        refusedInProject: false,
        message: `${what} and ${useOf.get(where) ?? 'uses it for the sign-in'}; grant it only if it is this server's own`,
      });
    }
  }
  return reads;
}
