// Parses the Bearer challenge of a `WWW-Authenticate` header (RFC 6750 §3, RFC 9728 §5.1): the
// error, the scopes the resource needs, and where its protected resource metadata is. Other
// schemes in the same header (Basic realm=…, DPoP algs=…) are skipped.
import type { BearerChallenge } from './types';

// One auth-param: name=token or name="quoted \"string\"".
const PARAM = /\s*([A-Za-z0-9_.-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]*))\s*,?/y;
const SCHEME = /\s*,?\s*([A-Za-z0-9_.-]+)(?=\s|$|,)/y;

/** The Bearer challenge in `header`, or undefined when there is none. */
export function parseBearerChallenge(header: string | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  let pos = 0;
  let found: Record<string, string> | undefined;
  let current: Record<string, string> | undefined;
  while (pos < header.length) {
    PARAM.lastIndex = pos;
    const param = PARAM.exec(header);
    if (param && current) {
      current[param[1].toLowerCase()] =
        param[2] !== undefined ? param[2].replace(/\\(.)/g, '$1') : param[3];
      pos = PARAM.lastIndex;
      continue;
    }
    SCHEME.lastIndex = pos;
    const scheme = SCHEME.exec(header);
    if (!scheme) break;
    pos = SCHEME.lastIndex;
    current = {};
    if (scheme[1].toLowerCase() === 'bearer' && !found) found = current;
    // A token68 after the scheme (Basic abc==) is not a parameter: skip it.
    const token68 = /\s*[A-Za-z0-9._~+/-]+=*\s*(?=,|$)/y;
    token68.lastIndex = pos;
    if (token68.exec(header)) pos = token68.lastIndex;
  }
  if (!found) return undefined;
  const scope = found.scope?.split(/\s+/).filter(Boolean);
  return {
    ...(found.error ? { error: found.error } : {}),
    ...(found.error_description ? { errorDescription: found.error_description } : {}),
    ...(scope?.length ? { scope } : {}),
    ...(found.resource_metadata ? { resourceMetadata: found.resource_metadata } : {}),
  };
}
