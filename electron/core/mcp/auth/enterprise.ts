// Enterprise-managed authorization (SEP-990, cross-app access): the user's ID token from the
// company's identity provider is exchanged there (RFC 8693 token exchange) for an ID-JAG, an
// assertion meant for the MCP server's authorization server, which Lena then trades with the JWT
// bearer grant (RFC 7523). Configured per entry:
// `"oauth": {"grant": "enterprise", "clientId", "clientSecret", "idpTokenEndpoint", "idpClientId",
// "assertionFile" | "assertionEnv"}` (where the ID token of the company sign-in is kept).
import * as oauth from 'oauth4webapi';
import type { OAuthSettings } from './client-identity';
import type { GrantContext } from './flow';
import type { StoredTokens } from './store';
import { AuthError } from './types';
import { jwtBearerGrant, workloadAssertion } from './workload-identity';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';

/** Exchanges the ID token at the identity provider for an ID-JAG for this authorization server and resource. */
export async function exchangeForIdJag(
  ctx: GrantContext,
  settings: OAuthSettings,
  scopes: string[] | undefined,
): Promise<string> {
  if (!settings.idpTokenEndpoint || !settings.idpClientId) {
    throw new AuthError(
      'token',
      'An "enterprise" entry needs "oauth.idpTokenEndpoint" and "oauth.idpClientId".',
      {
        hint: "Ask your company's identity team for the identity provider's token endpoint and Lena's client id there.",
      },
    );
  }
  const endpoint = new URL(settings.idpTokenEndpoint);
  const idp: oauth.AuthorizationServer = { issuer: endpoint.origin, token_endpoint: endpoint.href };
  const params = {
    subject_token: await workloadAssertion(settings),
    subject_token_type: ID_TOKEN,
    requested_token_type: ID_JAG,
    audience: ctx.as.issuer,
    resource: ctx.resource,
    ...(scopes?.length ? { scope: scopes.join(' ') } : {}),
  };
  const response = await oauth.genericTokenEndpointRequest(
    idp,
    { client_id: settings.idpClientId },
    oauth.None(),
    TOKEN_EXCHANGE,
    params,
    {
      [oauth.customFetch]: ctx.fetch,
      [oauth.allowInsecureRequests]: ctx.allowHttp,
    },
  );
  // Read directly: an ID-JAG answer's token_type is "N_A" (RFC 8693 §2.2.1), not an access token's.
  const body = (await response.json().catch(() => undefined)) as
    | {
        access_token?: unknown;
        issued_token_type?: unknown;
        error?: unknown;
        error_description?: unknown;
      }
    | undefined;
  if (
    response.status !== 200 ||
    typeof body?.access_token !== 'string' ||
    body.issued_token_type !== ID_JAG
  ) {
    const said =
      typeof body?.error === 'string'
        ? `${body.error}${typeof body.error_description === 'string' ? ` (${body.error_description})` : ''}`
        : `HTTP ${response.status}`;
    throw new AuthError(
      'token',
      `The identity provider at ${endpoint.origin} did not exchange the company sign-in for access to this server: ${said}.`,
      {
        hint: 'Sign in to your company account again (the ID token may have expired), or ask the identity team whether Lena may access this server.',
      },
    );
  }
  return body.access_token;
}

export async function enterpriseGrant(
  ctx: GrantContext,
  settings: OAuthSettings,
  scopes: string[] | undefined,
): Promise<StoredTokens> {
  const idJag = await exchangeForIdJag(ctx, settings, scopes);
  return jwtBearerGrant(
    ctx,
    { ...settings, assertionFile: undefined, assertionEnv: undefined, assertion: idJag },
    scopes,
  );
}
