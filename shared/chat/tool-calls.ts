// A tool call as its card shows it: status, input, the full result, progress, the decision.
import type { DelegationView } from '../a2a';

export type ToolCallStatus = 'pending' | 'running' | 'done' | 'error' | 'denied' | 'cancelled';

export interface ToolCallView {
  /** The tool_use id. */
  id: string;
  conversationId: string;
  messageId: string;
  server: string;
  tool: string;
  qualifiedName: string;
  title: string | null;
  input: unknown;
  status: ToolCallStatus;
  /** The full, untruncated MCP result (content blocks, structuredContent). */
  result: unknown;
  isError: boolean;
  /** 'tool' when the tool reported isError, 'server' when the server or transport failed. */
  errorSource: 'tool' | 'server' | null;
  errorMessage: string | null;
  /** Bytes of the full result and how much the model saw. */
  resultBytes: number | null;
  truncated: boolean;
  progress: { progress: number; total?: number; message?: string } | null;
  /**
   * Computed, not stored: the call finished after its turn had moved on (a task followed again
   * after a restart of Lena), so its result has not reached the model; the card offers
   * "Continue with the result".
   */
  continuable?: boolean;
  /** The server runs this call as a task (MCP tasks): its id and status, live only (not stored). */
  task?: {
    taskId: string;
    status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
    statusMessage?: string;
  } | null;
  /** A delegation to an A2A agent: its task's state, status and artifacts, live. */
  delegation?: DelegationView | null;
  decision: string | null;
  decidedBy: string | null;
  startedAt: number | null;
  endedAt: number | null;
  durationMs: number | null;
}
