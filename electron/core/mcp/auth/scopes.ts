// Which scopes to ask for (the MCP specification's scope selection strategy): the scopes the
// server's challenge names, else the resource metadata's scopes_supported, else none at all (the
// parameter is omitted). An entry's configured scopes win over both. `offline_access` is added only
// when the authorization server lists it, so a refresh token can be had where it is offered
// (SEP-2207) and never asked of a server that does not know it.
import type * as oauth from 'oauth4webapi';
import type { ResourceMetadata } from './discovery';

export interface ScopeSources {
  configured?: string[];
  challenge?: string[];
  prm?: ResourceMetadata;
  as: oauth.AuthorizationServer;
}

/** A sorted, de-duplicated union (the key for "have we tried these scopes already"). */
export function unionScopes(
  a: readonly string[] | undefined,
  b: readonly string[] | undefined,
): string[] {
  return [...new Set([...(a ?? []), ...(b ?? [])])].sort();
}

export function chooseScopes(s: ScopeSources): string[] | undefined {
  const base = s.configured?.length
    ? s.configured
    : s.challenge?.length
      ? s.challenge
      : s.prm?.scopes_supported?.length
        ? s.prm.scopes_supported
        : undefined;
  if (!base) return undefined;
  const refreshable =
    !s.as.grant_types_supported || s.as.grant_types_supported.includes('refresh_token');
  const offline =
    refreshable &&
    s.as.scopes_supported?.includes('offline_access') &&
    !base.includes('offline_access');
  return offline ? [...base, 'offline_access'] : [...base];
}
