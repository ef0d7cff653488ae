// The two protocol eras: the 2025 "legacy" one (an initialize handshake, then a session) and the
// 2026-07-28 "modern" one (stateless: every request carries its version and the client's
// capabilities in _meta; server/discover tells what the server speaks). This module holds the
// constants, the per-request envelope and the classifier that reads a probe's outcome.
// Pure: no I/O.
import { SUPPORTED_PROTOCOL_VERSIONS, type Implementation } from '../../../shared/mcp-types';

/** Modern revisions Lena speaks, best first. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
export const MODERN_PROTOCOL_VERSION = MODERN_PROTOCOL_VERSIONS[0];
/** What an entry may pin with `"protocol"`. */
export type { ProtocolPin } from '../../../shared/server-config';

export type Era = 'modern' | 'legacy';

/** Error codes the 2026-07-28 revision defines (basic/index#error-codes). */
export const ModernErrorCodes = {
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

export function isModernVersion(version: string | undefined): boolean {
  return version !== undefined && (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/** The `_meta` every modern request carries; built once per session, shared by every request. */
export function modernEnvelope(
  version: string,
  capabilities: Record<string, unknown>,
  clientInfo: Implementation,
  logLevel?: string,
): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    [META_PROTOCOL_VERSION]: version,
    [META_CLIENT_CAPABILITIES]: capabilities,
    [META_CLIENT_INFO]: clientInfo,
  };
  if (logLevel) meta[META_LOG_LEVEL] = logLevel;
  return Object.freeze(meta);
}

/** What happened to a probe (server/discover) or to any modern request, as the classifier sees it. */
export type ProbeOutcome =
  | { kind: 'result'; result: Record<string, unknown> }
  | { kind: 'rpc-error'; code: number; message: string; data?: unknown }
  /** The HTTP layer refused the POST and its body was no JSON-RPC error. */
  | { kind: 'http-status'; status: number }
  | { kind: 'closed' }
  | { kind: 'timeout' };

export type ProbeVerdict =
  | { kind: 'modern'; version: string; discover: Record<string, unknown> }
  /** -32022 naming a modern version we share: send the probe again at that version (once). */
  | { kind: 'corrective'; version: string }
  /** The 2025 initialize handshake. */
  | { kind: 'legacy' }
  | { kind: 'error'; message: string };

/**
 * Reads a probe outcome, conservatively: only positive modern evidence (a DiscoverResult, or
 * -32022 listing a version we share) keeps the modern era; method-not-found, other errors and
 * 4xx statuses without a modern error body mean a 2025 server. 401/403 and 5xx are no evidence
 * of an era at all (the caller handles them as errors), and neither is a closed or silent HTTP
 * connection; on stdio, a server that exits or stays silent on the probe is a 2025 one.
 */
export function classifyProbe(
  outcome: ProbeOutcome,
  transportKind: 'stdio' | 'http',
): ProbeVerdict {
  switch (outcome.kind) {
    case 'result': {
      const versions = outcome.result.supportedVersions;
      if (!Array.isArray(versions)) return { kind: 'legacy' };
      const shared = MODERN_PROTOCOL_VERSIONS.find((v) => versions.includes(v));
      return shared
        ? { kind: 'modern', version: shared, discover: outcome.result }
        : { kind: 'legacy' };
    }
    case 'rpc-error': {
      if (outcome.code !== ModernErrorCodes.UnsupportedProtocolVersion) return { kind: 'legacy' };
      const supported = supportedList(outcome.data);
      if (!supported) return { kind: 'legacy' };
      const shared = MODERN_PROTOCOL_VERSIONS.find((v) => supported.includes(v));
      if (shared) return { kind: 'corrective', version: shared };
      if (supported.some((v) => (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(v)))
        return { kind: 'legacy' };
      return {
        kind: 'error',
        message: `the server supports only protocol ${supported.join(', ')}, and Lena speaks ${[...MODERN_PROTOCOL_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS].join(', ')}; update Lena or the server`,
      };
    }
    case 'http-status':
      // Only a 4xx a 2025 server answers an unknown request with is evidence; redirects, auth
      // walls and server failures are not.
      if (
        outcome.status < 400 ||
        outcome.status >= 500 ||
        outcome.status === 401 ||
        outcome.status === 403
      ) {
        return { kind: 'error', message: `HTTP ${outcome.status}` };
      }
      return { kind: 'legacy' };
    case 'closed':
    case 'timeout':
      return transportKind === 'stdio'
        ? { kind: 'legacy' }
        : {
            kind: 'error',
            message:
              outcome.kind === 'closed'
                ? 'the connection closed during the protocol probe'
                : 'the protocol probe got no answer',
          };
  }
}

/** The `supported` list of an UnsupportedProtocolVersionError's data, when well-formed. */
export function supportedList(data: unknown): string[] | undefined {
  const s = (data as { supported?: unknown } | null | undefined)?.supported;
  return Array.isArray(s) && s.length > 0 && s.every((v) => typeof v === 'string')
    ? (s as string[])
    : undefined;
}

/** Methods whose answer a dropped stream may safely ask for again (nothing changes on the server). */
const IDEMPOTENT = new Set([
  'server/discover',
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
  'resources/read',
  'prompts/get',
  'completion/complete',
]);
export function isIdempotent(
  method: string,
  toolHints?: { readOnlyHint?: boolean; idempotentHint?: boolean },
): boolean {
  if (IDEMPOTENT.has(method)) return true;
  return (
    method === 'tools/call' &&
    (toolHints?.readOnlyHint === true || toolHints?.idempotentHint === true)
  );
}

/** The client's answer to `server/discover`, in the shape of an initialize result. */
export function discoverToInit(
  version: string,
  discover: Record<string, unknown>,
): {
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  serverInfo: Implementation;
  instructions?: string;
} {
  const meta = discover._meta as Record<string, unknown> | undefined;
  const info = (meta?.[META_SERVER_INFO] ?? discover.serverInfo) as Implementation | undefined;
  const capabilities =
    typeof discover.capabilities === 'object' && discover.capabilities !== null
      ? (discover.capabilities as Record<string, unknown>)
      : {};
  return {
    protocolVersion: version,
    capabilities,
    serverInfo: typeof info?.name === 'string' ? info : { name: 'unknown', version: '' },
    instructions: typeof discover.instructions === 'string' ? discover.instructions : undefined,
  };
}
