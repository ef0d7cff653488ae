// One table for every field a server entry may set, saying how Lena treats it when the entry comes
// from a project's `.mcp.json` (written by whoever wrote the repository):
//   shown       shown in the approval as written; the approval is bound to it (the entry's hash)
//   references  shown, and each `${VAR}` or `${secret:NAME}` in it reaches the server only when the
//               user granted that reference to this project server
//   refused     a project entry may not set it: the server does not start, and the message says to
//               configure it in user scope
// plus the risk checks the approval runs on the field. The approval (permissions/approval-request.ts,
// risk-flags.ts), expansion (expand.ts, references.ts, oauth-reads.ts), the typo check
// (field-names.ts) and `lena mcp add --scope project` all read this table. A field of the entry
// schema (shared/config/server-entry-schema.ts) without a row here fails
// test/unit/core/mcp/config/project-entry-policy.test.ts: the sandbox, install and skills fields add
// their rows here, so no new field reaches a server around the approval.
export type FieldTreatment = 'shown' | 'references' | 'refused';

/**
 * Checks the approval runs on a field: `command-line` (sudo, rm -rf, curl | sh, shell strings and
 * metacharacters, key folders), `secret-path` (a key folder such as ~/.ssh in the value),
 * `loader-env` (a variable name that changes what code loads), `api-key` (a reference to the
 * Anthropic API key), `reads` (a file, variable or secret the sign-in reads, said in words),
 * `sandbox` (a policy that widens the default sandbox: writes to `~`, every domain, no sandbox).
 */
export type FieldRisk =
  'command-line' | 'secret-path' | 'loader-env' | 'api-key' | 'reads' | 'sandbox';

/** Where the approval shows a field. */
export type ApprovalGroup =
  'command' | 'args' | 'cwd' | 'env' | 'url' | 'headers' | 'oauth' | 'options';

export interface EntryFieldRule {
  /** `command`; `args[]` (each argument); `env.*` (each variable); `oauth.clientSecret`. */
  path: string;
  treatment: FieldTreatment;
  group: ApprovalGroup;
  /** Which entries Lena reads it for: a local (command) or a remote (url) server, or both. */
  applies: 'stdio' | 'remote' | 'any';
  risks: readonly FieldRisk[];
  /** What Lena does with what the field names or references, in words (sign-in fields). */
  use?: string;
  /** For a field naming a file or a variable outright: which it names. */
  reads?: 'file' | 'variable';
  /** Why a refused field is refused in a project entry. */
  refusal?: string;
}

const SIGN_IN_READS =
  "a project's .mcp.json may not make Lena read your files or environment variables for a sign-in";

const BUNDLE_REFUSAL =
  "a project's .mcp.json may not start a bundle installed in your Lena (it would run with the settings and secrets you gave it)";

const row = (
  path: string,
  treatment: FieldTreatment,
  group: ApprovalGroup,
  applies: EntryFieldRule['applies'],
  risks: readonly FieldRisk[] = [],
  more: Partial<EntryFieldRule> = {},
): EntryFieldRule => ({ path, treatment, group, applies, risks, ...more });

/** Every field of a server entry, in the order the approval and the expansion walk them. */
export const PROJECT_ENTRY_FIELDS: readonly EntryFieldRule[] = [
  row('type', 'shown', 'options', 'any'),
  row('command', 'references', 'command', 'stdio', ['command-line', 'api-key']),
  row('args[]', 'references', 'args', 'stdio', ['command-line', 'api-key']),
  row('env.*', 'references', 'env', 'stdio', ['secret-path', 'loader-env', 'api-key']),
  row('cwd', 'references', 'cwd', 'stdio', ['secret-path', 'api-key']),
  row('url', 'references', 'url', 'remote', ['api-key']),
  row('headers.*', 'references', 'headers', 'remote', ['api-key']),
  row('timeout', 'shown', 'options', 'any'),
  row('startupTimeout', 'shown', 'options', 'any'),
  row('disabled', 'shown', 'options', 'any'),
  row('protocol', 'shown', 'options', 'any'),
  row('sandbox', 'shown', 'options', 'stdio', ['sandbox']),
  row('bundle', 'refused', 'options', 'stdio', [], { refusal: BUNDLE_REFUSAL }),
  row('userConfig.*', 'refused', 'options', 'stdio', [], { refusal: BUNDLE_REFUSAL }),
  row('oauth.clientId', 'shown', 'oauth', 'remote'),
  row('oauth.clientSecret', 'references', 'oauth', 'remote', ['api-key', 'reads'], {
    use: "sends it to the authorization server as this client's secret",
  }),
  row('oauth.grant', 'shown', 'oauth', 'remote'),
  row('oauth.assertionFile', 'refused', 'oauth', 'remote', ['reads'], {
    reads: 'file',
    use: 'sends its content to the token endpoint as the workload token',
    refusal: SIGN_IN_READS,
  }),
  row('oauth.assertionEnv', 'refused', 'oauth', 'remote', ['api-key', 'reads'], {
    reads: 'variable',
    use: 'sends its value to the token endpoint as the workload token',
    refusal: SIGN_IN_READS,
  }),
  row('oauth.idpTokenEndpoint', 'shown', 'oauth', 'remote'),
  row('oauth.idpClientId', 'shown', 'oauth', 'remote'),
  row('oauth.privateKey', 'references', 'oauth', 'remote', ['api-key', 'reads'], {
    use: "signs the token requests with it as this client's private key",
  }),
  row('oauth.privateKeyFile', 'refused', 'oauth', 'remote', ['reads'], {
    reads: 'file',
    use: "signs the token requests with it as this client's private key",
    refusal: SIGN_IN_READS,
  }),
  row('oauth.dpop', 'shown', 'oauth', 'remote'),
  row('oauth.signingAlgorithm', 'shown', 'oauth', 'remote'),
  row('oauth.scopes', 'shown', 'oauth', 'remote'),
  row('oauth.callbackPort', 'shown', 'oauth', 'remote'),
  row('oauth.clientMetadataUrl', 'shown', 'oauth', 'remote'),
];

/** One value an entry sets, with the row that says how it is treated. */
export interface EntryValue {
  rule: EntryFieldRule;
  /** `args[2]`, `env.NAME`, `oauth.clientSecret`. */
  where: string;
  /** The variable or header name for `env.*` and `headers.*`, else the field's own name. */
  name: string;
  value: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function valueAt(entry: object, path: string): unknown {
  let current: unknown = entry;
  for (const part of path.split('.')) current = isRecord(current) ? current[part] : undefined;
  return current;
}

/** The top-level field names the table knows (`type`, `command`, …, `oauth`). */
export const ENTRY_FIELD_NAMES: readonly string[] = [
  ...new Set(PROJECT_ENTRY_FIELDS.map((r) => r.path.split(/[.[]/)[0])),
];

/** Every value the entry sets for a row of the table, in the table's order. */
export function entryValues(entry: object): EntryValue[] {
  const out: EntryValue[] = [];
  for (const rule of PROJECT_ENTRY_FIELDS) {
    if (rule.path.endsWith('[]')) {
      const base = rule.path.slice(0, -2);
      const list = valueAt(entry, base);
      if (Array.isArray(list))
        list.forEach((value, i) => out.push({ rule, where: `${base}[${i}]`, name: base, value }));
    } else if (rule.path.endsWith('.*')) {
      const base = rule.path.slice(0, -2);
      const map = valueAt(entry, base);
      if (isRecord(map))
        for (const [name, value] of Object.entries(map))
          out.push({ rule, where: `${base}.${name}`, name, value });
    } else {
      const value = valueAt(entry, rule.path);
      if (value !== undefined)
        out.push({ rule, where: rule.path, name: rule.path.split('.').pop() ?? '', value });
    }
  }
  return out;
}

/** Top-level fields of the entry the table does not know: kept in the file, never read by Lena. */
export function unknownFields(entry: object): [string, unknown][] {
  return Object.entries(entry).filter(
    ([key, value]) => value !== undefined && !ENTRY_FIELD_NAMES.includes(key),
  );
}

/** The text fields whose `${…}` references are granted one by one, with where each is. */
export function referenceFields(entry: object): [string, string][] {
  return entryValues(entry)
    .filter((v) => v.rule.treatment === 'references' && typeof v.value === 'string')
    .map((v) => [v.where, v.value as string]);
}

/** The refused fields a project entry sets, each with what it names. */
export function refusedFields(entry: object): EntryValue[] {
  return entryValues(entry).filter((v) => v.rule.treatment === 'refused');
}

/**
 * Why a project entry cannot be used, or undefined when it can: it sets a field refused in project
 * scope. The message names each field and says where to configure it instead.
 */
export function projectEntryRefusal(entry: object | undefined): string | undefined {
  const refused = entry ? refusedFields(entry) : [];
  if (refused.length === 0) return undefined;
  const named = refused
    .map((v) => {
      const what =
        v.rule.reads === 'file' ? 'the file' : v.rule.reads === 'variable' ? 'the variable' : '';
      return what ? `"${v.where}" (${what} ${String(v.value)})` : `"${v.where}"`;
    })
    .join(', ');
  const reasons = [...new Set(refused.map((v) => v.rule.refusal ?? 'a project may not set it'))];
  return (
    `sets ${named}: ${reasons.join('; ')}. ` +
    "Configure this server in user scope instead (lena mcp add --scope user, or Lena's mcp.json), where you choose what it reads"
  );
}
