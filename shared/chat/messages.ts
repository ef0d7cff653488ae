// Conversations' messages as core stores them and the window shows them: roles, Anthropic content
// blocks (kept structural), usage, where an inserted message came from, and what the user attaches.
import type { ErrorInfo } from '../result';
import type { TurnStop } from './stops';

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
  error: ErrorInfo | null;
  /** How the answer stopped when it did not simply finish (refusal, max tokens…); absent = none. */
  stop?: TurnStop | null;
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

export interface Attachment {
  kind: 'image' | 'text' | 'pdf' | 'resource';
  name: string;
  mimeType: string;
  /** base64 for images and PDFs (and resource blobs), UTF-8 text for text files. */
  data: string;
  /** kind 'image': its pixel size, read when attached (for the token estimate). */
  width?: number;
  height?: number;
  /** kind 'pdf': its page count, read from its bytes when attached. */
  pages?: number;
  /** kind 'resource': an MCP resource, read from `server` (issue 22). */
  server?: string;
  uri?: string;
  /** kind 'resource': `data` is the base64 of a blob. */
  blob?: boolean;
}
