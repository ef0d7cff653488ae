// Finding the authorization server, in the order the MCP authorization specification gives
// (2025-11-25 and 2026-07-28): Protected Resource Metadata (RFC 9728) from the challenge's
// `resource_metadata`, else the path-based and then the root well-known URI; then the
// authorization server's metadata (RFC 8414 and OpenID Connect discovery, path-aware). A server
// with no resource metadata is a 2025-03-26 server: its origin is the authorization server, whose
// metadata sits at the root, with /authorize, /token and /register as the last resort.
import * as oauth from 'oauth4webapi';
import type { GuardedFetch } from './guarded-fetch';
import { AuthError, type BearerChallenge } from './types';

export interface ResourceMetadata {
  resource: string;
  authorization_servers?: string[];
  scopes_supported?: string[];
}

export interface Discovered {
  /** The `resource` parameter (RFC 8707): the metadata's resource, or the server URL itself. */
  resource: string;
  prm: ResourceMetadata | undefined;
  as: oauth.AuthorizationServer;
  /** No resource metadata: found by the 2025-03-26 rules. */
  legacy: boolean;
}

/** The server URL without fragment (and with the default path), as RFC 8707 wants a resource. */
export function canonicalResource(serverUrl: URL): string {
  const u = new URL(serverUrl.href);
  u.hash = '';
  return u.href;
}

const trimSlash = (p: string): string => (p.endsWith('/') ? p.slice(0, -1) : p);

/**
 * RFC 9728 §3.3 wants the metadata's resource to be the URL the client asked; MCP servers often
 * name their origin or a prefix of the path (the rule draft-ietf-oauth-rfc9728bis adopts): same
 * origin, and a path that is a prefix of the server's path on a segment boundary.
 */
export function resourceMatches(resource: string, serverUrl: URL): boolean {
  let r: URL;
  try {
    r = new URL(resource);
  } catch {
    return false;
  }
  if (r.origin !== serverUrl.origin) return false;
  const rp = trimSlash(r.pathname);
  const sp = trimSlash(serverUrl.pathname);
  return rp === '' || sp === rp || sp.startsWith(`${rp}/`);
}

async function getJson(
  fetch: GuardedFetch,
  url: URL,
): Promise<{ status: number; json?: unknown; response: Response }> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    redirect: 'follow',
  });
  if (response.status !== 200) return { status: response.status, response };
  try {
    return { status: 200, json: await response.clone().json(), response };
  } catch {
    return { status: 200, response };
  }
}

/** The Protected Resource Metadata candidates, in the specification's order. */
export function resourceMetadataUrls(
  serverUrl: URL,
  challenge: BearerChallenge | undefined,
): URL[] {
  const urls: URL[] = [];
  if (challenge?.resourceMetadata) {
    try {
      urls.push(new URL(challenge.resourceMetadata, serverUrl));
    } catch {
      // an unusable hint: fall through to the well-known URIs
    }
  }
  const path = trimSlash(serverUrl.pathname);
  if (path) urls.push(new URL(`/.well-known/oauth-protected-resource${path}`, serverUrl.origin));
  urls.push(new URL('/.well-known/oauth-protected-resource', serverUrl.origin));
  return urls;
}

export async function discoverResource(
  fetch: GuardedFetch,
  serverUrl: URL,
  challenge: BearerChallenge | undefined,
): Promise<ResourceMetadata | undefined> {
  for (const url of resourceMetadataUrls(serverUrl, challenge)) {
    const { status, json } = await getJson(fetch, url);
    if (status >= 400 && status < 500) continue;
    if (status !== 200)
      throw new AuthError(
        'discovery',
        `Reading the resource metadata at ${url.origin}${url.pathname} failed: HTTP ${status}.`,
        { hint: 'The server may be down; try again later.' },
      );
    const prm = json as ResourceMetadata | undefined;
    if (!prm || typeof prm.resource !== 'string') {
      throw new AuthError(
        'discovery',
        `The resource metadata at ${url.origin}${url.pathname} is not valid JSON with a "resource".`,
      );
    }
    if (!resourceMatches(prm.resource, serverUrl)) {
      throw new AuthError(
        'discovery',
        `Refused the resource metadata at ${url.origin}${url.pathname}: it describes ${prm.resource}, not ${serverUrl.origin}${serverUrl.pathname}.`,
        {
          hint: 'A token for another resource must not be obtained or used here; check the server URL, or tell its operator.',
        },
      );
    }
    return prm;
  }
  return undefined;
}

/** Authorization server metadata URLs for an issuer, path-aware, in the specification's order. */
export function authorizationServerMetadataUrls(issuer: URL): URL[] {
  const path = trimSlash(issuer.pathname);
  const at = (p: string): URL => new URL(p, issuer.origin);
  if (!path)
    return [at('/.well-known/oauth-authorization-server'), at('/.well-known/openid-configuration')];
  return [
    at(`/.well-known/oauth-authorization-server${path}`),
    at(`/.well-known/openid-configuration${path}`),
    at(`${path}/.well-known/openid-configuration`),
  ];
}

async function readMetadata(
  fetch: GuardedFetch,
  issuer: URL,
  legacyOrigin: URL | undefined,
): Promise<oauth.AuthorizationServer | undefined> {
  for (const url of authorizationServerMetadataUrls(issuer)) {
    const { status, json, response } = await getJson(fetch, url);
    if (status >= 400 && status < 500) continue;
    if (status !== 200)
      throw new AuthError(
        'discovery',
        `Reading the authorization server metadata at ${url.origin}${url.pathname} failed: HTTP ${status}.`,
        { hint: 'The server may be down; try again later.' },
      );
    // 2025-03-26 servers name the issuer they like; it must at least live on the server's origin.
    let expected = issuer;
    const named = (json as { issuer?: unknown } | undefined)?.issuer;
    if (
      legacyOrigin &&
      typeof named === 'string' &&
      URL.canParse(named) &&
      new URL(named).origin === legacyOrigin.origin
    )
      expected = new URL(named);
    try {
      return await oauth.processDiscoveryResponse(expected, response);
    } catch (err) {
      throw new AuthError(
        'discovery',
        `The authorization server metadata at ${url.origin}${url.pathname} was refused: ${(err as Error).message}.`,
        {
          hint: 'Its issuer must match the authorization server the resource names; tell the server operator.',
          cause: err,
        },
      );
    }
  }
  return undefined;
}

/** An authorization server's metadata by its issuer (RFC 8414, then OpenID Connect), if it publishes any. */
export function readAuthorizationServer(
  fetch: GuardedFetch,
  issuer: URL,
): Promise<oauth.AuthorizationServer | undefined> {
  return readMetadata(fetch, issuer, undefined);
}

/**
 * Metadata at a URL someone named (an OpenID Connect discovery URL, an RFC 8414 metadata URL): the
 * issuer it states must live on that URL's origin, and the document must then name it exactly.
 */
export async function readMetadataAt(
  fetch: GuardedFetch,
  url: URL,
): Promise<oauth.AuthorizationServer> {
  const { status, json, response } = await getJson(fetch, url);
  const where = `${url.origin}${url.pathname}`;
  if (status !== 200)
    throw new AuthError(
      'discovery',
      `Reading the sign-in metadata at ${where} failed: HTTP ${status}.`,
      {
        hint: 'The agent may be down, or its card names a wrong address; try again later.',
      },
    );
  const named = (json as { issuer?: unknown } | undefined)?.issuer;
  if (typeof named !== 'string' || !URL.canParse(named) || new URL(named).origin !== url.origin)
    throw new AuthError(
      'discovery',
      `The sign-in metadata at ${where} names no issuer on ${url.origin}; Lena will not sign in with it.`,
    );
  try {
    return await oauth.processDiscoveryResponse(new URL(named), response);
  } catch (err) {
    throw new AuthError(
      'discovery',
      `The sign-in metadata at ${where} was refused: ${(err as Error).message}.`,
      {
        cause: err,
      },
    );
  }
}

/** PRM, then the authorization server's metadata (or the 2025-03-26 defaults). */
export async function discover(
  fetch: GuardedFetch,
  serverUrl: URL,
  challenge: BearerChallenge | undefined,
): Promise<Discovered> {
  const prm = await discoverResource(fetch, serverUrl, challenge);
  if (prm) {
    const first = prm.authorization_servers?.find((s) => URL.canParse(s));
    if (!first)
      throw new AuthError(
        'discovery',
        `The resource metadata of ${serverUrl.origin}${serverUrl.pathname} names no authorization server.`,
      );
    const issuer = new URL(first);
    const as = await readMetadata(fetch, issuer, undefined);
    if (!as) {
      throw new AuthError(
        'discovery',
        `The authorization server ${issuer.href} publishes no metadata (tried ${authorizationServerMetadataUrls(
          issuer,
        )
          .map((u) => u.pathname)
          .join(', ')}).`,
        {
          hint: 'Tell the server operator; Lena cannot find where to sign in.',
        },
      );
    }
    return { resource: prm.resource, prm, as, legacy: false };
  }
  const origin = new URL(serverUrl.origin);
  const as = (await readMetadata(fetch, origin, origin)) ?? {
    issuer: origin.href,
    authorization_endpoint: new URL('/authorize', origin).href,
    token_endpoint: new URL('/token', origin).href,
    registration_endpoint: new URL('/register', origin).href,
  };
  return { resource: canonicalResource(serverUrl), prm: undefined, as, legacy: true };
}
