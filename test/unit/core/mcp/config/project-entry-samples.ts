// A valid value for every row of the project-entry table, and two entries (a local and a remote
// server) that between them set every field, for the tests that attack through the table.
import type { ServerEntry } from '../../../../../shared/server-config';
import {
  PROJECT_ENTRY_FIELDS,
  type EntryFieldRule,
} from '../../../../../electron/core/mcp/config/project-entry-policy';

/** One schema-valid value per row (for `args[]`, `env.*`, `headers.*`: one item or one key). */
export const SAMPLES: Record<string, unknown> = {
  type: undefined, // set per entry: "stdio" or "http"
  command: 'node',
  'args[]': 'server-sample.js',
  'env.*': 'env-sample-value',
  cwd: 'sample-folder',
  url: 'https://mcp.example.com/sample',
  'headers.*': 'header-sample-value',
  timeout: 37,
  startupTimeout: 41,
  disabled: false,
  protocol: '2025-11-25',
  sandbox: { filesystem: { allowWrite: ['sample-folder'] }, network: { allowedDomains: [] } },
  bundle: 'sample-bundle@1.0.0',
  'userConfig.*': 'sample-setting',
  'oauth.clientId': 'sample-client',
  'oauth.clientSecret': '${secret:sample-client-secret}',
  'oauth.grant': 'jwt_bearer',
  'oauth.assertionFile': '/home/someone/.ssh/id_rsa',
  'oauth.assertionEnv': 'SAMPLE_WORKLOAD_JWT',
  'oauth.idpTokenEndpoint': 'https://idp.example.com/token',
  'oauth.idpClientId': 'sample-idp-client',
  'oauth.privateKey': '${secret:sample-private-key}',
  'oauth.privateKeyFile': '/home/someone/.ssh/sample.pem',
  'oauth.dpop': true,
  'oauth.signingAlgorithm': 'ES256',
  'oauth.scopes': ['sample.read', 'sample.write'],
  'oauth.callbackPort': 43123,
  'oauth.clientMetadataUrl': 'https://client.example.com/meta.json',
};

/** The key an `env.*` or `headers.*` sample is set under. */
export const SAMPLE_KEY: Record<string, string> = {
  'env.*': 'SAMPLE_VAR',
  'headers.*': 'X-Sample',
  'userConfig.*': 'sample_key',
};

/** The rows of an installed bundle's entry, which has no command: sampled in FULL_BUNDLE. */
const BUNDLE_ROWS = new Set(['bundle', 'userConfig.*']);

/** Sets `value` at the row's path in `entry` (a copy). */
export function withField(entry: ServerEntry, rule: EntryFieldRule, value: unknown): ServerEntry {
  const out = structuredClone(entry) as Record<string, unknown>;
  const path = rule.path;
  if (path.endsWith('[]')) out[path.slice(0, -2)] = [value];
  else if (path.endsWith('.*')) out[path.slice(0, -2)] = { [SAMPLE_KEY[path]]: value };
  else {
    const [head, leaf] = path.split('.');
    if (leaf === undefined) out[head] = value;
    else out[head] = { ...((out[head] as object) ?? {}), [leaf]: value };
  }
  return out as ServerEntry;
}

export const LOCAL: ServerEntry = { type: 'stdio', command: 'node' };
export const REMOTE: ServerEntry = { type: 'http', url: 'https://mcp.example.com/mcp' };

/** The entry a row is tried on: a local server for stdio fields, a remote one otherwise. */
export const baseFor = (rule: EntryFieldRule): ServerEntry =>
  rule.applies === 'stdio' ? LOCAL : REMOTE;

/** Every row of one kind set to its sample (`type` kept as the base entry's). */
function full(base: ServerEntry, applies: EntryFieldRule['applies']): ServerEntry {
  let entry = base;
  for (const rule of PROJECT_ENTRY_FIELDS)
    if (
      rule.path !== 'type' &&
      !BUNDLE_ROWS.has(rule.path) &&
      (rule.applies === applies || rule.applies === 'any')
    )
      entry = withField(entry, rule, SAMPLES[rule.path]);
  return entry;
}

/** A local server setting every stdio and common field; headers too, which a local server ignores. */
export const FULL_LOCAL = withField(
  full(LOCAL, 'stdio'),
  PROJECT_ENTRY_FIELDS.find((r) => r.path === 'headers.*')!,
  SAMPLES['headers.*'],
);
/** A remote server setting every remote and common field, the refused sign-in fields included. */
export const FULL_REMOTE = full(REMOTE, 'remote');

/** An installed bundle's entry with its settings. */
export const FULL_BUNDLE: ServerEntry = PROJECT_ENTRY_FIELDS.filter((r) =>
  BUNDLE_ROWS.has(r.path),
).reduce<ServerEntry>((entry, rule) => withField(entry, rule, SAMPLES[rule.path]), {
  type: 'stdio',
});

/** The line `lena mcp approve` prints for one value. */
export function approveLine(where: string, value: unknown): string {
  const text = Array.isArray(value)
    ? value.join(' ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  if (where.startsWith('env.')) return `env ${where.slice(4)}=${text}`;
  if (where.startsWith('headers.')) return `header ${where.slice(8)}: ${text}`;
  return `${where}: ${text}`;
}
