// How a turn ended when the API answered but the answer is not simply finished. A stop is not an
// error: Claude declined, the answer hit its token limit or the context window, a server-tool turn
// paused, a stop sequence matched, or the API gave a reason Lena does not know. Errors (the request
// failed) are ErrorInfo (shared/result.ts); a turn carries one or the other.

/** Which stop: the window picks its title and buttons by kind. */
export type StopKind =
  'refusal' | 'max-tokens' | 'context-window' | 'stop-sequence' | 'paused' | 'unknown';

export interface TurnStop {
  kind: StopKind;
  /** The API's stop_reason (`refusal`, `max_tokens`, `model_context_window_exceeded`…). */
  stopReason: string;
  /** What happened and what the user can do, in words. */
  message: string;
  /** refusal: the API's category and explanation, when it gave them. */
  category?: string | null;
  explanation?: string | null;
  /** stop-sequence: the sequence that matched. */
  stopSequence?: string | null;
  /** max-tokens: the per-answer limit the answer hit. */
  limitTokens?: number;
  /** context-window: the tokens the request held. */
  requestTokens?: number;
}
