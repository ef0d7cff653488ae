// A transport only moves JSON-RPC messages; the client gives them meaning (DESIGN.md).
// stdio, Streamable HTTP and legacy SSE all implement this interface.
import type { JsonRpcMessage } from './jsonrpc-types';

export interface TransportCloseInfo {
  /** Why the transport ended, in words a user can act on. */
  reason: string;
  /** stdio: the process exit code and signal. */
  exitCode?: number | null;
  signal?: NodeJS.Signals | null;
  /** stdio: the last stderr output (bounded). */
  stderrTail?: string;
}

export interface TransportCallbacks {
  /**
   * `text` and `bytes` are optional: the message as received (so the protocol log can show a
   * preview and a size without serialising the message again).
   */
  onMessage(message: JsonRpcMessage, text?: string, bytes?: number): void;
  /** A non-fatal problem (a malformed line, a dropped stream): logged, the session continues. */
  onError(error: Error): void;
  /** The transport is gone for good (process exited, connection failed). Called once. */
  onClose(info: TransportCloseInfo): void;
}

export interface Transport {
  /** Starts the connection (spawns, or opens the HTTP session). Rejects when that fails. */
  start(callbacks: TransportCallbacks): Promise<void>;
  /** Sends one message; resolves when written. Rejects when the transport is closed. */
  send(message: JsonRpcMessage): Promise<void>;
  /**
   * Optional: sends one message the client has already serialised with JSON.stringify (one
   * serialisation serves both the wire and the protocol log). Same contract as `send`.
   */
  sendSerialized?(json: string): Promise<void>;
  /** Ends the connection (process-tree shutdown for stdio; DELETE for Streamable HTTP). */
  close(): Promise<void>;
  /** Set once the protocol version is negotiated (HTTP sends it as a header). */
  setProtocolVersion?(version: string): void;
  /** Human-readable description for logs ("stdio: npx -y …", "http: https://…"). */
  readonly description: string;
}
