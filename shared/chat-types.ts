// Conversations, messages and the streaming events of a turn, as stored by core and shown by the
// window. Content blocks follow Anthropic's Messages API shapes.

export type Role = 'user' | 'assistant';

/** Anthropic content blocks, kept structural (text, image, document, tool_use, tool_result…). */
export type ContentBlock = { type: string; [key: string]: unknown };

export type MessageStatus = 'complete' | 'streaming' | 'incomplete' | 'superseded';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
}

export interface ChatMessage {
  id: string;
  conversationId: string;
  role: Role;
  content: ContentBlock[];
  status: MessageStatus;
  createdAt: number;
  seq: number;
  stopReason: string | null;
  usage: Usage | null;
  /** A problem to show under the message (API error, interrupted stream). */
  error: ChatErrorInfo | null;
  /** Set when a server's prompt inserted this message (the window marks it as the server's). */
  origin?: MessageOrigin | null;
}

/**
 * Where an inserted message came from: a server's prompt the user ran (issue 22), or the result of
 * a task that finished after its turn had ended (issue 19, "Continue with the result"), sent to the
 * model as a new turn under a fresh tool_use id.
 */
export type MessageOrigin = PromptOrigin | TaskResultOrigin | ViewOrigin;
export interface PromptOrigin {
  kind: 'prompt';
  server: string;
  prompt: string;
}
/** MCP Apps: a message a tool's view wrote (ui/message), sent as the user's after they approved it. */
export interface ViewOrigin {
  kind: 'view';
  server: string;
  tool: string;
  /** The card whose view wrote it. */
  toolUseId: string;
}
export interface TaskResultOrigin {
  kind: 'task-result';
  server: string;
  tool: string;
  /** The call whose result this is (its card stays where the model asked for it). */
  toolUseId: string;
}

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
  decision: string | null;
  decidedBy: string | null;
  startedAt: number | null;
  endedAt: number | null;
  durationMs: number | null;
}

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  model: string | null;
  messageCount: number;
  /** This conversation's own tool switches (issue 16); absent = the global switches. */
  tools?: ConversationTools;
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

export interface SearchHit {
  conversationId: string;
  conversationTitle: string;
  messageId: string;
  snippet: string;
  createdAt: number;
}

export interface ChatErrorInfo {
  kind:
    | 'auth'
    | 'rate-limit'
    | 'overloaded'
    | 'context'
    | 'network'
    | 'interrupted'
    | 'max-rounds'
    | 'api'
    | 'no-key'
    /** The turn ended for a reason other than a finished answer (stop reasons). */
    | 'refusal'
    | 'max-tokens'
    | 'stop-sequence'
    | 'paused'
    | 'unknown-stop';
  message: string;
  /** What the user can do: a button in the UI. */
  action?:
    | 'open-settings'
    | 'retry'
    | 'new-conversation-with-summary'
    | 'continue'
    | 'edit-or-switch-model';
  retryAfterSeconds?: number;
  /** This partial answer was replaced by a retry after the stream broke: shown, never sent again. */
  retried?: boolean;
  /** What the API said about the stop (a refusal's category and explanation, the stop sequence…). */
  details?: {
    category?: string | null;
    explanation?: string | null;
    stopSequence?: string | null;
    stopReason?: string;
    requestTokens?: number;
    limitTokens?: number;
  };
  /** Other ways out the window offers next to `action` (context overflow: drop old tool results). */
  alternatives?: Array<'new-conversation-with-summary' | 'drop-old-tool-results'>;
}

export interface Attachment {
  kind: 'image' | 'text' | 'resource';
  name: string;
  mimeType: string;
  /** base64 for images (and resource blobs), UTF-8 text for text files. */
  data: string;
  /** kind 'resource': an MCP resource, read from `server` (issue 22). */
  server?: string;
  uri?: string;
  /** kind 'resource': `data` is the base64 of a blob. */
  blob?: boolean;
}

/** Events of a running turn, streamed to the window as `chat:progressed`. */
export type ChatEvent =
  | { type: 'turn-started'; conversationId: string; turnId: string }
  | { type: 'message-saved'; conversationId: string; message: ChatMessage }
  | { type: 'text-delta'; conversationId: string; messageId: string; index: number; text: string }
  /** Thinking as it streams (shown collapsed). */
  | {
      type: 'thinking-delta';
      conversationId: string;
      messageId: string;
      index: number;
      thinking: string;
    }
  | {
      type: 'tool-input-delta';
      conversationId: string;
      messageId: string;
      toolUseId: string;
      partialJson: string;
    }
  | { type: 'tool-call-updated'; conversationId: string; call: ToolCallView }
  | { type: 'usage'; conversationId: string; usage: Usage }
  | {
      type: 'turn-ended';
      conversationId: string;
      turnId: string;
      stopReason: string | null;
      error: ChatErrorInfo | null;
    }
  | { type: 'conversation-updated'; conversation: ConversationSummary }
  /** Something the user should know about this turn's request (an image left out, max_tokens lowered). */
  | { type: 'notice'; conversationId: string; message: string }
  /** The tools of one request: loaded and deferred (tools at scale), estimated tokens. */
  | ({ type: 'request-tools'; conversationId: string } & RequestToolsInfo);

/** What one request's tools cost: deferral engaged or not, Anthropic's search ('native') or Lena's ('client'). */
export interface RequestToolsInfo {
  engaged: boolean;
  mode: 'native' | 'client' | null;
  loaded: number;
  deferred: number;
  /** Estimated tokens of the loaded definitions plus the search tool. */
  tokens: number;
  /** Estimated tokens of sending every definition. */
  allTokens: number;
}

/** A model as the picker shows it: from the Models API (or Lena's built-in table offline). */
export interface ModelOption {
  id: string;
  displayName: string;
  /** Most output tokens one answer may have (the max_tokens ceiling). */
  maxOutputTokens: number;
  /** The context window. */
  maxInputTokens: number;
  /** Thinking modes the model accepts ('adaptive', 'enabled', 'disabled'); empty when unknown. */
  thinking: string[];
  /** Effort levels the model lists; empty when it has no effort control. */
  effort: string[];
  source: 'models-api' | 'built-in';
}

export interface TokenBudget {
  model: string;
  totalToolTokens: number;
  perServer: { server: string; tokens: number; toolCount: number }[];
  lastTurn: Usage | null;
  /** True when counted by the API's count_tokens endpoint; false for an estimate. */
  exact: boolean;
}
