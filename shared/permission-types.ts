// The permission dialog's data and the user's decisions (chat engine gate + permissions issue).
import type { ToolAnnotations } from './mcp-types';

export type PermissionDecisionKind =
  | 'allow-once'
  | 'allow-conversation'
  | 'deny'
  | 'always-allow-tool'
  | 'always-allow-when'
  | 'always-allow-server'
  | 'always-deny-tool';

export interface PermissionAnswer {
  id: string;
  decision: PermissionDecisionKind;
  reason?: string;
  /** Required for "always allow" on a destructive tool: the second, explicit confirmation. */
  confirmed?: boolean;
  /** `always-allow-when`: the rule to store, `mcp__SERVER__TOOL(PARAM:PATTERN…)` for this tool. */
  rule?: string;
}

export interface FlaggedText {
  index: number;
  codePoint: string;
  category: 'zero-width' | 'bidi' | 'ansi' | 'control' | 'tag' | 'phrase';
  label: string;
}

export interface PermissionRequestView {
  id: string;
  conversationId: string;
  toolUseId: string;
  server: string;
  tool: string;
  qualifiedName: string;
  title: string | null;
  /** The full description with invisible characters replaced by visible markers. */
  description: string;
  descriptionFindings: FlaggedText[];
  /** The complete arguments, pretty-printed, with markers for invisible characters. */
  argumentsText: string;
  argumentFindings: FlaggedText[];
  hints: ToolAnnotations;
  /** False when the hints come from a server the user has not trusted. */
  hintsTrusted: boolean;
  destructive: boolean;
  /** The rule that would apply, in words ("none matched → asking"). */
  rule: string;
  /** Set when the tool's definition changed since it was pinned. */
  held: { reason: string; changes: string[] } | null;
  /** MCP Apps: set when the call comes from the tool view on the card `toolUseId`, not from the model (say so in the dialog). */
  origin?: 'view';
  offered: PermissionDecisionKind[];
  /**
   * The rule "Always allow when…" starts from, made from this call's scalar arguments (a path
   * argument as its folder): `mcp__fs__write_file(path:~/notes/**)`. Null when not offered.
   */
  whenRule: string | null;
  /** Offered answers that need a second, explicit confirmation (`confirmed: true`). */
  needsConfirmation: PermissionDecisionKind[];
  /** What the server's sandbox lets it do ("sandboxed: can write only to …, no network"); null when none. */
  sandbox: string | null;
  createdAt: number;
  /** Position in the queue (1-based) and queue length, for "1 of 3". */
  position: number;
  queueLength: number;
}

/** What the gate decides for a call, without asking anyone (the rule tester, a rule's preview). */
export interface RuleCheckView {
  /** Null when nothing could be decided: `error` says why (a malformed rule, bad arguments). */
  decision: 'allow' | 'ask' | 'deny' | null;
  /** The deciding rule as core records it: "rule allow mcp__fs__write_file(path:~/notes/**) (user)". */
  decidedBy: string;
  error: string | null;
}

/**
 * A Claude Code permission entry for an MCP tool, offered as a rule the user may accept: from
 * ~/.claude/settings.json (`user`) or the open project's .claude/settings(.local).json.
 */
export interface ClaudeSuggestion {
  list: 'allow' | 'ask' | 'deny';
  rule: string;
  source: 'user' | 'project' | 'project-local';
  file: string;
  /** Why it cannot be accepted (the parse error with its column, hidden characters); null when it can. */
  error: string | null;
  /** Already one of Lena's own rules in the same list. */
  present: boolean;
}

export interface PermissionRuleView {
  list: 'allow' | 'ask' | 'deny';
  rule: string;
  /** A settings rule object's conditions (`{"path": {"under": "~/notes"}}`); null for a text rule. */
  args: Record<string, unknown> | null;
  /** Which calls the rule covers, in words: "write_file (fs) when path matches ~/notes/**". */
  matches: string;
  scope: 'user' | 'project';
  server: string | null;
  tool: string | null;
  /** Suspended when the server's entry changed since the rule was made. */
  suspended: boolean;
}
