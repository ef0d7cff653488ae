// Plain data types of the permission gate (core side). What crosses to the window is in
// `shared/permission-types.ts`; `view.ts` converts.
import type { PermissionDecisionKind } from '../../../shared/permission-types';
import type { ArgSpec } from './arg-match';

/** The three rule lists, in precedence order deny > ask > allow. */
export type RuleList = 'allow' | 'ask' | 'deny';

/** Where a rule came from; reported in the audit ("rule deny mcp__fs (project)"). */
export type RuleScope = 'user' | 'project' | 'session' | 'cli';

/** One stored rule. `identity` binds an allow rule to the server entry it was written for. */
export interface RuleEntry {
  /**
   * `mcp__SERVER`, `mcp__SERVER__*` or `mcp__SERVER__TOOL` (qualified names as the model sees
   * them), the last with optional conditions: `mcp__fs__write_file(path:~/notes/**)`.
   */
  rule: string;
  /** A settings rule object's conditions, by parameter or JSON Pointer: `{"path": {"under": "~/notes"}}`. */
  args?: Record<string, ArgSpec>;
  /** Hash of the server's launch entry when the rule was written; absent for hand-written rules. */
  identity?: string;
  /** Original server and tool names, shown beside the rule in settings. */
  server?: string;
  tool?: string;
  addedAt?: string;
}

export interface PermissionLists {
  allow: RuleEntry[];
  ask: RuleEntry[];
  deny: RuleEntry[];
}

/** A trusted server (user scope only), bound to the entry hash it was trusted with. */
export interface TrustEntry {
  identity: string;
  trustedAt?: string;
}

/** What the user scope persists (the settings store keeps it under `permissions` and `trusted`). */
export interface PermissionState {
  permissions: PermissionLists;
  /** Keyed by the server's configured name. */
  trusted: Record<string, TrustEntry>;
  /** "Run read-only tools of trusted servers without asking" (default on). */
  autoApproveReadOnlyTrusted: boolean;
}

/**
 * A server as it is configured right now: its name plus a hash of its launch entry.
 * `source: 'project'` marks an entry from a project's `.mcp.json` (it may shadow a user entry).
 */
export interface ServerIdentity {
  name: string;
  hash: string;
  source?: 'user' | 'project';
  /** The identity an earlier version gave this entry (command, args, cwd, url): old records are re-bound by it. */
  legacyHash?: string;
  /** A project entry that replaces a user entry of the same name. */
  shadowsUser?: boolean;
}

export interface ToolAnnotationsLike {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** The parts of a tool definition the gate looks at (structurally an MCP `Tool`). */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  annotations?: ToolAnnotationsLike;
  /** MCP Apps reads `_meta.ui` (view, visibility) and the view hash Lena records there. */
  _meta?: Record<string, unknown>;
}

/** One tool call on its way to the gate. */
export interface ToolCallRequest {
  conversationId: string;
  /** The model's tool_use id, carried to the dialog so the window can tie it to the message. */
  toolUseId?: string;
  /** Qualified name as the model sees it, e.g. `mcp__fs__read_text_file`. */
  qualifiedName: string;
  /** Original (configured) server name and the tool's own name. */
  serverName: string;
  toolName: string;
  identity: ServerIdentity;
  tool: ToolDefinition;
  arguments: unknown;
  /** MCP Apps: the call comes from the tool's view on the card `toolUseId`, not from the model. */
  origin?: 'view';
}

export type RuleOutcome = 'allow' | 'deny' | 'ask';

/** The answers a dialog can give. */
export type DecisionKind = PermissionDecisionKind;

export interface Answer {
  kind: DecisionKind;
  /** Shown to the model in the error result of a denied call. */
  reason?: string;
  /** The second, explicit confirmation "always allow" needs for a destructive tool or a whole server. */
  confirmed?: boolean;
  /** `always-allow-when`: the rule text to store (this tool, with conditions). */
  rule?: string;
}

/** One field of a tool definition that changed since it was pinned. */
export interface DefinitionChange {
  field: 'name' | 'title' | 'description' | 'inputSchema' | 'annotations' | 'view';
  before: unknown;
  after: unknown;
}

export interface Held {
  reason: string;
  diff: DefinitionChange[];
}

/** The record stored with each tool call. */
export interface AuditRecord {
  decision: 'allow' | 'deny';
  decidedBy: string;
  at: string;
}
