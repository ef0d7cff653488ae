// The grants, with oauth4webapi doing the OAuth mechanics: authorization code with PKCE S256, the
// `resource` parameter (RFC 8707) on the authorization and token requests, `state` checked and the
// `iss` response parameter validated (RFC 9207) against the metadata's issuer; refresh; revocation.
import * as oauth from 'oauth4webapi';
import { describeOAuthError, type ClientIdentity } from './client-identity';
import type { GuardedFetch } from './guarded-fetch';
import type { LoopbackRedirect } from './loopback';
import type { StoredTokens } from './store';
import { AuthError } from './types';

export interface GrantContext {
  as: oauth.AuthorizationServer;
  identity: ClientIdentity;
  resource: string;
  fetch: GuardedFetch;
  allowHttp: boolean;
  now: () => number;
  /** Binds the tokens to Lena's DPoP key (dpop.ts) where the authorization server supports it. */
  dpop?: oauth.DPoPHandle;
}

export interface AuthorizeInput extends GrantContext {
  scopes: string[] | undefined;
  redirect: LoopbackRedirect;
  /** Opens the authorization URL in the user's browser (or prints it). */
  open(url: URL): Promise<void>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Metadata was found (not the 2025-03-26 defaults): PKCE support must then be advertised. */
  requirePkceMetadata: boolean;
  /**
   * The pasted fallback (`lena mcp login --no-browser`): resolves with what the user pasted (the
   * address the browser ended on, or the bare code); whichever of it and the redirect comes first wins.
   */
  paste?: (signal: AbortSignal) => Promise<string>;
}

/**
 * A pasted authorization response as the redirect's parameters: the address the browser ended on
 * (its `state` must be this sign-in's), or the bare code a page showed, which the user vouches for.
 */
export function pastedResponse(
  text: string,
  state: string,
  as: oauth.AuthorizationServer,
): URLSearchParams {
  const t = text.trim();
  if (!t)
    throw new AuthError('consent', 'Nothing was pasted.', {
      hint: 'Paste the address the browser ended on after signing in (or the code it shows), then press Enter.',
    });
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t) || /[?&](code|error)=/.test(t)) {
    const query = t.includes('?') ? t.slice(t.indexOf('?') + 1).split('#')[0] : t;
    const params = new URLSearchParams(query);
    if (!params.has('code') && !params.has('error'))
      throw new AuthError(
        'consent',
        'The pasted address has no "code" (nor "error") parameter: it is not where the sign-in ended.',
        { hint: "Paste the whole address from the browser's address bar after signing in." },
      );
    if (params.get('state') !== state) {
      throw new AuthError(
        'consent',
        'The pasted address belongs to another sign-in: its "state" does not match this one, so Lena refused it.',
        {
          hint: 'Paste the address the browser shows after this sign-in (the URL printed above), not an older one.',
        },
      );
    }
    return params;
  }
  if (/\s/.test(t))
    throw new AuthError(
      'consent',
      'The pasted text is neither an address nor a code (it contains spaces).',
      { hint: 'Paste the address the browser ended on, or just the code.' },
    );
  return new URLSearchParams({
    code: t,
    state,
    ...(as.authorization_response_iss_parameter_supported ? { iss: as.issuer } : {}),
  });
}

function options(
  ctx: GrantContext,
  extra: Record<string, string> = {},
): oauth.TokenEndpointRequestOptions {
  return {
    [oauth.customFetch]: ctx.fetch,
    [oauth.allowInsecureRequests]: ctx.allowHttp,
    additionalParameters: { resource: ctx.resource, ...extra },
    ...(ctx.dpop ? { DPoP: ctx.dpop } : {}),
  };
}

/** A token request, repeated once when the server asks for its DPoP nonce (RFC 9449 §8; the handle kept it). */
export async function withNonceRetry<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (!oauth.isDPoPNonceError(err)) throw err;
    return request();
  }
}

/** The token response as stored: expiry in epoch ms, scopes as a list, the account if known. */
export function toStored(
  ctx: GrantContext,
  res: oauth.TokenEndpointResponse,
  previous?: StoredTokens,
  requested?: string[],
): StoredTokens {
  const claims = oauth.getValidatedIdTokenClaims(res);
  const account =
    typeof claims?.email === 'string'
      ? claims.email
      : typeof claims?.name === 'string'
        ? claims.name
        : previous?.account;
  const scope =
    typeof res.scope === 'string'
      ? res.scope.split(/\s+/).filter(Boolean)
      : (requested ?? previous?.scope);
  return {
    issuer: ctx.as.issuer,
    resource: ctx.resource,
    clientId: ctx.identity.client.client_id,
    accessToken: res.access_token,
    tokenType: res.token_type,
    ...(res.refresh_token
      ? { refreshToken: res.refresh_token }
      : previous?.refreshToken
        ? { refreshToken: previous.refreshToken }
        : {}),
    ...(typeof res.expires_in === 'number'
      ? { expiresAt: ctx.now() + res.expires_in * 1000, issuedAt: ctx.now() }
      : {}),
    ...(scope?.length ? { scope } : {}),
    ...(account ? { account } : {}),
  };
}

/** Builds the authorization URL (exported for tests). */
export function authorizationUrl(
  as: oauth.AuthorizationServer,
  clientId: string,
  p: { redirectUri: string; challenge: string; state: string; scopes?: string[]; resource: string },
): URL {
  if (!as.authorization_endpoint)
    throw new AuthError('discovery', `${as.issuer} names no authorization endpoint.`);
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', p.redirectUri);
  url.searchParams.set('code_challenge', p.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', p.state);
  if (p.scopes?.length) url.searchParams.set('scope', p.scopes.join(' '));
  url.searchParams.set('resource', p.resource);
  return url;
}

// Long: the OAuth code flow in the specification's order, its checks in between.
export async function authorizeWithCode(input: AuthorizeInput): Promise<StoredTokens> {
  const { as, identity } = input;
  const methods = as.code_challenge_methods_supported;
  if (input.requirePkceMetadata && !methods?.includes('S256')) {
    throw new AuthError(
      'discovery',
      `${as.issuer} does not advertise PKCE with S256 (code_challenge_methods_supported is ${methods ? JSON.stringify(methods) : 'missing'}); Lena will not sign in without it.`,
      {
        hint: 'Tell the server operator: the MCP authorization specification requires PKCE S256.',
      },
    );
  }
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = authorizationUrl(as, identity.client.client_id, {
    redirectUri: input.redirect.redirectUri,
    challenge: await oauth.calculatePKCECodeChallenge(verifier),
    state,
    scopes: input.scopes,
    resource: input.resource,
  });
  // Once one answer arrived (redirect or paste), the other wait ends, and with it its timer.
  const settled = new AbortController();
  const callback = input.redirect.wait(
    input.timeoutMs,
    input.signal ? AbortSignal.any([input.signal, settled.signal]) : settled.signal,
  );
  callback.catch(() => undefined); // observed below; avoid an unhandled rejection while opening
  try {
    await input.open(url);
  } catch (err) {
    settled.abort();
    throw err;
  }
  const pasted = input.paste
    ? input.paste(settled.signal).then((text) => pastedResponse(text, state, as))
    : undefined;
  pasted?.catch(() => undefined);
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(
      as,
      identity.client,
      await (pasted ? Promise.race([callback, pasted]) : callback),
      state,
    );
  } catch (err) {
    if (err instanceof AuthError) throw err;
    const denied = err instanceof oauth.AuthorizationResponseError && err.error === 'access_denied';
    throw new AuthError(
      'consent',
      `${denied ? 'Sign-in was declined' : 'The sign-in response was refused'}: ${describeOAuthError(err)}.`,
      {
        hint: denied
          ? 'Sign in again and allow Lena access.'
          : 'Try Sign in again; if it keeps failing, the authorization server may be misconfigured.',
        cause: err,
      },
    );
  } finally {
    settled.abort();
  }
  try {
    const res = await withNonceRetry(async () =>
      oauth.processAuthorizationCodeResponse(
        as,
        identity.client,
        await oauth.authorizationCodeGrantRequest(
          as,
          identity.client,
          identity.auth,
          params,
          input.redirect.redirectUri,
          verifier,
          options(input),
        ),
      ),
    );
    return toStored(input, res, undefined, input.scopes);
  } catch (err) {
    throw new AuthError(
      'token',
      `Exchanging the sign-in code at ${as.issuer} failed: ${describeOAuthError(err)}.`,
      {
        hint: 'Try Sign in again; if the server rejects Lena\'s client, check "oauth.clientId"/"clientSecret" in the entry.',
        cause: err,
      },
    );
  }
}

export async function refreshTokens(
  ctx: GrantContext,
  previous: StoredTokens,
): Promise<StoredTokens> {
  if (!previous.refreshToken)
    throw new AuthError('refresh', 'There is no refresh token; sign in again.');
  try {
    const token = previous.refreshToken;
    const res = await withNonceRetry(async () =>
      oauth.processRefreshTokenResponse(
        ctx.as,
        ctx.identity.client,
        await oauth.refreshTokenGrantRequest(
          ctx.as,
          ctx.identity.client,
          ctx.identity.auth,
          token,
          options(ctx),
        ),
      ),
    );
    return toStored(ctx, res, previous);
  } catch (err) {
    throw new AuthError(
      'refresh',
      `Refreshing the sign-in at ${ctx.as.issuer} failed: ${describeOAuthError(err)}.`,
      { hint: 'Sign in again.', cause: err },
    );
  }
}

/**
 * Whether a failed refresh was the server refusing the grant (invalid_grant…): then the tokens are
 * dead. A network failure or a 5xx is not a refusal, and the tokens are kept for the next try.
 */
export function refreshRefused(err: unknown): boolean {
  const cause = (err as { cause?: unknown } | null)?.cause;
  return cause instanceof oauth.ResponseBodyError && cause.status >= 400 && cause.status < 500;
}

/** Best-effort revocation (RFC 7009) of the refresh token, then the access token. */
export async function revokeTokens(ctx: GrantContext, tokens: StoredTokens): Promise<boolean> {
  if (!ctx.as.revocation_endpoint) return false;
  const opts = { [oauth.customFetch]: ctx.fetch, [oauth.allowInsecureRequests]: ctx.allowHttp };
  for (const token of [tokens.refreshToken, tokens.accessToken]) {
    if (!token) continue;
    const response = await oauth.revocationRequest(
      ctx.as,
      ctx.identity.client,
      ctx.identity.auth,
      token,
      opts,
    );
    await oauth.processRevocationResponse(response);
  }
  return true;
}
