// Conversations: their summaries, their own tool switches, branches, pages of older messages,
// search hits.
import type { ChatMessage } from './messages';
import type { ToolCallView } from './tool-calls';
import type { ConversationMeter } from './meter';

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  model: string | null;
  messageCount: number;
  /** This conversation's own tool switches (issue 16); absent = the global switches. */
  tools?: ConversationTools;
  /** Usage and cost of its turns so far (issue 36); absent before its first turn. */
  meter?: ConversationMeter;
  /** The project folder it belongs to; null = no project. */
  project?: string | null;
  /** Pinned on top of the list (issue 48); absent = not pinned. */
  pinned?: boolean;
  /** Archived: out of the list, still found by search (issue 48); absent = not archived. */
  archived?: boolean;
}

/**
 * A conversation's own tool switches over the global ones on the servers page, which stay the
 * defaults: a server switched off sends none of its tools; a tool's entry overrides its global switch.
 */
export interface ConversationTools {
  /** Servers switched off in this conversation. */
  offServers: string[];
  /** Qualified tool name → on or off in this conversation; absent = the global switch. */
  tools: Record<string, boolean>;
  /** Skills (by the name the model loads them with) switched off in this conversation. */
  offSkills?: string[];
}

/** A message that starts a branch (after Edit or Regenerate): it is branch `index` (1-based) of `count` (issue 16). */
export interface BranchInfo {
  index: number;
  count: number;
  /** The first message of each branch, oldest first (switch to one with chat:switch-branch). */
  siblings: string[];
}

export interface Conversation extends ConversationSummary {
  messages: ChatMessage[];
  toolCalls: ToolCallView[];
  /** True when older messages exist before `messages[0]` (load them with conversations:messages). */
  hasOlder?: boolean;
  /** Messages of the current branch that have kept alternatives, by message id (issue 16). */
  branches?: Record<string, BranchInfo>;
}

/** A page of older messages of a conversation (conversations:messages). */
export interface MessagePage {
  messages: ChatMessage[];
  toolCalls: ToolCallView[];
  hasOlder: boolean;
}

/** The largest conversation file an import reads (UTF-8 bytes); the window checks before reading. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;

export interface SearchHit {
  conversationId: string;
  conversationTitle: string;
  messageId: string;
  snippet: string;
  createdAt: number;
}
