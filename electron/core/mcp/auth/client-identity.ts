// Who Lena is to an authorization server, in the specification's order of preference:
// credentials the user pre-registered, else a Client ID Metadata Document (when the server
// supports it and a document URL is configured), else Dynamic Client Registration (RFC 7591),
// cached per authorization server. And how Lena authenticates at its token endpoint:
// client_secret_basic, client_secret_post or none, as the registration and metadata allow.
import type { OAuthEntry } from '../../../../shared/server-config';
import * as oauth from 'oauth4webapi';
import type { GuardedFetch } from './guarded-fetch';
import type { AuthStore, StoredClient } from './store';
import { AuthError } from './types';

/**
 * A server entry's `oauth` options (shared/config validates them), with `clientSecret` and
 * `privateKey` already expanded from their `${secret:…}` references.
 */
export type OAuthSettings = OAuthEntry;

export interface ClientIdentity {
  client: oauth.Client;
  auth: oauth.ClientAuth;
  method: 'client_secret_basic' | 'client_secret_post' | 'none' | 'private_key_jwt';
  source: 'pre-registered' | 'metadata-document' | 'registered' | 'cached';
}

export const CLIENT_NAME = 'Lena';

/** The token endpoint method for a client with (or without) a secret, as the metadata allows. */
export function chooseAuthMethod(
  as: oauth.AuthorizationServer,
  hasSecret: boolean,
  registered?: string,
): 'client_secret_basic' | 'client_secret_post' | 'none' {
  if (
    registered === 'client_secret_basic' ||
    registered === 'client_secret_post' ||
    registered === 'none'
  )
    return registered;
  if (!hasSecret) return 'none';
  const supported = as.token_endpoint_auth_methods_supported;
  // RFC 8414 §2: when the list is absent, client_secret_basic is the default.
  if (!supported || supported.includes('client_secret_basic')) return 'client_secret_basic';
  return supported.includes('client_secret_post') ? 'client_secret_post' : 'client_secret_basic';
}

// client_secret_basic with the WHATWG form encoding (RFC 6749 §2.3.1): oauth4webapi also escapes
// "-", "_", "." and "~", which authorization servers that skip the decoding step (the conformance
// suite's, and others in the wild) then fail to match; these characters need no escaping.
function secretBasic(secret: string): oauth.ClientAuth {
  const enc = (v: string): string => new URLSearchParams({ v }).toString().slice(2);
  return (_as, client, _body, headers) => {
    headers.set(
      'authorization',
      `Basic ${Buffer.from(`${enc(client.client_id)}:${enc(secret)}`).toString('base64')}`,
    );
  };
}

/** A client that authenticates with its secret (or not at all). */
export function identity(
  clientId: string,
  secret: string | undefined,
  method: 'client_secret_basic' | 'client_secret_post' | 'none',
  source: ClientIdentity['source'],
): ClientIdentity {
  const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: method };
  const auth =
    method === 'none' || !secret
      ? oauth.None()
      : method === 'client_secret_post'
        ? oauth.ClientSecretPost(secret)
        : secretBasic(secret);
  return { client, auth, method: !secret ? 'none' : method, source };
}

/** What Lena asks for when it registers itself: a public native client (RFC 8252) when allowed. */
function registrationMetadata(
  as: oauth.AuthorizationServer,
  redirectUri: string,
): Partial<oauth.OmitSymbolProperties<oauth.Client>> {
  const supported = as.token_endpoint_auth_methods_supported;
  const method =
    !supported || supported.includes('none')
      ? 'none'
      : supported.includes('client_secret_basic')
        ? 'client_secret_basic'
        : 'client_secret_post';
  return {
    client_name: CLIENT_NAME,
    // A desktop app with a loopback redirect is a native client (OIDC Registration, SEP-837).
    application_type: 'native',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: method,
    // No `scope`: a server may then refuse every other scope, and a step-up would be impossible.
  };
}

export interface ResolveClientInput {
  as: oauth.AuthorizationServer;
  settings: OAuthSettings;
  store: AuthStore;
  redirectUri: string;
  fetch: GuardedFetch;
  allowHttp: boolean;
  now: () => number;
}

export async function resolveClient(input: ResolveClientInput): Promise<ClientIdentity> {
  const { as, settings, store } = input;
  if (settings.clientId) {
    return identity(
      settings.clientId,
      settings.clientSecret,
      chooseAuthMethod(as, !!settings.clientSecret),
      'pre-registered',
    );
  }
  if (settings.clientMetadataUrl && as.client_id_metadata_document_supported === true) {
    return identity(settings.clientMetadataUrl, undefined, 'none', 'metadata-document');
  }
  const cached = await store.loadClient(as.issuer);
  if (
    cached &&
    (cached.secretExpiresAt === undefined || cached.secretExpiresAt > input.now() + 60_000)
  ) {
    return identity(
      cached.clientId,
      cached.clientSecret,
      chooseAuthMethod(as, !!cached.clientSecret, cached.tokenEndpointAuthMethod),
      'cached',
    );
  }
  if (!as.registration_endpoint) {
    throw new AuthError(
      'registration',
      `${as.issuer} does not let Lena register itself (no dynamic client registration), and this server's entry has no client id.`,
      {
        hint: `Register Lena with that authorization server (redirect URI ${input.redirectUri}) and set "oauth": {"clientId": …} in the server's entry.`,
      },
    );
  }
  let registered: oauth.OmitSymbolProperties<oauth.Client>;
  try {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      registrationMetadata(as, input.redirectUri),
      {
        [oauth.customFetch]: input.fetch,
        [oauth.allowInsecureRequests]: input.allowHttp,
      },
    );
    registered = await readRegistration(response);
  } catch (err) {
    throw new AuthError(
      'registration',
      `Registering Lena with ${as.issuer} failed: ${describeOAuthError(err)}.`,
      {
        hint: 'Set a pre-registered "oauth": {"clientId": …} in the server entry if this server does not allow registration.',
        cause: err,
      },
    );
  }
  const secret =
    typeof registered.client_secret === 'string' ? registered.client_secret : undefined;
  const expires =
    typeof registered.client_secret_expires_at === 'number' &&
    registered.client_secret_expires_at > 0
      ? registered.client_secret_expires_at * 1000
      : undefined;
  const stored: StoredClient = {
    issuer: as.issuer,
    clientId: registered.client_id,
    ...(secret ? { clientSecret: secret } : {}),
    ...(typeof registered.token_endpoint_auth_method === 'string'
      ? { tokenEndpointAuthMethod: registered.token_endpoint_auth_method }
      : {}),
    redirectUris: [input.redirectUri],
    ...(expires ? { secretExpiresAt: expires } : {}),
  };
  await store.saveClient(stored);
  return identity(
    stored.clientId,
    secret,
    chooseAuthMethod(as, !!secret, stored.tokenEndpointAuthMethod),
    'registered',
  );
}

// RFC 7591 §3.2.1 makes client_secret_expires_at required with a secret, and oauth4webapi insists;
// many servers (the conformance suite's among them) omit it. Lena reads the answer itself and
// takes a missing expiry as "does not expire", the RFC's meaning of 0.
async function readRegistration(
  response: Response,
): Promise<oauth.OmitSymbolProperties<oauth.Client>> {
  const body = (await response.json().catch(() => undefined)) as
    Record<string, unknown> | undefined;
  if (response.status !== 201 && response.status !== 200) {
    const error =
      typeof body?.error === 'string'
        ? ` ${body.error}${typeof body.error_description === 'string' ? ` (${body.error_description})` : ''}`
        : '';
    throw new AuthError('registration', `the server answered HTTP ${response.status}${error}`);
  }
  if (!body || typeof body.client_id !== 'string' || body.client_id === '')
    throw new AuthError('registration', 'the answer has no client_id');
  return body as oauth.OmitSymbolProperties<oauth.Client>;
}

/** oauth4webapi's errors in words: the server's `error` and description when it sent them. */
export function describeOAuthError(err: unknown): string {
  if (err instanceof oauth.ResponseBodyError) {
    return `the server answered ${err.status} ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`;
  }
  if (err instanceof oauth.AuthorizationResponseError) {
    return `${err.error}${err.error_description ? ` (${err.error_description})` : ''}`;
  }
  if (err instanceof AuthError) return err.message.replace(/\.$/, '');
  if (err instanceof oauth.OperationProcessingError) {
    const status = (err.cause as Response | undefined)?.status;
    return `${err.message.replace(/"/g, '')}${typeof status === 'number' ? ` (HTTP ${status})` : ''}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * The identity that tokens were issued to, for refreshing or revoking them without registering
 * anew (a new registration could not use the old refresh token). Undefined when it is gone.
 */
export async function reuseClient(
  as: oauth.AuthorizationServer,
  settings: OAuthSettings,
  store: AuthStore,
  clientId: string,
): Promise<ClientIdentity | undefined> {
  if (settings.clientId === clientId)
    return identity(
      clientId,
      settings.clientSecret,
      chooseAuthMethod(as, !!settings.clientSecret),
      'pre-registered',
    );
  if (settings.clientMetadataUrl === clientId)
    return identity(clientId, undefined, 'none', 'metadata-document');
  const cached = await store.loadClient(as.issuer);
  if (cached?.clientId !== clientId) return undefined;
  return identity(
    cached.clientId,
    cached.clientSecret,
    chooseAuthMethod(as, !!cached.clientSecret, cached.tokenEndpointAuthMethod),
    'cached',
  );
}
