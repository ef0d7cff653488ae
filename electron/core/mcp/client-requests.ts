// Answers to requests a server sends the client: ping, and roots, sampling and elicitation where
// the front end offers them (client-features/). Anything not declared is "method not found": a
// server must not be told we can do what we cannot.
import { featureCapabilities, type ClientFeatureHandlers } from './client-features';
import { ErrorCodes } from './jsonrpc-types';
import { RequestHandlerError } from './jsonrpc';

const FEATURES: Record<string, string> = {
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
};

/** The capabilities every session declares, before the front end's features are added. */
export const CLIENT_CAPABILITIES: Record<string, unknown> = Object.freeze({});

/**
 * Extensions Lena implements, declared as `capabilities.extensions` (2025 initialize) and in
 * `clientCapabilities.extensions` (2026 envelope): none yet, and a server must not be told
 * otherwise. An entry is `"vendor/name": {settings}`.
 */
export const CLIENT_EXTENSIONS: Record<string, Record<string, unknown>> = Object.freeze({});

/** What Lena declares to a server: the host's features plus the extensions above (when any). */
export function clientCapabilities(features: ClientFeatureHandlers | undefined): Record<string, unknown> {
  const caps: Record<string, unknown> = { ...CLIENT_CAPABILITIES, ...featureCapabilities(features) };
  if (Object.keys(CLIENT_EXTENSIONS).length > 0) caps.extensions = CLIENT_EXTENSIONS;
  return Object.freeze(caps);
}

/**
 * Handles one server-to-client request with the host's handlers; a feature Lena did not declare
 * is "method not found". Throws (or rejects with) RequestHandlerError for an error answer.
 */
export function answerServerRequest(
  method: string,
  params: Record<string, unknown> | undefined,
  features: ClientFeatureHandlers | undefined,
  signal: AbortSignal,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  if (method === 'ping') return {};
  const ctx = { signal, purpose: '' };
  if (method === 'roots/list' && features?.roots) return features.roots(ctx);
  if (method === 'sampling/createMessage' && features?.sampling) return features.sampling(params ?? {}, ctx);
  if (method === 'elicitation/create' && features?.elicitation) return features.elicitation(params ?? {}, ctx);
  const feature = FEATURES[method];
  throw new RequestHandlerError(
    ErrorCodes.MethodNotFound,
    feature ? `Method not found: Lena does not offer ${feature} (${method}) here and did not declare it` : `Method not found: ${method}`,
  );
}
