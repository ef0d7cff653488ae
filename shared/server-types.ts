// What the window sees of each MCP server: live status, tools, logs. Produced by the manager.
import type { ResolvedTransport, ServerEntry, ServerScope, ConfigIssue } from './server-config';
import type { Implementation, ToolAnnotations, Icon, JsonSchemaObject } from './mcp-types';

export type ServerStatusKind = 'connecting' | 'connected' | 'failed' | 'skipped' | 'disabled' | 'needs-approval';

export interface ServerStatus {
  name: string;
  status: ServerStatusKind;
  scope: ServerScope;
  /** The config file the winning entry came from. */
  file: string;
  /** Entries of the same name replaced whole by this one (shown in the UI). */
  shadowed: { scope: ServerScope; file: string }[];
  transport: ResolvedTransport | null;
  /** The entry as configured, with env and header values masked. */
  entry: ServerEntry | null;
  serverInfo: Implementation | null;
  protocolVersion: string | null;
  instructions: string | null;
  toolCount: number;
  resourceCount: number;
  promptCount: number;
  /** Estimated tokens of this server's tool definitions in every request. */
  toolTokens: number;
  /** The last error in plain words, with a hint of what to do. */
  error: { message: string; hint?: string } | null;
  /** Configuration problems (invalid entry, missing variables). */
  issues: ConfigIssue[];
  /** Last stderr output (bounded). */
  stderrTail: string;
  startedAt: number | null;
  connectMs: number | null;
  restarts: number;
  /** True for a user-trusted server whose identity still matches. */
  trusted: boolean;
  /** Set when trust or allow rules are suspended because the entry changed (servers:confirm). */
  suspended: string | null;
  /** For needs-approval servers: the request to show (permissions issue). */
  approval: ProjectApprovalView | null;
  /** OAuth sign-in of a remote server (issue 20); absent or null when it needs none. */
  signIn?: SignInStatus | null;
}

/** A remote server's sign-in, for the servers page and the title bar. */
export interface SignInStatus {
  /** required: a 401 and no usable token; failed: a sign-in step failed (see `step`). */
  state: 'required' | 'signed-in' | 'failed';
  account?: string;
  /** discovery, registration, consent, token, refresh, scope… */
  step?: string;
}

export interface ProjectApprovalView {
  name: string;
  command: string | null;
  args: string[];
  cwd: string | null;
  envNames: string[];
  url: string | null;
  headerNames: string[];
  risks: { pattern: string; message: string }[];
  entryHash: string;
}

export interface ToolInfo {
  server: string;
  name: string;
  /** The name Claude sees (`mcp__server__tool`, sanitised). */
  qualifiedName: string;
  title: string | null;
  description: string;
  inputSchema: JsonSchemaObject;
  annotations: ToolAnnotations;
  icons: Icon[];
  enabled: boolean;
  /** Estimated tokens of this definition. */
  tokens: number;
  /** Pinned-definition status (permissions issue). */
  pin: 'unpinned' | 'pinned' | 'changed';
}

export interface ProtocolLogEntry {
  time: number;
  direction: 'out' | 'in';
  kind: 'request' | 'response' | 'notification' | 'error';
  method: string | null;
  id: string | number | null;
  durationMs: number | null;
  bytes: number;
  /** The payload, cut short. */
  preview: string;
}

export interface ServerLogs {
  name: string;
  stderrTail: string;
  protocol: ProtocolLogEntry[];
}

export interface TestConnectionResult {
  ok: boolean;
  durationMs: number;
  serverInfo: Implementation | null;
  protocolVersion: string | null;
  toolCount: number;
  tools: string[];
  error: { message: string; hint?: string } | null;
  stderrTail: string;
}

export interface ConfigFileView {
  scope: 'user' | 'project';
  path: string;
  /** The file text as on disk (null when it does not exist yet). */
  text: string | null;
  issues: ConfigIssue[];
}

export interface ImportReport {
  source: string;
  added: string[];
  skipped: { name: string; reason: string }[];
  invalid: { name: string; reason: string }[];
}
