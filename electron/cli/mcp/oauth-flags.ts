// `lena mcp add`'s sign-in flags (issues 20 and 21): a remote server's `oauth` object, from a
// pre-registered client to the machine and enterprise grants and DPoP. Secrets and keys are only
// ever references (`${secret:NAME}`) or key file paths: the entry schema refuses a secret in clear,
// so nothing secret lands in mcp.json (nor, through this, in the shell's history).
import type { OAuthEntry } from '../../../shared/server-config';
import { flag, type FlagSpec, type ParsedArgs } from '../args';
import { UsageError } from '../errors';

/** The flag of each `oauth` field that takes a string as it is (the schema checks each). */
const TEXT: [string, keyof OAuthEntry, string, string][] = [
  [
    '--client-id',
    'clientId',
    'ID',
    'a client registered in advance (or the machine client of --grant client_credentials)',
  ],
  [
    '--client-secret',
    'clientSecret',
    '${secret:NAME}',
    "its secret, as a reference to Lena's secret store (never the secret itself)",
  ],
  [
    '--private-key',
    'privateKey',
    '${secret:NAME}',
    'private_key_jwt: a PKCS#8 PEM key kept in the secret store',
  ],
  [
    '--private-key-file',
    'privateKeyFile',
    'FILE',
    'private_key_jwt: the path of a PKCS#8 PEM key file (read at each grant)',
  ],
  [
    '--signing-alg',
    'signingAlgorithm',
    'ALG',
    "the key's algorithm: ES256, ES384, RS256, PS256 or EdDSA",
  ],
  [
    '--assertion-file',
    'assertionFile',
    'FILE',
    'jwt_bearer/enterprise: the file holding the workload (or company ID) token',
  ],
  [
    '--assertion-env',
    'assertionEnv',
    'VAR',
    'jwt_bearer/enterprise: or the environment variable holding it',
  ],
  [
    '--idp-token-endpoint',
    'idpTokenEndpoint',
    'URL',
    "enterprise: the company identity provider's token endpoint",
  ],
  ['--idp-client-id', 'idpClientId', 'ID', "enterprise: Lena's client id at the identity provider"],
  [
    '--client-metadata-url',
    'clientMetadataUrl',
    'URL',
    'an https Client ID Metadata Document, where the server supports it',
  ],
];

export const OAUTH_FLAGS: FlagSpec[] = [
  {
    name: '--grant',
    value: 'authorization_code|client_credentials|jwt_bearer|enterprise',
    help: 'how Lena gets tokens (default: sign in in the browser when the server asks)',
  },
  ...TEXT.map(([name, , value, help]) => ({ name, value, help })),
  {
    name: '--oauth-scopes',
    value: '"A B"',
    help: 'the scopes to ask for (default: what the server asks for)',
  },
  {
    name: '--callback-port',
    value: 'PORT',
    help: 'a fixed port for the sign-in redirect (when the client was registered with one)',
  },
  {
    name: '--dpop',
    value: 'on|off',
    help: 'bind tokens with DPoP always (on) or never (off); default: where the server offers it',
  },
];

/** The `oauth` object the flags give, or undefined when none was given. */
export function oauthFrom(args: ParsedArgs): OAuthEntry | undefined {
  const out: Record<string, unknown> = {};
  const grant = flag(args, '--grant');
  if (grant !== undefined) out.grant = grant;
  for (const [name, key] of TEXT) {
    const v = flag(args, name);
    if (v !== undefined) out[key] = v;
  }
  const scopes = flag(args, '--oauth-scopes');
  if (scopes !== undefined) out.scopes = scopes.split(/[\s,]+/).filter(Boolean);
  const port = flag(args, '--callback-port');
  if (port !== undefined) {
    if (!/^\d+$/.test(port))
      throw new UsageError(`--callback-port must be a port number (got "${port}")`);
    out.callbackPort = Number(port);
  }
  const dpop = flag(args, '--dpop');
  if (dpop !== undefined) {
    if (dpop !== 'on' && dpop !== 'off')
      throw new UsageError(
        `--dpop must be on or off (got "${dpop}"); leave it out to use DPoP where the server offers it`,
      );
    out.dpop = dpop === 'on';
  }
  return Object.keys(out).length ? (out as OAuthEntry) : undefined;
}

/** Whether any sign-in flag was given (a local server takes none). */
export function hasOAuthFlags(args: ParsedArgs): boolean {
  return OAUTH_FLAGS.some((f) => args.flags.has(f.name));
}
