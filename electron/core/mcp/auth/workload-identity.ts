// Workload identity federation (RFC 7523 JWT bearer grant, the MCP extension SEP-1933): a machine
// that already holds a platform-issued JWT (a Kubernetes service-account token, a cloud's
// identity token) trades it for an access token, configured per entry as
// `"oauth": {"grant": "jwt_bearer", "clientId": …, "assertionFile": PATH | "assertionEnv": NAME}`.
// The JWT is read anew for every grant (platforms rotate the file). A refusal is reported as is:
// no retry, no other grant.
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

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The workload's JWT, from the configured file or environment variable. */
export async function workloadAssertion(
  settings: OAuthSettings & { assertion?: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  if (settings.assertion) return settings.assertion; // one obtained just now (enterprise.ts)
  if (settings.assertionFile) {
    try {
      return (await readFile(settings.assertionFile, 'utf8')).trim();
    } catch (err) {
      throw new AuthError(
        'token',
        `The workload token file ${settings.assertionFile} could not be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`,
        {
          hint: 'Check "oauth.assertionFile": the platform mounts the token there (for example a Kubernetes projected service-account token).',
          cause: err,
        },
      );
    }
  }
  const value = settings.assertionEnv ? env[settings.assertionEnv]?.trim() : undefined;
  if (value) return value;
  throw new AuthError(
    'token',
    settings.assertionEnv
      ? `The environment variable ${settings.assertionEnv} holds no workload token.`
      : 'A "jwt_bearer" entry needs "oauth.assertionFile" or "oauth.assertionEnv".',
    {
      hint: 'Point the entry at the file or variable where the platform puts the workload JWT.',
    },
  );
}

/** The client presenting the JWT: public unless the entry gives a secret. */
export function workloadIdentity(
  as: oauth.AuthorizationServer,
  settings: OAuthSettings,
): ClientIdentity {
  if (!settings.clientId)
    throw new AuthError('registration', 'A "jwt_bearer" entry needs "oauth.clientId".', {
      hint: 'Set the client id the authorization server knows this workload by.',
    });
  return identity(
    settings.clientId,
    settings.clientSecret,
    chooseAuthMethod(as, !!settings.clientSecret),
    'pre-registered',
  );
}

export async function jwtBearerGrant(
  ctx: GrantContext,
  settings: OAuthSettings & { assertion?: string },
  scopes: string[] | undefined,
): Promise<StoredTokens> {
  const params: Record<string, string> = {
    assertion: await workloadAssertion(settings),
    resource: ctx.resource,
    ...(scopes?.length ? { scope: scopes.join(' ') } : {}),
  };
  const options = {
    [oauth.customFetch]: ctx.fetch,
    [oauth.allowInsecureRequests]: ctx.allowHttp,
    ...(ctx.dpop ? { DPoP: ctx.dpop } : {}),
  };
  try {
    const res = await withNonceRetry(async () =>
      oauth.processGenericTokenEndpointResponse(
        ctx.as,
        ctx.identity.client,
        await oauth.genericTokenEndpointRequest(
          ctx.as,
          ctx.identity.client,
          ctx.identity.auth,
          JWT_BEARER,
          params,
          options,
        ),
      ),
    );
    return toStored(ctx, res, undefined, scopes);
  } catch (err) {
    throw new AuthError(
      'token',
      `Trading the workload token for an access token at ${ctx.as.issuer} failed: ${describeOAuthError(err)}.`,
      {
        hint: 'Check that the platform token is current and meant for this authorization server (its audience), and that "oauth.clientId" may use the JWT bearer grant.',
        cause: err,
      },
    );
  }
}
