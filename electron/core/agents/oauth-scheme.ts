// The OAuth sign-in an Agent Card declares, read from its securitySchemes in any of the shapes an
// agent may send (A2A 1.0 JSON `{oauth2SecurityScheme: …}`, the SDK's `{scheme: {$case, value}}`,
// v0.3 / OpenAPI `{type: 'oauth2'}`): an authorization-code flow with its URLs and scopes, an
// OpenID Connect discovery URL, or an RFC 8414 metadata URL. Lena then finds the authorization
// server from it (mcp/auth's OAuthProvider `discover` option) and signs in like for a server.
import * as oauth from 'oauth4webapi';
import {
  canonicalResource,
  discover,
  readAuthorizationServer,
  readMetadataAt,
  type Discovered,
} from '../mcp/auth/discovery';
import type { GuardedFetch } from '../mcp/auth/guarded-fetch';
import { AuthError } from '../mcp/auth/types';

/** A sign-in Lena can run for an agent. */
export type AgentOAuthScheme =
  | {
      kind: 'authorization-code';
      authorizationUrl: string;
      tokenUrl: string;
      /** RFC 8414 metadata the card names alongside (optional). */
      metadataUrl?: string;
      scopes: string[];
    }
  | { kind: 'metadata'; metadataUrl: string; scopes: string[] }
  | { kind: 'openid-connect'; discoveryUrl: string; scopes: string[] }
  /**
   * Not from the card: the card itself answered 401 naming its Protected Resource Metadata
   * (RFC 9728), found the way MCP servers' is; the token is for the agent's own address.
   */
  | { kind: 'resource-metadata'; metadataUrl: string; scopes: string[] };

const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const url = (v: unknown): string => (URL.canParse(str(v)) ? str(v) : '');

/** The scheme's kind and body, whichever way the card spelled it. */
function unwrap(scheme: unknown): {
  kind: 'oauth2' | 'oidc' | null;
  body: Record<string, unknown>;
} {
  const s = obj(scheme);
  if (s.type === 'oauth2') return { kind: 'oauth2', body: s };
  if (s.type === 'openIdConnect') return { kind: 'oidc', body: s };
  if (s.oauth2SecurityScheme) return { kind: 'oauth2', body: obj(s.oauth2SecurityScheme) };
  if (s.openIdConnectSecurityScheme)
    return { kind: 'oidc', body: obj(s.openIdConnectSecurityScheme) };
  const inner = obj(s.scheme);
  if (inner.$case === 'oauth2SecurityScheme') return { kind: 'oauth2', body: obj(inner.value) };
  if (inner.$case === 'openIdConnectSecurityScheme')
    return { kind: 'oidc', body: obj(inner.value) };
  return { kind: null, body: {} };
}

/** The authorization-code flow of an oauth2 scheme's `flows`, in either spelling. */
function codeFlow(flows: unknown): Record<string, unknown> | null {
  const f = obj(flows);
  if (f.authorizationCode) return obj(f.authorizationCode);
  const one = obj(f.flow);
  return one.$case === 'authorizationCode' ? obj(one.value) : null;
}

/** The scopes a flow declares: `{name: description}` (or the SDK's list of entries). */
function scopesOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.map((e) => str(obj(e).key) || str(e)).filter(Boolean);
  return Object.keys(obj(v));
}

/** The first OAuth sign-in the card declares that Lena can run, or null. */
export function oauthSchemeOf(card: unknown): AgentOAuthScheme | null {
  for (const scheme of Object.values(obj(obj(card).securitySchemes))) {
    const { kind, body } = unwrap(scheme);
    if (kind === 'oidc') {
      const discoveryUrl = url(body.openIdConnectUrl);
      if (discoveryUrl) return { kind: 'openid-connect', discoveryUrl, scopes: [] };
    }
    if (kind !== 'oauth2') continue;
    const metadataUrl = url(body.oauth2MetadataUrl);
    const flow = codeFlow(body.flows);
    const authorizationUrl = url(flow?.authorizationUrl);
    const tokenUrl = url(flow?.tokenUrl);
    const scopes = scopesOf(flow?.scopes);
    if (authorizationUrl && tokenUrl)
      return {
        kind: 'authorization-code',
        authorizationUrl,
        tokenUrl,
        scopes,
        ...(metadataUrl ? { metadataUrl } : {}),
      };
    if (metadataUrl) return { kind: 'metadata', metadataUrl, scopes };
  }
  return null;
}

/**
 * The authorization server of a card's scheme. For a code flow, the metadata at its authorization
 * URL's origin is used when it names the same endpoints (it tells whether Lena may register itself
 * and which PKCE methods it takes); else the card's URLs alone, which then need a client id.
 */
export async function discoverFromCard(
  fetch: GuardedFetch,
  scheme: AgentOAuthScheme,
  endpoint: URL,
): Promise<Discovered> {
  if (scheme.kind === 'resource-metadata')
    return discover(fetch, endpoint, { resourceMetadata: scheme.metadataUrl });
  const resource = canonicalResource(endpoint);
  if (scheme.kind === 'openid-connect' || scheme.kind === 'metadata') {
    const at = new URL(scheme.kind === 'metadata' ? scheme.metadataUrl : scheme.discoveryUrl);
    return { resource, prm: undefined, as: await readMetadataAt(fetch, at), legacy: false };
  }
  const authorize = new URL(scheme.authorizationUrl);
  let found: oauth.AuthorizationServer | undefined;
  try {
    found = scheme.metadataUrl
      ? await readMetadataAt(fetch, new URL(scheme.metadataUrl))
      : await readAuthorizationServer(fetch, new URL(authorize.origin));
  } catch (err) {
    if (scheme.metadataUrl) throw err;
    found = undefined; // the card's own URLs are enough
  }
  const same =
    found?.authorization_endpoint === scheme.authorizationUrl &&
    found?.token_endpoint === scheme.tokenUrl;
  if (found && same) return { resource, prm: undefined, as: found, legacy: false };
  if (found && scheme.metadataUrl)
    throw new AuthError(
      'discovery',
      `The agent's card names sign-in endpoints that its metadata (${scheme.metadataUrl}) does not: Lena will not sign in with them.`,
      { hint: "Tell the agent's owner: the card and the metadata must agree." },
    );
  return {
    resource,
    prm: undefined,
    as: {
      issuer: new URL(authorize.origin).href,
      authorization_endpoint: scheme.authorizationUrl,
      token_endpoint: scheme.tokenUrl,
    },
    legacy: true,
  };
}
