// The options and result types of McpClient (client.ts), apart so the class stays one job.
import type { CallToolResult, Implementation, LoggingLevel } from '../../../shared/mcp-types';
import type { Progress } from './jsonrpc';
import type { ClientFeatureHandlers } from './client-features';
import type { Era, ProtocolPin } from './era';
import type { TaskView } from './tasks/task';
import type { Transport } from './transport';

export type ClientState = 'disconnected' | 'connecting' | 'connected' | 'failed';

export interface ClientOptions {
  clientInfo?: Implementation;
  /** Per-request timeout (default 60 s); progress notifications reset it. */
  requestTimeoutMs?: number;
  /** Hard maximum for one request even while progress keeps arriving (default 10 min). */
  maxRequestTimeoutMs?: number;
  /** `notifications/message` entries kept (default 200). */
  serverLogSize?: number;
  /** Pins the era (`"protocol"` in the entry); by default the best one the server offers. */
  protocol?: ProtocolPin;
  /** What the server spoke last time with the same entry ('legacy' skips the 2026 probe). */
  prior?: Era;
  /** The host's roots, sampling and elicitation (the client-features issue); none by default. */
  features?: ClientFeatureHandlers;
  /** Server log messages wanted, per request on the 2026 wire (none when unset). */
  logLevel?: LoggingLevel;
  /** stdio: a new process after the first one exited on the 2026 probe (respawned once). */
  respawn?: () => Promise<Transport>;
  /** Longest wait for a stdio server's answer to the probe (default 10 s). */
  stdioProbeTimeoutMs?: number;
  /** The longest Lena follows one task of this server, whatever its TTL (default 1 h). */
  maxTaskMs?: number;
}

export interface CallToolOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (p: Progress) => void;
  /** 2025: ask for a task even when the tool's taskSupport is only "optional" (a slow call). */
  asTask?: boolean;
  /** The server answered with a task: each change of its status (tasks/*). */
  onTask?: (task: TaskView) => void;
  /** Who waits for the call ("conversationId/toolUseId"): the manager records its task under it, for a restart. */
  taskKey?: string;
  /** The conversation the call serves (opaque here): what the server asks during it carries it. */
  conversationId?: string;
}

/**
 * A tools/call result; `validationError` says why structuredContent failed the tool's outputSchema,
 * `validationSkipped` why it could not be checked (the checker's deadline, say).
 */
export type ToolCallOutcome = CallToolResult & {
  validationError?: string;
  validationSkipped?: string;
};
