// What the window sees of each MCP server: live status, tools, logs. The manager produces the
// state; the host composes the views (electron/core/host/views/).
import type { ResolvedTransport, ServerEntry, ServerScope, ConfigIssue } from './server-config';
import type { Implementation, ToolAnnotations, Icon, JsonSchemaObject } from './mcp-types';
import type { ErrorInfo } from './result';

/** A server's failure: core's one ErrorInfo, plus the hint of what to do (manager/hints.ts). */
export interface ServerError extends ErrorInfo {
  hint?: string;
}
import type { AppToolInfo } from './app-view-types';

export type ServerStatusKind =
  'connecting' | 'connected' | 'failed' | 'skipped' | 'disabled' | 'needs-approval';

/** A status as the end of an English sentence: `Server "fs" ${statusPhrase('failed')}` → "failed". */
export function statusPhrase(kind: ServerStatusKind): string {
  switch (kind) {
    case 'connecting':
      return 'is still starting';
    case 'connected':
      return 'is connected';
    case 'failed':
      return 'failed';
    case 'skipped':
      return 'was skipped';
    case 'disabled':
      return 'is switched off';
    case 'needs-approval':
      return 'needs approval';
  }
}

/**
 * What the manager knows of a server, and all it emits: its own lifecycle state. The host adds what
 * only the permissions and the registry know (host/views/server-status.ts → ServerStatus).
 */
export interface ServerState {
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
  /** The last error (its code decides restarts and hints), with a hint of what to do. */
  error: ServerError | null;
  /** Configuration problems (invalid entry, missing variables). */
  issues: ConfigIssue[];
  /** Last stderr output (bounded). */
  stderrTail: string;
  startedAt: number | null;
  connectMs: number | null;
  restarts: number;
  /** OAuth sign-in of a remote server (issue 20); absent or null when it needs none. */
  signIn?: SignInStatus | null;
  /** The server's latest warning or error log message (notifications/message), shown on its status. */
  logAlert?: { level: string; text: string; time: number } | null;
  /**
   * Set while an automatic restart is scheduled after a failure: when (ms since the epoch), which
   * attempt, and the delay in seconds. The window then shows "Restarting in N s" as the status.
   */
  restart?: { at: number; attempt: number; seconds: number } | null;
}

/** A server as the window and the command line show it: the manager's state plus the host's view. */
export interface ServerStatus extends ServerState {
  /** Estimated tokens of this server's tool definitions in every request. */
  toolTokens: number;
  /** True for a user-trusted server whose identity still matches. */
  trusted: boolean;
  /** Set when trust or allow rules are suspended because the entry changed (servers:confirm). */
  suspended: string | null;
  /** For needs-approval servers: the request to show (permissions issue). */
  approval: ProjectApprovalView | null;
  /** Tools waiting for the user: listed after the baseline (`new`) or changed since accepted. */
  pendingTools?: { new: string[]; changed: string[] };
  /** A local server's sandbox: whether it runs in one, what it may do, what was refused. */
  sandbox?: SandboxView | null;
}

/** A local server's sandbox as the server page and `lena mcp doctor` show it. */
export interface SandboxView {
  /** on: runs sandboxed; off: the entry says `"sandbox": false`; unavailable: asked for, cannot run here. */
  state: 'on' | 'off' | 'unavailable';
  /** One sentence: "can write only to its working folder and a temporary folder of its own; no network". */
  summary: string;
  /** Hosts the sandbox's proxy refused, most recent last (from the server's log). */
  blocked: string[];
  /** State off because the user unticked "Run in the sandbox" when approving: when (ISO date). */
  choiceAt?: string;
  /** An npx/uvx entry: whether it fetches (cache writes, registry) or was pre-installed (offline). */
  runner?: {
    name: 'npx' | 'uvx';
    preinstalledAt: string | null;
    note: string;
    /** The command Pre-install runs once without the sandbox; null when Lena cannot tell. */
    preinstall: string | null;
  };
}

/** A remote server's sign-in, for the servers page and the title bar. */
export interface SignInStatus {
  /** required: a 401 and no usable token; failed: a sign-in step failed (see `step`). */
  state: 'required' | 'signed-in' | 'failed';
  account?: string;
  /** discovery, registration, consent, token, refresh, scope… */
  step?: string;
}

/** One field of a project entry that differs from what the user last decided on. */
export interface EntryChange {
  /** `command`, `args[1]`, `env.TOKEN`, `url`… */
  where: string;
  /** As shown then (credentials masked); null when the field is new. */
  before: string | null;
  /** As shown now; null when the field was removed. */
  after: string | null;
}

/** What the user decided on this server before its entry changed, and what changed since. */
export interface EarlierDecision {
  decision: 'approved' | 'rejected';
  /** When (ISO 8601). */
  at: string;
  /** The changed fields; null when the decision was recorded without the entry (an older version). */
  changes: EntryChange[] | null;
}

export interface ProjectApprovalView {
  /** Set when the user decided on an earlier version of this entry: what changed since. */
  earlier?: EarlierDecision | null;
  name: string;
  command: string | null;
  args: string[];
  cwd: string | null;
  envNames: string[];
  url: string | null;
  headerNames: string[];
  risks: { pattern: string; message: string }[];
  entryHash: string;
  /** Each argument, env value and header template in full, split at its `${…}` references. */
  argFields: ApprovalFieldView[];
  env: ApprovalFieldView[];
  headers: ApprovalFieldView[];
  urlField: ApprovalFieldView | null;
  /** The whole `oauth` block of a remote entry, field by field, each file or variable it reads flagged. */
  oauth: ApprovalFieldView[];
  /** The entry's other fields it sets (`type`, `timeout`, `startupTimeout`, `disabled`, `protocol`). */
  options: ApprovalFieldView[];
  /** Fields Lena does not know and never reads, shown so nothing in the entry is hidden. */
  ignored: ApprovalFieldView[];
  /** Every secret and variable the entry references; the user grants each one by one. */
  references: ApprovalReferenceView[];
  /** The sandbox a local server will run under; null for a remote server. */
  sandbox: ApprovalSandboxView | null;
}

/** The sandbox policy an approved project server runs under, said before approval. */
export interface ApprovalSandboxView {
  /** default: the entry has no `sandbox` field; own: its own policy; off: `"sandbox": false`. */
  policy: 'default' | 'own' | 'off';
  /** One sentence; an entry's own policy with every list it sets in full. */
  summary: string;
  /** The entry has no `sandbox` field: the user may untick "Run in the sandbox" when approving. */
  optional: boolean;
}

/** One piece of a template: literal text (`ref` null) or a `${…}` reference (`ref` its grant key). */
export interface TemplatePart {
  text: string;
  ref: string | null;
}

/** A field of the entry as the approval shows it. */
export interface ApprovalFieldView {
  /** `env.NAME`, `headers.NAME`, `args[2]`, `url`, `oauth.NAME`, `timeout`. */
  where: string;
  /** The variable or header name (empty for arguments and the URL). */
  name: string;
  parts: TemplatePart[];
  /**
   * When literal text in it looks like a credential: the field with that text masked, shown until
   * the user presses Reveal. Null when nothing needs masking.
   */
  masked: string | null;
  /** A risk found in this field (a loader variable), said before approval. */
  risk: string | null;
}

/** A referenced secret or variable, with where its value would come from. */
export interface ApprovalReferenceView {
  /** What is granted (and what `lena mcp approve --grant` takes): `secret:NAME` or `NAME`. */
  key: string;
  /** As written, e.g. `${secret:gh-token}`. */
  token: string;
  kind: 'secret' | 'variable';
  /** In words: "Lena's secret store", "environment variable PORT, else the default "8080"". */
  source: string;
  where: string[];
  /** Granted with an earlier approval of this exact entry. */
  granted: boolean;
  /** Set when Lena never passes it (the Anthropic API key): it cannot be granted. */
  blocked: string | null;
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
  /**
   * Accepted-definition status: `changed` (since accepted) and `new` (since the server's baseline)
   * tools are not offered to Claude until accepted; `rejected` ones stay out.
   */
  pin: 'unpinned' | 'pinned' | 'changed' | 'new' | 'rejected';
  /** MCP Apps: the tool's view and visibility (`_meta.ui`); absent for a plain tool. An app-only tool is never sent to the model. */
  app?: AppToolInfo;
}

export interface ProtocolLogRow {
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

/** A server's own log message (notifications/message), or Lena's note about that server. */
export interface ServerLogMessage {
  time: number;
  source: 'server' | 'client';
  level: 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
  logger: string | null;
  text: string;
}

export interface ServerLogs {
  name: string;
  stderrTail: string;
  protocol: ProtocolLogRow[];
  /** The server's log messages, oldest first (the level asked for is `logLevel`). */
  messages?: ServerLogMessage[];
  logLevel?: ServerLogMessage['level'];
}

export interface TestConnectionResult {
  ok: boolean;
  durationMs: number;
  serverInfo: Implementation | null;
  protocolVersion: string | null;
  toolCount: number;
  tools: string[];
  error: ServerError | null;
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

/** What a server may ask of Lena, as set on its page: its folders (roots) and sampling review. */
export interface ServerAsksView {
  name: string;
  /** The open project folder, a root when set and shared. */
  projectFolder: string | null;
  /** "Share the project folder": the open project is among this server's roots (on unless withdrawn). */
  shareProject: boolean;
  /** The server's own folders, besides the project (absolute paths). */
  roots: string[];
  /** "always": sampling requests go to Claude without review (the answer is still shown). */
  sampling: 'ask' | 'always';
  /** What this server's sampling requests have used of the user's key, since `since` (null: none yet). */
  samplingUsage?: {
    requests: number;
    inputTokens: number;
    outputTokens: number;
    since: number;
  } | null;
}
