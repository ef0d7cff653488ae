// Typed MCP errors. Callers (the manager, the registry, the UI) switch on `kind` to tell apart what
// the server said (rpc), what broke underneath (transport), what took too long (timeout), what the
// user stopped (cancelled) and a server that breaks the protocol (protocol).
import type { ErrorCode } from '../../../shared/result';
import type { JsonRpcId } from './jsonrpc-types';

export type McpErrorKind = 'rpc' | 'transport' | 'timeout' | 'cancelled' | 'protocol';

/** Base class of every error the MCP client raises. */
export abstract class McpError extends Error {
  abstract readonly kind: McpErrorKind;
}

/** The server answered a request with a JSON-RPC error object. */
export class McpRpcError extends McpError {
  readonly kind = 'rpc' as const;
  constructor(
    readonly method: string,
    readonly code: number,
    readonly serverMessage: string,
    readonly data?: unknown,
  ) {
    super(`${method} failed: the server answered error ${code}: ${serverMessage}`);
    this.name = 'McpRpcError';
  }
}

export interface TransportFailureDetails {
  /** Why, for the manager's restart and hint decisions (a spawn failure names its cause). */
  code?: ErrorCode;
  exitCode?: number | null;
  signal?: NodeJS.Signals | null;
  stderrTail?: string;
}

/** The connection itself failed: the process exited, a pipe broke, a message was too large. */
export class McpTransportError extends McpError {
  readonly kind = 'transport' as const;
  readonly code?: ErrorCode;
  readonly exitCode?: number | null;
  readonly signal?: NodeJS.Signals | null;
  /** The last stderr output of a stdio server (bounded), for the status line and the Logs tab. */
  readonly stderrTail?: string;
  constructor(
    message: string,
    details: TransportFailureDetails = {},
    options?: { cause?: unknown },
  ) {
    // `cause` keeps the transport's own error (an HTTP status, whether it is transient) reachable.
    super(message, options);
    this.name = 'McpTransportError';
    this.code = details.code;
    this.exitCode = details.exitCode;
    this.signal = details.signal;
    this.stderrTail = details.stderrTail;
  }
}

/** A request got no answer in time (the per-request timeout, or the hard maximum despite progress). */
export class McpTimeoutError extends McpError {
  readonly kind = 'timeout' as const;
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
    readonly hardMaximum: boolean,
  ) {
    super(
      hardMaximum
        ? `${method} was stopped after the hard maximum of ${timeoutMs} ms, even though the server kept reporting progress; raise maxRequestTimeoutMs if the tool needs longer`
        : `${method} got no answer within ${timeoutMs} ms; the server may be stuck, or the timeout may need raising for this server`,
    );
    this.name = 'McpTimeoutError';
  }
}

/** The caller aborted the request (Stop pressed); the server was told with notifications/cancelled. */
export class McpCancelledError extends McpError {
  readonly kind = 'cancelled' as const;
  constructor(
    readonly method: string,
    readonly reason: string,
  ) {
    super(`${method} was cancelled: ${reason}`);
    this.name = 'McpCancelledError';
  }
}

/** The server broke the protocol: an unsupported version, an undecodable answer, a malformed result. */
export class McpProtocolError extends McpError {
  readonly kind = 'protocol' as const;
  constructor(
    message: string,
    /** `version`: the two sides share no protocol version (a restart cannot fix it). */
    readonly reason?: 'version',
  ) {
    super(message);
    this.name = 'McpProtocolError';
  }
}

/**
 * A transport could not decode one incoming message (invalid UTF-8, say) but could tell which
 * request it answered: the client fails that request alone and the session continues.
 */
export class MessageDecodeError extends Error {
  constructor(
    message: string,
    readonly requestId: JsonRpcId | undefined,
  ) {
    super(message);
    this.name = 'MessageDecodeError';
  }
}

/** True for any error raised by the MCP client. */
export const isMcpError = (e: unknown): e is McpError => e instanceof McpError;
