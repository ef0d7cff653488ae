// The streaming events of a running turn (`chat:progressed`) and what one request's tools cost.
import type { TurnMeter } from './meter';
import type { ConversationSummary } from './conversations';
import type { ChatMessage, Usage } from './messages';
import type { ErrorInfo } from '../result';
import type { TurnStop } from './stops';
import type { ToolCallView } from './tool-calls';

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
      /** The turn failed: what and why, with the action that fixes it. */
      error: ErrorInfo | null;
      /** The turn ended without a finished answer (never together with an error). */
      stop: TurnStop | null;
      /** The turn's usage and cost (issue 36); absent when no request was sent. */
      meter?: TurnMeter;
    }
  | { type: 'conversation-updated'; conversation: ConversationSummary }
  /** Deleted (moved to the bin) in some window: every window's list lets it go. */
  | { type: 'conversation-removed'; conversationId: string }
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
