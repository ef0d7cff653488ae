// The client credentials grant (the MCP authorization extension io.modelcontextprotocol/
// oauth-client-credentials, SEP-1046): a machine client with no user and no browser, configured
// per entry as `"oauth": {"grant": "client_credentials", "clientId": …, "clientSecret" | "privateKey": "${secret:…}"}`.
// It authenticates at the token endpoint with client_secret_basic (or _post, as the metadata
// allows) or with private_key_jwt (RFC 7523: an assertion signed with the entry's PKCS#8 key).
import { webcrypto } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as oauth from 'oauth4webapi';
import {
  chooseAuthMethod,
  describeOAuthError,
  identity,
  type ClientIdentity,
  type OAuthSettings,
} from './client-identity';
import { toStored, withNonceRetry, type GrantContext } from './flow';
import type { StoredTokens } from './store';
import { AuthError } from './types';

/** JWS algorithms Lena signs client assertions with, as WebCrypto import parameters. */
const SIGNING: Record<
  string,
  webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams | webcrypto.Algorithm
> = {
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
  ES384: { name: 'ECDSA', namedCurve: 'P-384' },
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  PS256: { name: 'RSA-PSS', hash: 'SHA-256' },
  EdDSA: { name: 'Ed25519' },
};

export const SIGNING_ALGORITHMS = Object.keys(SIGNING);

/** The algorithm for a key: the entry's, else the first the server supports that Lena can sign, else ES256. */
function signingAlgorithm(as: oauth.AuthorizationServer, configured: string | undefined): string {
  if (configured) return configured;
  return as.token_endpoint_auth_signing_alg_values_supported?.find((a) => a in SIGNING) ?? 'ES256';
}

/** Imports a PKCS#8 PEM private key for signing with `alg`; says what is wrong with a bad key. */
export async function importSigningKey(pem: string, alg: string): Promise<oauth.CryptoKey> {
  const params = SIGNING[alg];
  if (!params)
    throw new AuthError('token', `Lena cannot sign client assertions with ${alg}.`, {
      hint: `Set "oauth.signingAlgorithm" to one of ${SIGNING_ALGORITHMS.join(', ')}.`,
    });
  const body = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\s+/g, '');
  try {
    return (await webcrypto.subtle.importKey('pkcs8', Buffer.from(body, 'base64'), params, false, [
      'sign',
    ])) as oauth.CryptoKey;
  } catch (err) {
    throw new AuthError(
      'token',
      `The private key of this entry could not be read as a PKCS#8 ${alg} key (${(err as Error).message}).`,
      {
        hint: 'Store the key as a PEM "-----BEGIN PRIVATE KEY-----" block in the secret store and reference it as "oauth.privateKey": "${secret:NAME}".',
        cause: err,
      },
    );
  }
}

/** The entry's key file, read at each grant (so a rotated key is used at once). */
async function readKeyFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    throw new AuthError(
      'token',
      `The private key file ${file} could not be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`,
      {
        hint: 'Check "oauth.privateKeyFile": the path of a PKCS#8 PEM file readable by you (and only you).',
        cause: err,
      },
    );
  }
}

/** The machine client's identity: private_key_jwt with a key, else the secret as the metadata allows. */
export async function machineIdentity(
  as: oauth.AuthorizationServer,
  settings: OAuthSettings,
): Promise<ClientIdentity> {
  const clientId = settings.clientId;
  if (!clientId)
    throw new AuthError('registration', 'A client credentials entry needs "oauth.clientId".', {
      hint: 'Set the client id the authorization server issued to this machine client.',
    });
  const pem =
    settings.privateKey ??
    (settings.privateKeyFile ? await readKeyFile(settings.privateKeyFile) : undefined);
  if (pem) {
    const key = await importSigningKey(pem, signingAlgorithm(as, settings.signingAlgorithm));
    return {
      client: { client_id: clientId, token_endpoint_auth_method: 'private_key_jwt' },
      auth: oauth.PrivateKeyJwt(key),
      method: 'private_key_jwt',
      source: 'pre-registered',
    };
  }
  if (!settings.clientSecret)
    throw new AuthError(
      'registration',
      'A client credentials entry needs "oauth.clientSecret", "oauth.privateKey" or "oauth.privateKeyFile".',
      { hint: 'Reference the secret or key as "${secret:NAME}".' },
    );
  return identity(clientId, settings.clientSecret, chooseAuthMethod(as, true), 'pre-registered');
}

/** Asks the token endpoint for an access token with the client's own credentials. */
export async function clientCredentialsGrant(
  ctx: GrantContext,
  _settings: OAuthSettings,
  scopes: string[] | undefined,
): Promise<StoredTokens> {
  const params: Record<string, string> = {
    resource: ctx.resource,
    ...(scopes?.length ? { scope: scopes.join(' ') } : {}),
  };
  try {
    const options = {
      [oauth.customFetch]: ctx.fetch,
      [oauth.allowInsecureRequests]: ctx.allowHttp,
      ...(ctx.dpop ? { DPoP: ctx.dpop } : {}),
    };
    const res = await withNonceRetry(async () =>
      oauth.processClientCredentialsResponse(
        ctx.as,
        ctx.identity.client,
        await oauth.clientCredentialsGrantRequest(
          ctx.as,
          ctx.identity.client,
          ctx.identity.auth,
          params,
          options,
        ),
      ),
    );
    return toStored(ctx, res, undefined, scopes);
  } catch (err) {
    throw new AuthError(
      'token',
      `Getting a token with this entry's client credentials at ${ctx.as.issuer} failed: ${describeOAuthError(err)}.`,
      {
        hint: 'Check "oauth.clientId" and the secret or key it references, and that this client may use the client_credentials grant.',
        cause: err,
      },
    );
  }
}
