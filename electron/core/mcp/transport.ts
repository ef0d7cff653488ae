// A transport only moves JSON-RPC messages; the client gives them meaning (DESIGN.md).
// stdio, Streamable HTTP and legacy SSE all implement this interface.
import type { JsonRpcId, JsonRpcMessage } from './jsonrpc-types';
import type { ErrorCode } from '../../../shared/result';

export interface TransportCloseInfo {
  /** Why the transport ended, in words a user can act on. */
  reason: string;
  /** Set when the end was no plain exit (a message too large): what the manager decides by. */
  code?: ErrorCode;
  /** stdio: the process exit code and signal. */
  exitCode?: number | null;
  signal?: NodeJS.Signals | null;
  /** stdio: the last stderr output (bounded). */
  stderrTail?: string;
}

export interface TransportCallbacks {
  /**
   * `text` and `bytes` are optional: the message as received (so the protocol log can show a
   * preview and a size without serialising the message again). `related`: the id of Lena's request
   * whose response stream carried it (Streamable HTTP, a POST answered with SSE), when one did.
   */
  onMessage(message: JsonRpcMessage, text?: string, bytes?: number, related?: JsonRpcId): void;
  /** A non-fatal problem (a malformed line, a dropped stream): logged, the session continues. */
  onError(error: Error): void;
  /** The transport is gone for good (process exited, connection failed). Called once. */
  onClose(info: TransportCloseInfo): void;
}

/** Per-message extras the client computes for the wire (the 2026-07-28 HTTP request headers). */
export interface SendHints {
  headers?: Record<string, string>;
}

export interface Transport {
  /** Starts the connection (spawns, or opens the HTTP session). Rejects when that fails. */
  start(callbacks: TransportCallbacks): Promise<void>;
  /** Sends one message; resolves when written. Rejects when the transport is closed. */
  send(message: JsonRpcMessage, hints?: SendHints): Promise<void>;
  /**
   * Optional: sends one message the client has already serialised with JSON.stringify (one
   * serialisation serves both the wire and the protocol log). Same contract as `send`.
   */
  sendSerialized?(json: string, hints?: SendHints): Promise<void>;
  /** Ends the connection (process-group shutdown for stdio; DELETE for Streamable HTTP). */
  close(): Promise<void>;
  /**
   * The protocol version in use (HTTP sends it as a header): set before the 2026 probe, cleared
   * (undefined) before a 2025 initialize, set again from its answer.
   */
  setProtocolVersion?(version: string | undefined): void;
  /** 'stdio' decides how a silent or exiting probe reads (a 2025 server); default 'http'. */
  readonly channel?: 'stdio' | 'http';
  /** Speaks only the 2025 era (legacy HTTP+SSE): the client skips the 2026 probe. */
  readonly legacyOnly?: boolean;
  /** Wants the 2026 request headers (Mcp-Method, Mcp-Name, Mcp-Param-*) in SendHints. */
  readonly mirrorsHeaders?: boolean;
  /**
   * HTTP: gives up on a request by aborting its HTTP exchange (its POST and response stream; the
   * socket is freed, other requests go on). On 2026 that is the wire's cancellation; on 2025 the
   * peer calls it after notifications/cancelled was sent.
   */
  cancel?(requestId: JsonRpcId): void;
  /** Human-readable description for logs ("stdio: npx -y …", "http: https://…"). */
  readonly description: string;
}
