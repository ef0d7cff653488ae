// Era selection at connect, in the order the 2026-07-28 revision gives: the server/discover probe
// with the modern envelope (and MCP-Protocol-Version on HTTP); on -32022 naming a version we
// share, the probe once more at that version; on anything that is not modern evidence, the 2025
// initialize handshake. 401/403 and 5xx are errors, never an era (the auth provider, when there is
// one, answers 401/403 inside the transport and the same step repeats there).
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type Implementation,
  type InitializeResult,
  type ServerCapabilities,
} from '../../../shared/mcp-types';
import {
  McpProtocolError,
  McpRpcError,
  McpTimeoutError,
  McpTransportError,
  type McpError,
} from './errors';
import {
  MODERN_PROTOCOL_VERSION,
  classifyProbe,
  discoverToInit,
  modernEnvelope,
  supportedList,
  type Era,
  type ProbeOutcome,
  type ProtocolPin,
} from './era';
import type { JsonRpcPeer } from './jsonrpc';
import { requestHeaders } from './request-headers';
import type { Transport } from './transport';

export interface NegotiationHost {
  readonly peer: JsonRpcPeer;
  transport(): Transport;
  /** Capabilities for initialize (2025) and for the envelope (2026), extensions included. */
  capabilities: Record<string, unknown>;
  clientInfo: Implementation;
  logLevel?: string;
  pin?: ProtocolPin;
  /** What this server spoke last time (same entry): 'legacy' skips the probe. */
  prior?: Era;
  timeoutMs: number;
  /** Longest wait for a stdio probe's answer before taking the server for a 2025 one. */
  stdioProbeTimeoutMs: number;
  /** Set by the client when the transport closed while the probe was out. */
  closedDuringProbe(): boolean;
  /** A new process for initialize after the first one exited on the probe (stdio only). */
  respawn?(): Promise<void>;
}

export interface Negotiated {
  era: Era;
  init: InitializeResult;
  /** The `_meta` every modern request carries. */
  envelope?: Record<string, unknown>;
}

export async function negotiate(host: NegotiationHost): Promise<Negotiated> {
  const t = host.transport();
  if (t.legacyOnly && host.pin === '2026-07-28') {
    throw new McpProtocolError(
      `this server's entry pins "protocol": "2026-07-28", but its transport (legacy HTTP+SSE) only carries 2025 protocols; use "type": "http" or remove the pin`,
    );
  }
  if (host.pin === '2025-11-25' || t.legacyOnly) return initialize(host);
  if (host.prior === 'legacy' && host.pin === undefined) {
    // Remembered as a 2025 server; one that has since become 2026-only says so at initialize.
    return initialize(host).catch((e: unknown) =>
      namesModernVersion(e) ? probeThenConnect(host) : Promise.reject(e),
    );
  }
  return probeThenConnect(host);
}

async function probeThenConnect(host: NegotiationHost): Promise<Negotiated> {
  const t = host.transport();
  const kind = t.channel ?? 'http';
  let version: string = MODERN_PROTOCOL_VERSION;
  let corrected = false;
  for (;;) {
    const envelope = modernEnvelope(version, host.capabilities, host.clientInfo, host.logLevel);
    t.setProtocolVersion?.(version);
    const { outcome, error } = await probe(host, envelope, kind);
    const verdict = classifyProbe(outcome, kind);
    if (verdict.kind === 'modern') {
      return {
        era: 'modern',
        init: discoverToInit(verdict.version, verdict.discover) as InitializeResult,
        envelope,
      };
    }
    if (verdict.kind === 'corrective' && !corrected) {
      corrected = true;
      version = verdict.version;
      continue;
    }
    if (verdict.kind === 'legacy' && host.pin !== '2026-07-28') {
      if (outcome.kind === 'closed') {
        if (!host.respawn)
          throw error ?? new McpTransportError('the server exited during the protocol probe');
        await host.respawn();
      }
      if (outcome.kind !== 'timeout') return initialize(host);
      // A stdio server too slow for the probe (a first start that downloads packages) may still
      // be a 2026 one: if initialize is refused naming 2026-07-28, probe once more, at full patience.
      return initialize(host).catch(async (e: unknown) => {
        if (!namesModernVersion(e)) throw e;
        return probeThenConnect({ ...host, stdioProbeTimeoutMs: host.timeoutMs });
      });
    }
    if (host.pin === '2026-07-28' && verdict.kind !== 'error') {
      throw new McpProtocolError(
        `this server's entry pins "protocol": "2026-07-28", but the server does not speak it (${describe(outcome)}); remove the pin to use its 2025 protocol`,
      );
    }
    throw (
      error ??
      new McpProtocolError(
        `the protocol probe failed: ${verdict.kind === 'error' ? verdict.message : describe(outcome)}`,
      )
    );
  }
}

async function probe(
  host: NegotiationHost,
  envelope: Record<string, unknown>,
  kind: 'stdio' | 'http',
): Promise<{ outcome: ProbeOutcome; error?: McpError }> {
  const timeoutMs =
    kind === 'stdio' ? Math.min(host.timeoutMs, host.stdioProbeTimeoutMs) : host.timeoutMs;
  try {
    const hints = host.transport().mirrorsHeaders
      ? { headers: requestHeaders('server/discover', undefined, undefined) }
      : undefined;
    const result = await host.peer.request(
      'server/discover',
      { _meta: envelope },
      { timeoutMs, cancellable: false, hints },
    );
    return { outcome: { kind: 'result', result } };
  } catch (e) {
    if (e instanceof McpRpcError)
      return {
        outcome: { kind: 'rpc-error', code: e.code, message: e.serverMessage, data: e.data },
        error: e,
      };
    if (e instanceof McpTimeoutError) return { outcome: { kind: 'timeout' }, error: e };
    const err = e as McpError;
    if (host.closedDuringProbe()) return { outcome: { kind: 'closed' }, error: err };
    const status = (err.cause as { status?: unknown } | undefined)?.status;
    if (typeof status === 'number') return { outcome: { kind: 'http-status', status }, error: err };
    // A network failure is no evidence of an era: report it as it is.
    throw e;
  }
}

async function initialize(host: NegotiationHost): Promise<Negotiated> {
  const t = host.transport();
  t.setProtocolVersion?.(undefined);
  // clientInfo before the capabilities, which grow with every extension: the protocol log's
  // shortened preview still says who is asking.
  const params = {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    clientInfo: host.clientInfo,
    capabilities: host.capabilities,
  };
  const result = await host.peer.request('initialize', params, {
    timeoutMs: host.timeoutMs,
    cancellable: false,
  });
  const init = checkInitializeResult(result);
  t.setProtocolVersion?.(init.protocolVersion);
  await host.peer.notify('notifications/initialized');
  return { era: 'legacy', init };
}

/** An initialize refused with -32022 whose supported list names a 2026 version Lena speaks. */
function namesModernVersion(e: unknown): boolean {
  if (e instanceof McpRpcError)
    return e.code === -32022 && (supportedList(e.data) ?? []).includes(MODERN_PROTOCOL_VERSION);
  // Over HTTP the refusal is a 400 whose body carries the same error.
  const excerpt = (e as { cause?: { bodyExcerpt?: unknown } } | undefined)?.cause?.bodyExcerpt;
  return (
    typeof excerpt === 'string' &&
    excerpt.includes('-32022') &&
    excerpt.includes(MODERN_PROTOCOL_VERSION)
  );
}

function describe(outcome: ProbeOutcome): string {
  switch (outcome.kind) {
    case 'result':
      return `server/discover offered ${JSON.stringify(outcome.result.supportedVersions)}`;
    case 'rpc-error':
      return `server/discover answered error ${outcome.code}: ${outcome.message}`;
    case 'http-status':
      return `server/discover got HTTP ${outcome.status}`;
    case 'closed':
      return 'the server exited on server/discover';
    case 'timeout':
      return 'server/discover got no answer';
  }
}

function checkInitializeResult(r: Record<string, unknown>): InitializeResult {
  const version = r.protocolVersion;
  if (
    typeof version !== 'string' ||
    !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version)
  ) {
    throw new McpProtocolError(
      `the server answered protocol version ${JSON.stringify(version)}, but Lena asked for "${LATEST_PROTOCOL_VERSION}" and supports only ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}; update the server (or Lena)`,
      'version',
    );
  }
  const capabilities =
    typeof r.capabilities === 'object' && r.capabilities !== null
      ? (r.capabilities as ServerCapabilities)
      : {};
  const info = r.serverInfo as Implementation | undefined;
  const serverInfo = typeof info?.name === 'string' ? info : { name: 'unknown', version: '' };
  return {
    ...r,
    protocolVersion: version,
    capabilities,
    serverInfo,
    instructions: typeof r.instructions === 'string' ? r.instructions : undefined,
  };
}
