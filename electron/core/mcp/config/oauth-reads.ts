// The `oauth` fields that make Lena read something of the user's and send it (or sign with it) to
// a server's authorization server: a file, an environment variable, a secret. A project's
// `.mcp.json` is written by whoever wrote the repository, so in a project entry the file- and
// variable-reading fields are refused (they would post `~/.ssh/id_rsa` or `$ANTHROPIC_API_KEY` on
// the first 401); secrets reach it only as `${…}` references the user granted one by one.
import type { OAuthEntry } from '../../../../shared/server-config';
import { entryReferences } from './references';

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

/** Fields that name a file or a variable outright (no `${…}`), and what Lena does with it. */
const DIRECT: readonly {
  field: 'assertionFile' | 'assertionEnv' | 'privateKeyFile';
  kind: 'file' | 'variable';
  use: string;
}[] = [
  {
    field: 'assertionFile',
    kind: 'file',
    use: 'sends its content to the token endpoint as the workload token',
  },
  {
    field: 'assertionEnv',
    kind: 'variable',
    use: 'sends its value to the token endpoint as the workload token',
  },
  {
    field: 'privateKeyFile',
    kind: 'file',
    use: "signs the token requests with it as this client's private key",
  },
];

/** What the `oauth` block reads: each file, variable and reference, in the block's order. */
export function oauthReads(oauth: OAuthEntry | undefined): OAuthRead[] {
  if (!oauth) return [];
  const reads: OAuthRead[] = [];
  for (const { field, kind, use } of DIRECT) {
    const target = oauth[field];
    if (typeof target !== 'string') continue;
    const what =
      kind === 'file' ? `reads the file ${target}` : `reads your environment variable ${target}`;
    reads.push({
      where: `oauth.${field}`,
      kind,
      target,
      refusedInProject: true,
      message: `${what} and ${use}; refused in a project entry`,
    });
  }
  for (const ref of entryReferences({
    oauth: { clientSecret: oauth.clientSecret, privateKey: oauth.privateKey },
  })) {
    const what =
      ref.kind === 'secret'
        ? `reads the secret ${ref.name}`
        : `reads your environment variable ${ref.name}`;
    for (const where of ref.where) {
      const use =
        where === 'oauth.privateKey'
          ? "signs the token requests with it as this client's private key"
          : "sends it to the authorization server as this client's secret";
      reads.push({
        where,
        kind: 'reference',
        target: ref.token,
        refusedInProject: false,
        message: `${what} and ${use}; grant it only if it is this server's own`,
      });
    }
  }
  return reads;
}

/**
 * Why a project entry's `oauth` block cannot be used, or undefined when it can: it names a file or
 * a variable for Lena to read. The message says where to configure it instead.
 */
export function projectOAuthRefusal(oauth: OAuthEntry | undefined): string | undefined {
  const refused = oauthReads(oauth).filter((r) => r.refusedInProject);
  if (refused.length === 0) return undefined;
  const named = refused
    .map((r) => `"${r.where}" (${r.kind === 'file' ? 'the file' : 'the variable'} ${r.target})`)
    .join(', ');
  return (
    `sets ${named}: a project's .mcp.json may not make Lena read your files or environment variables for a sign-in. ` +
    "Configure this server in user scope instead (lena mcp add --scope user, or Lena's mcp.json), where you choose what it reads"
  );
}
