// What the servers page shows of a server as an inspector would: its traffic and stderr as rows
// (the Logs tab), and the outcome of a tool run by hand (the Tools tab). Built in
// electron/core/host/views; plain data on both sides.
import type { CallToolResult } from './mcp-types';

/** Where a row came from: JSON-RPC traffic, the server's stderr, or Lena's own note (start, exit, a bad line). */
export type InspectorStream = 'protocol' | 'stderr' | 'lena';

export type InspectorKind = 'request' | 'response' | 'error' | 'notification' | 'stderr' | 'note';

export interface InspectorRow {
  /** Increases by one per row of this server; rows are never changed once made. */
  seq: number;
  time: number;
  stream: InspectorStream;
  /** Protocol rows: sent by Lena (out) or received from the server (in). */
  direction: 'out' | 'in' | null;
  kind: InspectorKind;
  method: string | null;
  id: string | number | null;
  /** A response or error: time since its request, whose row is `pairSeq`. */
  durationMs: number | null;
  pairSeq: number | null;
  /** Size of the message or line as it was (UTF-8 bytes). */
  bytes: number;
  /** The body was cut at the keep limit (64 KB); `bytes` is its original size. */
  truncated: boolean;
  /** One line: the start of the message, an error's message, the stderr line, the note. */
  summary: string;
}

export interface InspectorLogPage {
  name: string;
  /** Rows after the `after` asked for, oldest first. */
  rows: InspectorRow[];
  /** The oldest row still kept: rows before it were dropped by the bound (2,000 rows or 10 MB). */
  firstSeq: number;
  /** Rows dropped by the bound since the server's log began. */
  dropped: number;
}

/** One row's whole kept body (pretty-printed by the window when it is JSON). */
export interface InspectorBody {
  seq: number;
  text: string;
  truncated: boolean;
  bytes: number;
}

/** A tool run by hand reported progress (notifications/progress); `runId` is the window's. */
export interface RunProgress {
  runId: string;
  progress: number;
  total?: number;
  message?: string;
}

/** What a tool run by hand from the Tools tab came to. */
export interface RunToolResult {
  outcome: 'done' | 'error' | 'denied' | 'cancelled';
  /** The tool's result as the server sent it; `outcome` is `error` when it has isError or the server failed. */
  result: CallToolResult | null;
  /** Why it was refused or failed, in words that say what to do. */
  message: string | null;
  /** The gate's record of this call ("run by hand", or the rule that denied it). */
  audit: { decision: 'allow' | 'deny'; decidedBy: string; at: string };
  durationMs: number | null;
}
